package actor.bench.pekko;

import actor.bench.suite.RescueRounds;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Rescue: the latency of a reply while another actor's behaviour blocks a dispatcher thread. A
 * Blocker and a Neighbour, spawned beforehand; each of {@code rescueRounds} rounds tells the
 * Blocker a {@link Block} whose behaviour waits on a latch for at most {@code rescueBlockMillis},
 * waits until it has entered, then times one {@link Ping} to the Neighbour until its reply, then
 * releases the Blocker and waits until its behaviour has returned, so rounds never overlap. Pekko
 * places the actors itself: the blocked behaviour holds one of the default dispatcher's threads
 * and the Neighbour runs on another (with one thread, it waits for the Blocker's timeout).
 *
 * <p><b>Not always rescued:</b> now and then the Neighbour's reply waits for the block's end even
 * though the dispatcher's other thread is idle: a thread dump shows that thread parked in the
 * {@code ForkJoinPool}'s wait for work while the Neighbour's message waits. On this machine, with
 * three busy threads beside it, 3 of 500 systems lost a rescue (one of them twice). Such a round
 * is a result (its latency is about the block's length, and it is not counted in
 * {@code replies_while_blocked}), not a failure.
 *
 * <p><b>What is timed:</b> an iteration's time is the <em>sum</em> of the rounds' reply latencies
 * (tell to reply, on the calling thread), so the suite's "median ms" for this row is the total
 * latency of {@code rescueRounds} replies. Each iteration also records
 * {@code replies_while_blocked}: the replies made while the Blocker was still inside its behaviour.
 * Every round fails the run if one of its events does not come within
 * {@value RescueRounds#ROUND_TIMEOUT_SECONDS} s (the reply, within that after the block's length);
 * the number of replies and of blocks is checked.
 */
public final class PekkoRescue implements Workload {

    private static final String NAME = "PekkoRescue";


    /**
     * One block, used once. NOTE: {@code interrupted} is a plain field written by the Blocker's
     * behaviour before it counts down {@code done}; the main thread reads it only after awaiting it.
     */
    private static final class Block {
        final long blockMillis;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        boolean interrupted;

        Block(long blockMillis) {
            this.blockMillis = blockMillis;
        }

        /** Whether the behaviour holding this block has not returned yet (any thread; a volatile read). */
        boolean holding() {
            return done.getCount() > 0;
        }
    }

    /**
     * One ping, used once. NOTE: {@code whileBlocked} is a plain field written by the Neighbour's
     * behaviour before it counts down {@code replied}; the main thread reads it only after awaiting it.
     */
    private static final class Ping {
        final Block behind;
        final CountDownLatch replied = new CountDownLatch(1);
        boolean whileBlocked;

        Ping(Block behind) {
            this.behind = behind;
        }
    }

    private static Behavior<Block> blocker(AtomicInteger blocks) {
        return Behaviors.receive(Block.class).onMessage(Block.class, block -> {
            blocks.incrementAndGet();
            block.entered.countDown();
            try {
                // The latch's result does not matter: released, or timed out as the ping waited.
                block.release.await(block.blockMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                block.interrupted = true;
            } finally {
                block.done.countDown();
            }
            return Behaviors.same();
        }).build();
    }

    private static final Behavior<Ping> NEIGHBOUR = Behaviors.receive(Ping.class).onMessage(Ping.class, ping -> {
        ping.whileBlocked = ping.behind.holding();
        ping.replied.countDown();
        return Behaviors.same();
    }).build();

    private record Actors(ActorRef<Block> blocker, ActorRef<Ping> neighbour) {
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int rounds = spec.sizes().rescueRounds();
        final long blockMillis = spec.sizes().rescueBlockMillis();
        final AtomicInteger blocks = new AtomicInteger();
        final var started = PekkoSystems.startWith(NAME, spec, context -> new Actors(
                context.spawn(blocker(blocks), "blocker"), context.spawn(NEIGHBOUR, "neighbour")));
        long elapsed = 0;
        int replies = 0;
        int whileBlocked = 0;
        try {
            final ActorRef<Block> blocker = started.value().blocker();
            final ActorRef<Ping> neighbour = started.value().neighbour();
            for (int round = 0; round < rounds; round++) {
                final Block block = new Block(blockMillis);
                final Ping ping = new Ping(block);
                blocker.tell(block);
                RescueRounds.await(NAME, block.entered, "the Blocker to enter its block");
                final long t0 = System.nanoTime();
                neighbour.tell(ping);
                RescueRounds.awaitAfterBlock(NAME, ping.replied, "the Neighbour's reply", blockMillis);
                elapsed += System.nanoTime() - t0;
                replies++;
                if (ping.whileBlocked) {
                    whileBlocked++;
                }
                block.release.countDown();
                RescueRounds.await(NAME, block.done, "the Blocker's behaviour to return");
                if (block.interrupted) {
                    throw new IllegalStateException(NAME + ": the Blocker was interrupted in round " + round);
                }
            }
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        spec.extras().put("replies_while_blocked", (double) whileBlocked);
        PekkoSystems.check(NAME, "replies", rounds, replies);
        PekkoSystems.check(NAME, "blocks", rounds, blocks.get());
        return elapsed;
    }
}
