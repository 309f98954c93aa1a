package actor.cluster.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.cluster.Cluster;
import actor.cluster.ClusterConfig;
import actor.cluster.ClusterEvent;
import actor.cluster.EntityType;
import actor.cluster.Member;
import actor.remote.RemoteConfig;
import actor.remote.RemoteNode;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Bank accounts sharded over a cluster of three JVMs. Start three members in three terminals; the
 * third deposits into ten accounts, each made on its owner on its first message, prints where each
 * one lives, and leaves:
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=org.agrona --module-path ... \
 *      --module actor.cluster.examples/actor.cluster.examples.Bank a localhost:40001 localhost:7801 localhost:7801,localhost:7802,localhost:7803
 * java ... Bank b localhost:40002 localhost:7802 localhost:7801,localhost:7802,localhost:7803
 * java ... Bank c localhost:40003 localhost:7803 localhost:7801,localhost:7802,localhost:7803 10
 * </pre>
 *
 * Arguments: the member's name, its node's endpoint (actor.remote, UDP), its membership endpoint
 * (JGroups, TCP), the seeds, and for the member that deposits, how many accounts. The others run
 * until their standard input closes (Ctrl-D).
 */
public final class Bank {

    /** A deposit into an account, answered with its balance. */
    public record Deposit(long cents, ActorRef<Balance> replyTo) {
    }

    /** An account's balance, and the member that hosts it. */
    public record Balance(String account, long cents, String node) {
    }

    /** The accounts: one entity per account id. */
    public static final EntityType<Deposit> ACCOUNT = EntityType.of("account", Deposit.class);

    private Bank() {
    }

    /** An account; its balance lives as long as the entity (a real one would persist it). */
    static final class Account extends Actor<Deposit> {
        private final String id;
        private final String node;
        private long cents;

        Account(ActorSystem system, String id, String node) {
            super(system);
            this.id = id;
            this.node = node;
        }

        @Override
        protected Allocation receive(Deposit deposit) {
            cents += deposit.cents();
            deposit.replyTo().send(new Balance(id, cents, node));
            return Allocation.NODELETE;
        }
    }

    /** Prints the membership as it changes; counts down once {@code size} members are up. */
    static final class Watcher extends Actor<ClusterEvent> {
        private final String name;
        private final Cluster cluster;
        private final CountDownLatch formed;
        private final int size;

        Watcher(ActorSystem system, String name, Cluster cluster, int size, CountDownLatch formed) {
            super(system);
            this.name = name;
            this.cluster = cluster;
            this.size = size;
            this.formed = formed;
        }

        @Override
        protected Allocation receive(ClusterEvent event) {
            if (event instanceof ClusterEvent.MemberUp up) {
                System.out.println(name + ": " + up.member().name() + " is up; members "
                        + cluster.members().stream().map(Member::name).toList());
                if (cluster.members().size() >= size) {
                    formed.countDown();
                }
            } else if (event instanceof ClusterEvent.MemberRemoved removed) {
                System.out.println(name + ": " + removed.member().name() + " left");
            }
            return Allocation.NODELETE;
        }
    }

    /** Prints each balance; counts down per balance. */
    static final class Teller extends Actor<Balance> {
        private final CountDownLatch answered;

        Teller(ActorSystem system, CountDownLatch answered) {
            super(system);
            this.answered = answered;
        }

        @Override
        protected Allocation receive(Balance balance) {
            System.out.println(balance.account() + ": " + balance.cents() + " on " + balance.node());
            answered.countDown();
            return Allocation.NODELETE;
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        final String name = args[0];
        final int accounts = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        try (ActorSystem system = ActorSystem.start(2);
             RemoteNode node = RemoteNode.start(system, RemoteConfig.builder().name(name).endpoint(args[1]).build())) {
            final Cluster cluster = Cluster.join(node, ClusterConfig.builder().clusterName("bank")
                    .bind(args[2]).seeds(args[3].split(",")).initialMembers(2).downAfter(Duration.ofSeconds(2))
                    .entity(ACCOUNT, (sys, id) -> new Account(sys, id, name)).build());
            final CountDownLatch formed = new CountDownLatch(1);
            final Watcher watcher = new Watcher(system, name, cluster, 3, formed);
            final CountDownLatch answered = new CountDownLatch(accounts);
            final Teller teller = new Teller(system, answered);
            try {
                cluster.subscribe(watcher.ref());
                if (accounts > 0) {
                    if (!formed.await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the cluster did not reach three members within 60 s");
                    }
                    for (int i = 0; i < accounts; i++) {
                        cluster.entityRef(ACCOUNT, "acc-" + i).send(new Deposit(10, teller.ref()));
                    }
                    if (!answered.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("not every account answered within 30 s");
                    }
                    System.out.println("done");
                } else {
                    System.in.readAllBytes();
                }
            } finally {
                cluster.close();
                watcher.send(PoisonPill.FINISHED);
                teller.send(PoisonPill.FINISHED);
            }
        }
    }
}
