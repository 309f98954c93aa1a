package actor.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.cluster.ClusterEvent;
import actor.cluster.ClusterEvent.MemberDown;
import actor.cluster.ClusterEvent.MemberReachable;
import actor.cluster.ClusterEvent.MemberRemoved;
import actor.cluster.ClusterEvent.MemberUnreachable;
import actor.cluster.ClusterEvent.MemberUp;
import actor.cluster.ClusterEvent.QuorumLost;
import actor.cluster.ClusterEvent.QuorumRegained;
import actor.cluster.Member;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The membership state machine and its downing rule, driven by hand: views, memberships received,
 * join requests and the clock in, decisions and events out.
 */
class MembershipTest {

    private static final long DOWN_AFTER = 1_000_000_000L;
    private static final Member A = new Member("a", "localhost:40001", 11);
    private static final Member B = new Member("b", "localhost:40002", 22);
    private static final Member C = new Member("c", "localhost:40003", 33);
    private static final Member D = new Member("d", "localhost:40004", 44);
    private static final Member E = new Member("e", "localhost:40005", 55);

    /** Records what the state machine does. */
    static final class Recorder implements Membership.Output {
        final List<Agreed> multicast = new ArrayList<>();
        final List<ClusterEvent> events = new ArrayList<>();
        int joinRequests;
        Agreed installed;
        boolean active;

        @Override
        public void multicast(Agreed agreed) {
            multicast.add(agreed);
        }

        @Override
        public void requestJoin() {
            joinRequests++;
        }

        @Override
        public void event(ClusterEvent event) {
            events.add(event);
        }

        @Override
        public void installed(Agreed agreed, boolean acting) {
            installed = agreed;
            active = acting;
        }

        List<ClusterEvent> takeEvents() {
            final List<ClusterEvent> taken = List.copyOf(events);
            events.clear();
            return taken;
        }
    }

    private static Agreed agreed(long epoch, Member... members) {
        return new Agreed(epoch, List.of(members), List.of());
    }

    /** A member of the agreed membership {@code members} (epoch 1), all in its view. */
    private static Membership memberOf(Member self, Recorder out, Member... members) {
        final Membership membership = new Membership(self, 1, DOWN_AFTER, out);
        membership.view(List.of(members), 0);
        membership.agreed(agreed(1, members), 0);
        out.takeEvents();
        out.multicast.clear();
        return membership;
    }

    @Test
    void theFirstMemberFormsTheClusterOnceTheInitialMembersAskedToJoin() {
        final Recorder out = new Recorder();
        final Membership a = new Membership(A, 3, DOWN_AFTER, out);
        a.view(List.of(A, B, C), 0);
        assertEquals(1, out.joinRequests, "a new member asks");
        a.joinRequest(B, 1);
        assertNull(a.agreed(), "c has not asked: it may be a member of a cluster already");
        a.joinRequest(C, 2);
        assertEquals(agreed(1, A, B, C), a.agreed());
        assertEquals(List.of(a.agreed()), out.multicast);
        assertEquals(List.of(new MemberUp(A), new MemberUp(B), new MemberUp(C)), out.takeEvents());
        assertTrue(out.active && a.active());
        a.tick(Membership.JOIN_RETRY_NANOS * 3);
        assertEquals(1, out.joinRequests, "a member never asks again");
    }

    @Test
    void tooFewNewMembersFormNothing() {
        final Recorder out = new Recorder();
        final Membership a = new Membership(A, 3, DOWN_AFTER, out);
        a.view(List.of(A, B), 0);
        a.joinRequest(B, 1);
        a.tick(DOWN_AFTER * 10);
        assertNull(a.agreed());
        assertFalse(a.active());
        assertTrue(out.joinRequests >= 2, "asks again while not admitted: " + out.joinRequests);
    }

    @Test
    void theMajoritySideDownsAnUnreachableMemberAfterTheDowningTimeAndNotBefore() {
        final Recorder out = new Recorder();
        final Membership a = memberOf(A, out, A, B, C);
        a.view(List.of(A, B), 100);
        assertEquals(List.of(new MemberUnreachable(C)), out.takeEvents());
        assertTrue(a.active(), "two of three: a majority");
        a.tick(100 + DOWN_AFTER - 1);
        assertEquals(agreed(1, A, B, C), a.agreed(), "not before the downing time");
        a.tick(100 + DOWN_AFTER);
        assertEquals(new Agreed(2, List.of(A, B), List.of(C)), a.agreed());
        assertEquals(List.of(a.agreed()), out.multicast.subList(out.multicast.size() - 1, out.multicast.size()));
        assertEquals(List.of(new MemberDown(C), new MemberRemoved(C)), out.takeEvents());
        assertEquals(List.of(A, B), out.installed.members());
    }

