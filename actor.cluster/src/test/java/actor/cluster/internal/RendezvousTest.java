package actor.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.cluster.Member;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The owner choice: the same owner whatever the order of the members and whatever their
 * incarnations; each member's share of the keys within bounds of the fair share; when a member
 * leaves only its keys move, and when one joins only keys move to it.
 */
class RendezvousTest {

    private static final int KEYS = 6000;

    private static List<Member> members(int count, long seed) {
        final Random random = new Random(seed);
        final List<Member> members = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            members.add(new Member("node-" + i, "localhost:" + (40000 + i), 1 + random.nextInt(1 << 30)));
        }
        return members;
    }

    private static Map<String, Member> owners(List<Member> members, String type) {
        final Map<String, Member> owners = new HashMap<>();
        for (int k = 0; k < KEYS; k++) {
            final String key = Rendezvous.key(type, "acc-" + k);
            owners.put(key, Rendezvous.owner(members, key));
        }
        return owners;
    }

    @Property(tries = 30, seed = "20250101")
    void theOwnerDependsOnTheMembersNamesOnly(@ForAll @IntRange(min = 1, max = 9) int count, @ForAll long seed) {
        final List<Member> members = members(count, seed);
        final List<Member> shuffled = new ArrayList<>(members);
        Collections.shuffle(shuffled, new Random(seed));
        final List<Member> restarted = members.stream().map(m -> new Member(m.name(), m.endpoint(), m.incarnation() + 1)).toList();
        for (int k = 0; k < 500; k++) {
            final String key = Rendezvous.key("account", "acc-" + seed + "-" + k);
            final Member owner = Rendezvous.owner(members, key);
            assertEquals(owner, Rendezvous.owner(shuffled, key));
            assertEquals(owner.name(), Rendezvous.owner(restarted, key).name(), "a restarted node owns its keys again");
        }
    }

    @Property(tries = 20, seed = "20250102")
    void eachMemberOwnsAFairShareWithinAFifthOfIt(@ForAll @IntRange(min = 2, max = 8) int count,
                                                    @ForAll @LongRange(min = 0, max = 1000) long seed) {
        final Map<Member, Integer> shares = new HashMap<>();
        owners(members(count, seed), "type-" + seed).values().forEach(owner -> shares.merge(owner, 1, Integer::sum));
        final double fair = (double) KEYS / count;
        assertEquals(count, shares.size(), "every member owns some");
        for (Map.Entry<Member, Integer> share : shares.entrySet()) {
            assertTrue(Math.abs(share.getValue() - fair) <= fair / 5, share + " of " + KEYS + ", fair " + fair);
        }
    }

    @Property(tries = 20, seed = "20250103")
    void whenAMemberLeavesOnlyItsKeysMoveAndWhenOneJoinsOnlyKeysToItMove(@ForAll @IntRange(min = 2, max = 8) int count,
                                                                           @ForAll @LongRange(min = 0, max = 1000) long seed) {
        final List<Member> members = members(count, seed);
        final Member leaver = members.get((int) (seed % count));
        final List<Member> without = new ArrayList<>(members);
        without.remove(leaver);
        final Map<String, Member> before = owners(members, "t");
        final Map<String, Member> after = owners(without, "t");
        int moved = 0;
        for (Map.Entry<String, Member> entry : before.entrySet()) {
            if (!entry.getValue().equals(leaver)) {
                assertEquals(entry.getValue(), after.get(entry.getKey()), "a key of a member that stayed moved");
            } else {
                moved++;
            }
        }
        assertTrue(moved > 0 && moved < KEYS, "the leaver's keys, and only them: " + moved);
        // The same change the other way: the member joins; only the keys it now owns move, all to it.
        for (Map.Entry<String, Member> entry : after.entrySet()) {
            final Member owner = before.get(entry.getKey());
            assertTrue(owner.equals(entry.getValue()) || owner.equals(leaver));
        }
    }

    @Test
    void noMembersNoOwnerAndTheKeyNamesTypeAndId() {
        assertEquals(null, Rendezvous.owner(List.of(), "account/acc-1"));
        assertEquals("account/acc-1", Rendezvous.key("account", "acc-1"));
        final Member only = new Member("a", "localhost:1", 1);
        assertEquals(only, Rendezvous.owner(List.of(only), "account/acc-1"));
    }
}
