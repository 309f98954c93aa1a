package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PolicyTest {

    @Test
    void rulesAreSwitchedOffAndOnInOrder() {
        assertEquals(EnumSet.of(Policy.Rule.FOLLOW, Policy.Rule.PULL), Policy.parse("follow=off, pull=off"));
        assertEquals(EnumSet.of(Policy.Rule.PULL), Policy.parse("follow=off,pull=off,follow=on"));
        assertEquals(EnumSet.complementOf(EnumSet.of(Policy.Rule.ADOPT)), Policy.parse("all=off,adopt=on"));
        assertEquals(EnumSet.noneOf(Policy.Rule.class), Policy.parse(" "));
        assertEquals(EnumSet.of(Policy.Rule.FEEDER_PUSH), Policy.parse("FEEDER-PUSH=OFF"));
    }

    @Test
    void everyRuleHasItsOwnName() {
        final Set<String> keys = new HashSet<>();
        for (Policy.Rule rule : Policy.Rule.values()) {
            assertTrue(keys.add(rule.key), "duplicate " + rule.key);
            assertEquals(rule, Policy.Rule.byKey(rule.key));
            assertEquals(EnumSet.of(rule), Policy.parse(rule.key + "=off"));
        }
    }

    @Test
    void badValuesNameTheProblemAndTheRules() {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Policy.parse("folow=off"));
        assertTrue(unknown.getMessage().contains("no rule is named 'folow'"), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("follow"), unknown.getMessage());
        assertTrue(unknown.getMessage().startsWith(Policy.PROPERTY + "=folow=off"), unknown.getMessage());
        final IllegalArgumentException notASwitch = assertThrows(IllegalArgumentException.class,
                () -> Policy.parse("follow=no"));
        assertTrue(notASwitch.getMessage().contains("'follow=no' is not rule=off or rule=on"), notASwitch.getMessage());
        final IllegalArgumentException badSeed = assertThrows(IllegalArgumentException.class,
                () -> Policy.parse("random:x"));
        assertTrue(badSeed.getMessage().contains("seed"), badSeed.getMessage());
    }

    @Test
    void aRandomPolicyIsReproducibleFromItsSeedAndVaries() {
        assertEquals(Policy.parse("random:42"), Policy.parse("random:42"));
        final Set<Set<Policy.Rule>> seen = new HashSet<>();
        for (int seed = 0; seed < 16; seed++) {
            seen.add(Policy.parse("random:" + seed));
        }
        assertTrue(seen.size() > 8, "16 seeds gave " + seen.size() + " policies");
        assertNotEquals(EnumSet.noneOf(Policy.Rule.class), Policy.parse("random:7"));
    }

    @Test
    void describeListsTheRulesOffInTheFormTheyParseFrom() {
        final Set<Policy.Rule> off = EnumSet.of(Policy.Rule.RESCUE, Policy.Rule.WATCH);
        assertEquals("rescue=off,watch=off", Policy.describe(off));
        assertEquals(off, Policy.parse(Policy.describe(off)));
        assertEquals("none", Policy.describe(EnumSet.noneOf(Policy.Rule.class)));
    }

    @Test
    void theEstimatesSamplingPeriodMustBeAPowerOfTwo() throws Exception {
        final var components = Policy.Tunables.class.getRecordComponents();
        final Class<?>[] types = new Class<?>[components.length];
        final Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().equals("estimateSampleEveryBatches")
                    ? (Object) 48 : components[i].getAccessor().invoke(Policy.TUNABLES);
        }
        final var constructor = Policy.Tunables.class.getDeclaredConstructor(types);
        final Throwable thrown = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> constructor.newInstance(values)).getCause();
        assertTrue(thrown instanceof IllegalArgumentException && thrown.getMessage().contains("48"), thrown.toString());
        assertEquals(1, Integer.bitCount(Policy.TUNABLES.estimateSampleEveryBatches()));
    }
}
