package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.bench.suite.RescueRounds;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Rescue: the latency of a reply stuck behind a blocked behaviour. A Blocker and a Neighbour
 * share worker 0; each of {@code rescueRounds} rounds sends the Blocker a {@link Block} whose
 * behaviour waits on a latch for at most {@code rescueBlockMillis}, waits until it has entered,
 * then times one {@link Ping} to the Neighbour until its reply, then releases the Blocker and
 * waits until its behaviour has returned, so rounds never overlap. The Neighbour's single message
 * can run before the block ends only if a spare carrier of worker 0 runs it (the worker's thread is
 * blocked, see {@code ActorSystemConfig.spareCarriers}) or an idle worker rescues its mailbox.
 *
 * <p><b>What is timed:</b> an iteration's time is the <em>sum</em> of the rounds' reply latencies
 * (send to reply, on the calling thread), so the suite's "median ms" for this row is the total
 * latency of {@code rescueRounds} replies; placing, blocking and releasing are untimed. Each
 * iteration also records {@code replies_while_blocked}: the replies made while the Blocker was
 * still inside its behaviour (an order of events, not a timing).
 *
 * <p><b>Placement:</b> the Blocker starts on worker 0 ({@link Toolkit#onWorker}). A rescue moves
 * the Neighbour's mailbox to the rescuer, and after that a ticket no longer says where a mailbox
 * is, so Neighbours are placed by where they run: a candidate is pinged once, untimed, and kept
 * only if it ran on the Blocker's worker ({@link Toolkit#workerOf}: its thread or a spare carrier of
 * it; a mailbox runs only on the worker that owns it, and an empty mailbox is never stolen) and is not in the Blocker's own mailbox (where a ping waits behind
 * the Block whatever the executor does); a Neighbour whose reply ran elsewhere is finished and
 * replaced.
 *
 * <p>Every round fails the run loudly if the block does not start, the reply does not come, or the
 * behaviour does not return within {@value RescueRounds#ROUND_TIMEOUT_SECONDS} s (the reply: within
 * that after the block's length, since an unrescued reply waits for the block); after the run, the
 * number of replies and the actors' counts of blocks and pings are checked. (Should a thief ever take the
 * Blocker's own mailbox while a Block waits in it, that round is redone beside the Blocker.)
 */
public final class Rescue implements Workload {

    private static final String NAME = "rescue";


    /**
     * One block, used once. NOTE: {@code ranOn} and {@code interrupted} are plain fields written by
     * the Blocker's behaviour before it counts down {@code entered} (for {@code ranOn}) or
     * {@code done}; the main thread reads them only after awaiting that latch, which orders them.
     */
    static final class Block extends Message {
        final long blockMillis;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        Thread ranOn;
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
     * One ping, used once; {@code behind} is the block it is timed against, or null for a placement
     * probe. NOTE: {@code ranOn} and {@code whileBlocked} are plain fields written by the
     * Neighbour's behaviour before it counts down {@code replied}; the main thread reads them only
     * after awaiting it.
     */
    static final class Ping extends Message {
        final Block behind;
        final CountDownLatch replied = new CountDownLatch(1);
        Thread ranOn;
        boolean whileBlocked;

        Ping(Block behind) {
            this.behind = behind;
        }
    }

    static final class Blocker extends Actor<Block> {
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private int blocks;

        Blocker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Block block) {
            blocks++;
            block.ranOn = Thread.currentThread();
            block.entered.countDown();
            try {
                // The latch's result does not matter: released, or timed out as nobody rescued the ping.
                block.release.await(block.blockMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                block.interrupted = true;
            } finally {
                block.done.countDown();
            }
            return Allocation.NODELETE;
        }
    }

    static final class Neighbour extends Actor<Ping> {
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private int pings;

        Neighbour(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Ping ping) {
            pings++;
            ping.ranOn = Thread.currentThread();
            ping.whileBlocked = ping.behind != null && ping.behind.holding();
            ping.replied.countDown();
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) throws InterruptedException {
        final int rounds = spec.sizes().rescueRounds();
        final long blockMillis = spec.sizes().rescueBlockMillis();
        final ActorSystem system = Toolkit.start(spec);
        final Blocker blocker = Toolkit.onWorker(system, 0, Blocker::new);
        final List<Neighbour> used = new ArrayList<>();
        long elapsed = 0;
        int replies = 0;
        int whileBlocked = 0;
        int blocks = 0;
        try {
            final Block first = new Block(0);
            first.release.countDown();
            blocker.send(first);
            blocks++;
            RescueRounds.await(NAME, first.done, "the Blocker's first (empty) block to return");
            int blockerWorker = Toolkit.workerOf(first.ranOn);
            Neighbour neighbour = null;
            while (replies < rounds) {
                if (neighbour == null) {
                    neighbour = placeBeside(system, blocker, blockerWorker);
                    used.add(neighbour);
                }
                final Block block = new Block(blockMillis);
                final Ping ping = new Ping(block);
                blocker.send(block);
                blocks++;
                RescueRounds.await(NAME, block.entered, "the Blocker to enter its block");
                if (Toolkit.workerOf(block.ranOn) != blockerWorker) {
                    // NOTE: only if a thief took the Blocker's mailbox while its Block was queued
                    // (its worker seemed stuck in another batch): the Neighbour no longer shares
                    // its worker, so this round would time nothing. Redo it beside the Blocker.
                    block.release.countDown();
                    RescueRounds.await(NAME, block.done, "the Blocker's behaviour to return");
                    if (blocks > 2 * rounds) {
                        throw new IllegalStateException(NAME + ": the Blocker kept moving between workers");
                    }
                    blockerWorker = Toolkit.workerOf(block.ranOn);
                    neighbour.send(PoisonPill.FINISHED);
                    neighbour = null;
                    continue;
                }
                final long t0 = System.nanoTime();
                neighbour.send(ping);
                RescueRounds.awaitAfterBlock(NAME, ping.replied, "the Neighbour's reply", blockMillis);
                elapsed += System.nanoTime() - t0;
                replies++;
                if (ping.whileBlocked) {
                    whileBlocked++;
                }
                block.release.countDown();
                RescueRounds.await(NAME, block.done, "the Blocker's behaviour to return");
                if (block.interrupted) {
                    throw new IllegalStateException(NAME + ": the Blocker was interrupted in round " + replies);
                }
                if (Toolkit.workerOf(ping.ranOn) != blockerWorker) {
                    // Rescued: its mailbox now belongs to the rescuer; the next round needs a new Neighbour.
                    neighbour.send(PoisonPill.FINISHED);
                    neighbour = null;
                }
            }
            blocker.send(PoisonPill.FINISHED);
            if (neighbour != null) {
                neighbour.send(PoisonPill.FINISHED);
            }
        } catch (RuntimeException | InterruptedException e) {
            system.abort();
            throw e;
        }
        Toolkit.stop(system);
        spec.extras().put("replies_while_blocked", (double) whileBlocked);
        long pings = 0;
        for (Neighbour n : used) {
            pings += n.pings;
        }
        Toolkit.check(NAME, "replies", rounds, replies);
        Toolkit.check(NAME, "blocks", blocks, blocker.blocks);
        Toolkit.check(NAME, "pings received (one placement probe per Neighbour)", rounds + (long) used.size(), pings);
        return elapsed;
    }

    /**
     * A new Neighbour whose mailbox is owned by the worker running on {@code worker}: candidates
     * are created from outside (spread over the workers) and pinged once; a candidate that ran
     * elsewhere is finished. The caller must not block that worker meanwhile.
     *
     * @throws IllegalStateException if no candidate lands there within four tries per mailbox
     */
    private static Neighbour placeBeside(ActorSystem system, Blocker blocker, int worker) throws InterruptedException {
        final long tries = 4L * system.config().mailboxes();
        for (long i = 0; i < tries; i++) {
            final Neighbour candidate = new Neighbour(system);
            final Ping probe = new Ping(null);
            candidate.send(probe);
            RescueRounds.await(NAME, probe.replied, "a placement probe's reply");
            // NOTE: never in the Blocker's own mailbox: a ping queued behind the Block there waits
            // for it by definition (a mailbox moves only between batches), whatever the executor does.
            if (Toolkit.workerOf(probe.ranOn) == worker && candidate.ticket() != blocker.ticket()) {
                return candidate;
            }
            candidate.send(PoisonPill.FINISHED);
        }
        throw new IllegalStateException(NAME + ": no Neighbour landed on worker " + worker + " in " + tries + " tries");
    }
}
