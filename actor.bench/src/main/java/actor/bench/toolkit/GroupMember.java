package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.SavinaWork;

/**
 * The executor benchmark's actor: when kicked it sends a round (one shared ping to every member of
 * its group, itself included); each time it has received a whole round's worth it sends the next,
 * until it has sent {@code rounds}; it finishes on its last expected ping. Each ping may also cost
 * {@code work} units of Savina's small computation (the balance benchmarks' optional weight).
 */
final class GroupMember extends Actor<GroupMember.Ping> {

    /** The one ping every member sends; the kick starts the first round. */
    static final class Ping extends Message {
    }

    static final Ping PING = new Ping();
    static final Ping KICK = new Ping();

    private final int rounds;
    private final int work;
    private GroupMember[] group;
    private int received;
    private int sent;

    GroupMember(ActorSystem system, int rounds, int work) {
        super(system);
        this.rounds = rounds;
        this.work = work;
    }

    void joinGroup(GroupMember[] members) {
        this.group = members;
    }

    @Override
    protected Allocation receive(Ping ping) {
        if (ping == KICK) {
            sendRound();
            return Allocation.NODELETE;
        }
        for (int i = 0; i < work; i++) {
            SavinaWork.compute();
        }
        final int size = group.length;
        received++;
        if (received == rounds * size) {
            return Allocation.FINISHED;
        }
        if (received % size == 0 && sent < rounds) {
            sendRound();
        }
        return Allocation.NODELETE;
    }

    private void sendRound() {
        sent++;
        for (GroupMember member : group) {
            member.send(PING);
        }
    }

    /** Splits {@code members} into adjacent groups of {@code groupSize} (the last may be smaller). */
    static void formGroups(GroupMember[] members, int groupSize) {
        for (int first = 0; first < members.length; first += groupSize) {
            final GroupMember[] group = java.util.Arrays.copyOfRange(members, first,
                    Math.min(members.length, first + groupSize));
            for (GroupMember member : group) {
                member.joinGroup(group);
            }
        }
    }
}
