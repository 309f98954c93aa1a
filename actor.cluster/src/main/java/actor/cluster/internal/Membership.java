package actor.cluster.internal;

import actor.cluster.ClusterEvent;
import actor.cluster.Member;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One member's membership state machine, and the downing rule. Its inputs are the views of the
 * engine (who is reachable, in join order), the agreed memberships, join requests and leave
 * notices other members send, and the time; its outputs go to an {@link Output}.
 *
 * <p>The rules, each in one place:
 * <ul>
 *   <li><b>Agreement.</b> Every member multicasts its agreed membership at each view change and
 *       adopts any newer one it receives ({@link Agreed#compareTo}): joiners and a new leader
 *       learn the current one, a side that was cut off learns what the majority decided.</li>
 *   <li><b>Leader.</b> The first member of the view (the oldest) that is in the agreed membership
 *       decides; every member computes the same one from the same view and membership.</li>
 *   <li><b>Quorum</b> ({@link #hasMajority}). A side acts only while it holds a strict majority of
 *       the last agreed membership: only then does its leader change the membership, and only then
 *       do its members host entities. Two disjoint sides cannot both hold a strict majority of one
 *       membership, and every change is made by a side that holds one, so the agreed memberships
 *       form one chain and at most one side acts at a time.</li>
 *   <li><b>Downing</b> ({@link #decide}). A member of the agreed membership out of the view for
 *       {@code downAfterNanos} is downed by the leader of the majority side; so is one whose node
 *       asks to join under the same name with a new incarnation (it restarted). A member that says
 *       it leaves is removed at once.</li>
 *   <li><b>Joining.</b> A member that was never in an agreed membership asks to join at each view
 *       change and every {@link #JOIN_RETRY_NANOS}; the leader of a majority side admits every one
 *       in its view. A member removed never asks again: its node must restart.</li>
 *   <li><b>Forming.</b> With no agreed membership anywhere in the view, the view's first member
 *       forms one of itself and the members that asked to join, once they are at least
 *       {@code initialMembers}.</li>
 * </ul>
 *
 * <p>Threading: confined to the cluster's membership thread.
 */
public final class Membership {

    /** How often a member not admitted asks again. */
    static final long JOIN_RETRY_NANOS = 500_000_000L;

    /** Where the state machine's decisions go. Called on the membership thread. */
    public interface Output {

        /** Multicasts {@code agreed} to the view. */
        void multicast(Agreed agreed);

        /** Asks the view's leader to admit this member. */
        void requestJoin();

        /** Publishes {@code event} to the subscribers. */
        void event(ClusterEvent event);

        /** The agreed membership or whether this member acts changed. */
        void installed(Agreed agreed, boolean active);
    }

    private final Member self;
    private final int initialMembers;
    private final long downAfterNanos;
    private final Output out;

    private Agreed agreed;
    private List<Member> view = List.of();
    private final Map<Member, Long> unreachableSince = new HashMap<>();
    private final Set<Member> joinRequests = new LinkedHashSet<>();
    private final Set<Member> leaving = new HashSet<>();
    private boolean everMember;
    private boolean removed;
    private boolean active;
    /** Whether this member's side held a majority at the last look; null while not a member. */
    private Boolean majority;
    private long nextJoinNanos;

    public Membership(Member self, int initialMembers, long downAfterNanos, Output out) {
        this.self = self;
        this.initialMembers = initialMembers;
        this.downAfterNanos = downAfterNanos;
        this.out = out;
    }

    /** A new view of the engine: the reachable members, oldest first (this one among them). */
    public void view(List<Member> members, long nowNanos) {
        view = List.copyOf(members);
        joinRequests.retainAll(view);
        if (agreed != null) {
            out.multicast(agreed);
        }
        if (!everMember) {
            nextJoinNanos = nowNanos + JOIN_RETRY_NANOS;
            out.requestJoin();
        }
        reachability(nowNanos);
        quorum();
        decide(nowNanos);
    }

    /** An agreed membership multicast by a member. */
    public void agreed(Agreed received, long nowNanos) {
        if (agreed == null || received.compareTo(agreed) > 0) {
            adopt(received, nowNanos);
            decide(nowNanos);
        }
    }

    /** {@code member} asks to join. */
    public void joinRequest(Member member, long nowNanos) {
        if (view.contains(member) && (agreed == null || !agreed.contains(member))) {
            joinRequests.add(member);
            decide(nowNanos);
        }
    }

    /** {@code member} leaves. */
    public void leaving(Member member, long nowNanos) {
        leaving.add(member);
        decide(nowNanos);
    }

    /** The clock: downs members unreachable long enough, asks to join again. */
    public void tick(long nowNanos) {
        if (!everMember && nowNanos - nextJoinNanos >= 0) {
            nextJoinNanos = nowNanos + JOIN_RETRY_NANOS;
            out.requestJoin();
        }
        decide(nowNanos);
    }

    /** {@return the agreed membership, or null before this member knows one} */
    public Agreed agreed() {
        return agreed;
    }

    /** {@return whether this member acts: it is in the agreed membership and its side holds a majority of it} */
    public boolean active() {
        return active;
    }

    /** {@return why this member does not act, or "" if it does} */
    public String inactiveReason() {
        if (active) {
            return "";
        }
        if (removed) {
            return "it was removed from the cluster (restart its node to rejoin, as a new member)";
        }
        if (!everMember) {
            return "it has not been admitted yet";
        }
        return "its side holds " + reachable() + " of the " + agreed.members().size()
                + " members of the last agreed membership, not a strict majority";
    }

    /** {@return the members of the agreed membership out of the view} */
    public Set<Member> unreachable() {
        return Set.copyOf(unreachableSince.keySet());
    }

    /** Whether the view holds a strict majority of the agreed membership. */
    private boolean hasMajority() {
        int reachable = 0;
        for (Member member : agreed.members()) {
            if (view.contains(member)) {
                reachable++;
            }
        }
        return reachable * 2 > agreed.members().size();
    }

    private int reachable() {
        return (int) agreed.members().stream().filter(view::contains).count();
    }

    private void adopt(Agreed next, long nowNanos) {
        final Agreed previous = agreed;
        agreed = next;
        final List<Member> before = previous == null ? List.of() : previous.members();
        for (Member member : before) {
            if (!next.contains(member)) {
                if (next.downed().contains(member)) {
                    out.event(new ClusterEvent.MemberDown(member));
                }
                out.event(new ClusterEvent.MemberRemoved(member));
            }
        }
        for (Member member : next.members()) {
            if (!before.contains(member)) {
                out.event(new ClusterEvent.MemberUp(member));
            }
        }
        unreachableSince.keySet().retainAll(next.members());
        leaving.retainAll(next.members());
        joinRequests.removeIf(next::contains);
        if (next.contains(self)) {
            everMember = true;
        } else if (everMember && !removed) {
            removed = true;
            majority = null;
        }
        reachability(nowNanos);
        quorum();
        out.installed(next, active);
    }

    /** Unreachable and reachable events for the agreed members that left or came back into the view. */
    private void reachability(long nowNanos) {
        if (agreed == null) {
            return;
        }
        for (Member member : agreed.members()) {
            final boolean inView = view.contains(member);
            if (!inView && !unreachableSince.containsKey(member)) {
                unreachableSince.put(member, nowNanos);
                out.event(new ClusterEvent.MemberUnreachable(member));
            } else if (inView && unreachableSince.remove(member) != null) {
                out.event(new ClusterEvent.MemberReachable(member));
            }
        }
    }

    /** Whether this side holds a majority, with the events when that changes, and whether this member acts. */
    private void quorum() {
        final boolean member = agreed != null && agreed.contains(self) && !removed;
        if (member) {
            final boolean now = hasMajority();
            if (majority != null && majority != now) {
                out.event(now ? new ClusterEvent.QuorumRegained(reachable(), agreed.members().size())
                        : new ClusterEvent.QuorumLost(reachable(), agreed.members().size()));
            } else if (majority == null && !now) {
                out.event(new ClusterEvent.QuorumLost(reachable(), agreed.members().size()));
            }
            majority = now;
        }
        final boolean acting = member && majority;
        if (acting != active) {
            active = acting;
            out.installed(agreed, active);
        }
    }

    /** The leader's decisions: forming, admitting, downing, removing those that leave. */
    private void decide(long nowNanos) {
        if (removed || view.isEmpty()) {
            return;
        }
        if (agreed == null) {
            if (view.get(0).equals(self) && view.size() >= initialMembers
                    && joinRequests.containsAll(view.subList(1, view.size()))) {
                final Agreed formed = new Agreed(1, view, List.of());
                adopt(formed, nowNanos);
                out.multicast(formed);
            }
            return;
        }
        if (!self.equals(leader()) || !hasMajority()) {
            return;
        }
        final List<Member> members = new ArrayList<>(agreed.members());
        final List<Member> downed = new ArrayList<>();
        for (Member member : agreed.members()) {
            final Long since = unreachableSince.get(member);
            if (leaving.contains(member)) {
                members.remove(member);
            } else if (since != null && nowNanos - since >= downAfterNanos) {
                members.remove(member);
                downed.add(member);
            }
        }
        for (Member joiner : joinRequests) {
            if (joiner.name().equals(self.name())) {
                continue;
            }
            for (Member old : agreed.members()) {
                if (old.name().equals(joiner.name()) && members.remove(old) && !downed.contains(old)) {
                    downed.add(old);
                }
            }
            members.add(joiner);
        }
        if (members.size() != agreed.members().size() || !members.containsAll(agreed.members())) {
            final Agreed next = new Agreed(agreed.epoch() + 1, members, downed);
            adopt(next, nowNanos);
            out.multicast(next);
        }
    }

    /** The first member of the view in the agreed membership. */
    private Member leader() {
        for (Member member : view) {
            if (agreed.contains(member)) {
                return member;
            }
        }
        return null;
    }
}
