package actor.cluster;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import java.io.IOException;
import java.time.Duration;

/**
 * A member of the tests' clusters in a JVM of its own: a system, a node and a cluster with the
 * {@link Counter} entities. It prints {@code UP <incarnation>} once admitted and {@code EVENT <event>}
 * for each event, and leaves when its standard input closes.
 *
 * <p>Arguments: name, node endpoint, membership endpoint, seeds (comma-separated), initial members,
 * failure detection and downing time in milliseconds.
 */
public final class ClusterProcess {

    private ClusterProcess() {
    }

    /** Prints what it learns; its lines are the test's to read. */
    static final class Printer extends Actor<ClusterEvent> {
        private final Member self;

        Printer(ActorSystem system, Member self) {
            super(system);
            this.self = self;
        }

        @Override
        protected Allocation receive(ClusterEvent event) {
            if (event instanceof ClusterEvent.MemberUp up && up.member().equals(self)) {
                System.out.println("UP " + self.incarnation());
            }
            System.out.println("EVENT " + event);
            return Allocation.NODELETE;
        }
    }

    public static void main(String[] args) throws IOException {
        final String name = args[0];
        try (ActorSystem system = ActorSystem.start(2);
             RemoteNode node = RemoteNode.start(system, RemoteConfig.builder().name(name).endpoint(args[1]).build())) {
            final Cluster cluster = Cluster.join(node, config(name, args[2], args[3], Integer.parseInt(args[4]),
                    Long.parseLong(args[5]), Long.parseLong(args[6])));
            final Printer printer = new Printer(system, cluster.self());
            try {
                cluster.subscribe(printer.ref());
                System.in.readAllBytes();
                System.out.println("LEAVING");
            } finally {
                cluster.close();
                printer.send(PoisonPill.FINISHED);
            }
        }
    }

    /** The configuration every member of the tests' clusters has. */
    static ClusterConfig config(String name, String bind, String seeds, int initialMembers, long detectionMillis,
                                long downAfterMillis) {
        return ClusterConfig.builder().clusterName("test").bind(bind).seeds(seeds.split(","))
                .initialMembers(initialMembers)
                .failureDetection(Duration.ofMillis(detectionMillis)).downAfter(Duration.ofMillis(downAfterMillis))
                .entity(Counter.TYPE, Counter.factory(name)).build();
    }
}
