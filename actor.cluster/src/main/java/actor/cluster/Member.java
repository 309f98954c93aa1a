package actor.cluster;

import actor.remote.NodeAddress;
import java.util.Comparator;

/**
 * A member of a cluster: one run of a {@code RemoteNode}, its name and endpoint (what the others
 * send to) and its incarnation ({@link actor.remote.RemoteNode#incarnation()}, new at each start).
 * A node that stops and starts again, under the same name, is another member: the cluster removes
 * the old one and admits the new one.
 *
 * @param name        the node's name, unique among running members
 * @param endpoint    its {@code host:port} for {@code actor.remote}
 * @param incarnation its run
 */
public record Member(String name, String endpoint, long incarnation) implements Comparable<Member> {

    private static final Comparator<Member> ORDER = Comparator.comparing(Member::name).thenComparingLong(Member::incarnation);

    /**
     * Checks the name and endpoint as {@link NodeAddress} does.
     *
     * @throws IllegalArgumentException if either is malformed
     */
    public Member {
        new NodeAddress(name, endpoint);
    }

    /** By name, then incarnation. */
    @Override
    public int compareTo(Member other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return name + "@" + endpoint + "#" + Long.toString(incarnation, 36);
    }
}
