package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import actor.api.routing.Router;
import actor.api.routing.Routing;
import actor.blackbox.RouterTest.Recorder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Consistent hashing's promise: when a routee leaves the set, only the keys it owned move. Checked
 * for a routee the router finds terminated and drops, and for a router built without it, over
 * random routee counts, virtual nodes, keys and routee hash codes (drawn from a small range, so
 * that routees with equal hash codes, whose points coincide, come up too).
 */
class ConsistentHashingPropertiesTest {

    @Provide
    Arbitrary<List<String>> keys() {
        return Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6).list().ofMinSize(1).ofMaxSize(200);
    }

    /** The routee each key goes to: one message per key, the key itself, sent through {@code router}. */
    private static List<Recorder<String>> route(Router<String> router, List<Recorder<String>> routees, List<String> keys) {
        routees.forEach(r -> r.got.clear());
        keys.forEach(router::send);
        final Map<String, Recorder<String>> owner = new HashMap<>();
        for (Recorder<String> routee : routees) {
            for (String key : routee.got) {
                assertSame(owner.getOrDefault(key, routee), routee, "equal keys, one routee");
                owner.put(key, routee);
            }
        }
        return keys.stream().map(owner::get).toList();
    }

    @Property(tries = 300)
    void removingARouteeMovesOnlyTheKeysItOwned(@ForAll @IntRange(min = 2, max = 12) int n,
                                                @ForAll @IntRange(min = 1, max = 150) int virtualNodes,
                                                @ForAll @Size(12) List<@IntRange(min = 0, max = 20) Integer> hashes,
                                                @ForAll("keys") List<String> keys,
                                                @ForAll @IntRange(min = 0, max = 11) int removedAt) {
        final List<Recorder<String>> routees = IntStream.range(0, n).mapToObj(i -> new Recorder<String>(hashes.get(i))).toList();
        final Recorder<String> removed = routees.get(removedAt % n);
        final Routing<String> routing = Routing.consistentHashing(virtualNodes, key -> key);
        final Router<String> router = Router.group(routees, routing);
        final List<Recorder<String>> before = route(router, routees, keys);

        removed.terminated = true;
        final List<Recorder<String>> after = route(router, routees, keys);
        final List<Recorder<String>> rest = new ArrayList<>(routees);
        rest.remove(removed);
        final List<Recorder<String>> rebuilt = route(Router.group(rest, routing), rest, keys);

        for (int k = 0; k < keys.size(); k++) {
            if (before.get(k) == removed) {
                assertNotSame(removed, after.get(k), "a key of the removed routee moved off it");
            } else {
                assertSame(before.get(k), after.get(k), "key " + keys.get(k) + " moved, but its routee stayed");
            }
            assertSame(rebuilt.get(k), after.get(k), "the router that dropped it routes as one built without it");
        }
        if (before.contains(removed)) {
            assertEquals(rest, router.routees(), "a routee is dropped once a message is routed to it");
        }
    }

    @Property(tries = 100)
    void routeesWithTheSameHashCodesGetTheSameKeys(@ForAll @IntRange(min = 1, max = 8) int n,
                                                   @ForAll("keys") List<String> keys) {
        final List<Recorder<String>> first = RouterTest.recorders(n);
        final List<Recorder<String>> second = RouterTest.recorders(n);
        final List<Recorder<String>> one = route(Router.group(first, Routing.consistentHashing(key -> key)), first, keys);
        final List<Recorder<String>> other = route(Router.group(second, Routing.consistentHashing(key -> key)), second, keys);
        assertEquals(one.stream().map(r -> r.id).toList(), other.stream().map(r -> r.id).toList());
    }
}