    @Test
    void aMemberBackBeforeTheDowningTimeStays() {
        final Recorder out = new Recorder();
        final Membership a = memberOf(A, out, A, B, C);
        a.view(List.of(A, B), 0);
        a.tick(DOWN_AFTER / 2);
        a.view(List.of(A, B, C), DOWN_AFTER / 2 + 1);
        a.tick(DOWN_AFTER * 3);
        assertEquals(agreed(1, A, B, C), a.agreed());
        assertEquals(List.of(new MemberUnreachable(C), new MemberReachable(C)), out.takeEvents());
    }

    @Test
    void onlyTheLeaderDecidesTheFirstMemberOfTheViewInTheMembership() {
        final Recorder out = new Recorder();
        final Membership b = memberOf(B, out, A, B, C);
        b.view(List.of(A, B), 0);
        b.tick(DOWN_AFTER * 2);
        assertEquals(agreed(1, A, B, C), b.agreed(), "a decides, b waits for its membership");
        b.agreed(new Agreed(2, List.of(A, B), List.of(C)), DOWN_AFTER * 2);
        assertEquals(List.of(new MemberUnreachable(C), new MemberDown(C), new MemberRemoved(C)), out.takeEvents());
        // a dies too: b is alone, one of two, and a minority: it downs nobody, it stops.
        b.view(List.of(B), DOWN_AFTER * 3);
        b.tick(DOWN_AFTER * 10);
        assertEquals(2, b.agreed().epoch());
        assertFalse(b.active());
        assertEquals(List.of(new MemberUnreachable(A), new QuorumLost(1, 2)), out.takeEvents());
        assertTrue(b.inactiveReason().contains("holds 1 of the 2 members"), b.inactiveReason());
    }

    @Test
    void aMinoritySideChangesNothingStopsAndResumesWhenTheMajorityIsBack() {
        final Recorder out = new Recorder();
        final Membership a = memberOf(A, out, A, B, C, D, E);
        a.view(List.of(A, B), 0);
        assertFalse(a.active(), "two of five");
        assertFalse(out.active);
        a.joinRequest(new Member("f", "localhost:40006", 66), 1);
        a.tick(DOWN_AFTER * 10);
        assertEquals(agreed(1, A, B, C, D, E), a.agreed(), "no downing, no admission without a majority");
        assertEquals(List.of(new MemberUnreachable(C), new MemberUnreachable(D), new MemberUnreachable(E),
                new QuorumLost(2, 5)), out.takeEvents());
        a.view(List.of(A, B, C), DOWN_AFTER * 11);
        assertTrue(a.active());
        // With a majority back, d and e, unreachable for longer than the downing time, are downed.
        assertEquals(List.of(new MemberReachable(C), new QuorumRegained(3, 5), new MemberDown(D), new MemberRemoved(D),
                new MemberDown(E), new MemberRemoved(E)), out.takeEvents());
        assertEquals(new Agreed(2, List.of(A, B, C), List.of(D, E)), a.agreed());
    }

    @Test
    void aRestartedNodeReplacesItsOldIncarnationAtOnce() {
        final Recorder out = new Recorder();
        final Membership a = memberOf(A, out, A, B, C);
        final Member restarted = new Member("c", "localhost:40003", 34);
        a.view(List.of(A, B, restarted), 10);
        a.joinRequest(restarted, 11);
        assertEquals(new Agreed(2, List.of(A, B, restarted), List.of(C)), a.agreed());
        assertEquals(List.of(new MemberUnreachable(C), new MemberDown(C), new MemberRemoved(C), new MemberUp(restarted)),
                out.takeEvents());
    }

    @Test
    void aMemberThatLearnsItWasDownedStopsForGoodAndNeverAsksToJoin() {
        final Recorder out = new Recorder();
        final Membership c = memberOf(C, out, A, B, C);
        final int asked = out.joinRequests;
        c.view(List.of(A, B, C), 0);
        c.agreed(new Agreed(2, List.of(A, B), List.of(C)), 1);
        assertEquals(List.of(new MemberDown(C), new MemberRemoved(C)), out.takeEvents());
        assertFalse(c.active());
        assertTrue(c.inactiveReason().contains("removed"), c.inactiveReason());
        c.view(List.of(A, B, C), 2);
        c.tick(DOWN_AFTER * 10);
        assertEquals(asked, out.joinRequests);
        c.agreed(agreed(1, A, B, C), 3);
        assertEquals(2, c.agreed().epoch(), "an older membership is ignored");
    }

    @Test
    void aMemberThatLeavesIsRemovedAtOnceNotDowned() {
        final Recorder out = new Recorder();
        final Membership a = memberOf(A, out, A, B, C);
        a.leaving(B, 5);
        assertEquals(new Agreed(2, List.of(A, C), List.of()), a.agreed());
        assertEquals(List.of(new MemberRemoved(B)), out.takeEvents());
    }

    @Test
    void membershipsTravelAsBytes() throws Exception {
        final Agreed agreed = new Agreed(7, List.of(C, A), List.of(B));
        final byte[] bytes = agreed.write();
        assertEquals(agreed, Agreed.read(new DataInputStream(new ByteArrayInputStream(bytes))));
        assertEquals(List.of(A, C), agreed.members(), "sorted");
    }
}
