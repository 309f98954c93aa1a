package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.steal.VictimSelectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A mailbox stuck behind a worker that makes no progress (one behaviour blocks) is rescued by an
 * idle worker, even when it holds a single message: the neighbour's reply arrives while the blocker
 * still blocks. The blocker is released only after the reply (or after 30 s, which fails the test),
 * so the check is an order of events, not a timing. Spare carriers are off here: they would run the
 * neighbour's message on worker 0's slice first ({@link SpareCarriersTest}), and this is the
 * rescue's test.
 */
class RescueTest {

    static final class Ping extends Message {
        final CountDownLatch replied = new CountDownLatch(1);
        volatile String thread;
    }

    static final class Neighbour extends Actor<Ping> {
        Neighbour(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Ping ping) {
            ping.thread = Thread.currentThread().getName();
            ping.replied.countDown();
            return Allocation.NODELETE;
        }
    }

    /** Blocks worker 0, then pings a neighbour in worker 0's slice; true if the reply came while blocked. */
    private static boolean replyWhileBlocked(ActorSystem system, Ping ping) throws InterruptedException {
        final Blocking.Blocker blocker = Placed.onWorker(system, 0, Blocking.Blocker::new);
        final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
        final Blocking.Block block = Blocking.blockWorker(blocker);
        neighbour.send(ping);
        final boolean replied = ping.replied.await(20, TimeUnit.SECONDS);
        block.release.countDown();
        neighbour.send(PoisonPill.FINISHED);
        return replied;
    }

    static Stream<Arguments> selectorsAndKinds() {
        return Stream.of(VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM)
                .flatMap(selector -> Stream.of(MailboxKind.values()).map(kind -> Arguments.of(selector, kind)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("selectorsAndKinds")
    @Timeout(60)
    void aSingleMessageBehindABlockedBehaviourIsRescued(String selector, MailboxKind kind) throws Exception {
        final Ping ping = new Ping();
        final boolean replied;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("rescue").workers(2)
                .victimSelector(selector).mailboxKind(kind).build())) {
            replied = replyWhileBlocked(system, ping);
        }
        assertTrue(replied, "the neighbour's single message waited for the blocked behaviour");
        assertEquals("rescue-worker-1", ping.thread, "the idle worker ran it");
    }

    /** How long the rounds of {@link #withManySleepingWorkersTheRescueTakesMilliseconds} may take while none was quick. */
    private static final long QUICK_ROUNDS_SECONDS = 30;

    /**
     * With many workers, all but the blocked one asleep, the sleepers take turns to look at the awake
     * one (docs/scheduling.md: one look every 2 ms in all) and share what they saw, so the rescue
     * comes within milliseconds: before, sleepers that fell asleep together woke together every 2 ms times their
     * number and a random victim was the blocked worker one time in fifteen, 30-60 ms a rescue
     * with 16 workers, none at all in most 50 ms blocks.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {VictimSelectors.RANDOM, VictimSelectors.LONGEST_VICTIM})
    @Timeout(180)
    void withManySleepingWorkersTheRescueTakesMilliseconds(String selector) throws Exception {
        final int rounds = 9;
        final List<String> medians = new ArrayList<>();
        boolean quick = false;
        // NOTE: on a busy machine the sleepers' threads wait for a CPU, and that wait, not the
        // rule, sets the latency; so sets of nine rounds go on until one's median is within
        // 25 ms, for at most QUICK_ROUNDS_SECONDS, and a run that saw none is reported as skipped.
        // Every round must still rescue the message.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(QUICK_ROUNDS_SECONDS);
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("many").workers(16)
                .victimSelector(selector).build())) {
            while (!quick && (medians.isEmpty() || System.nanoTime() < deadline)) {
                final long[] latencies = new long[rounds];
                for (int round = 0; round < rounds; round++) {
                    final Blocking.Blocker blocker = Placed.onWorker(system, 0, Blocking.Blocker::new);
                    final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
                    final Blocking.Block block = Blocking.blockWorker(blocker);
                    Thread.sleep(20);
                    final Ping ping = new Ping();
                    final long sent = System.nanoTime();
                    neighbour.send(ping);
                    final boolean replied = ping.replied.await(20, TimeUnit.SECONDS);
                    latencies[round] = System.nanoTime() - sent;
                    block.release.countDown();
                    neighbour.send(PoisonPill.FINISHED);
                    assertTrue(replied, "set " + medians.size() + ", round " + round
                            + ": the neighbour's message waited for the blocked behaviour");
                }
                final long[] sorted = latencies.clone();
                Arrays.sort(sorted);
                quick = sorted[rounds / 2] <= TimeUnit.MILLISECONDS.toNanos(25);
                medians.add(TimeUnit.NANOSECONDS.toMicros(sorted[rounds / 2]) + " us of "
                        + Arrays.toString(Arrays.stream(latencies).map(TimeUnit.NANOSECONDS::toMicros).toArray()));
            }
        }
        assumeTrue(quick, "no set of " + rounds + " rescues in " + QUICK_ROUNDS_SECONDS
                + " s had a median within 25 ms: a busy machine? Median rescue latencies: " + medians);
    }

    /**
     * The {@code watch} rule: after the machine has been idle long enough for a sleeping thief's
     * own looks to back off (to {@code thiefRescanMaxNanos}, 256 ms), a single message behind a
     * behaviour that computes is still rescued within milliseconds of the rescue bound (10 ms
     * runnable), because the sleepers take turns to look at the awake worker every 2 ms. Without
     * the turns the median was about 30 ms (2 workers, no spare carriers), with them about 15.
     * Rounds beside busy processes are not counted (a sleeper then waits for a core, which the
     * rule cannot help); a run with fewer than five quiet rounds in 60 s is skipped.
     */
    @Test
    @Timeout(180)
    void aComputingWorkersNeighbourIsRescuedPromptlyAfterALongIdle() throws Exception {
        final List<Long> quiet = new ArrayList<>();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("idle")
                .workers(2).build())) {
            while (quiet.size() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(1_000);
                final BusyMachine.Load before = BusyMachine.Load.now();
                final Spinner spinner = Placed.onWorker(system, 0, Spinner::new);
                final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
                final Spin spin = new Spin(TimeUnit.SECONDS.toNanos(10));
                spinner.send(spin);
                assertTrue(spin.entered.await(10, TimeUnit.SECONDS), "worker 0 entered the long behaviour");
                final Ping ping = new Ping();
                final long sent = System.nanoTime();
                neighbour.send(ping);
                final boolean replied = ping.replied.await(5, TimeUnit.SECONDS);
                final long latency = System.nanoTime() - sent;
                spin.release.countDown();
                spinner.send(PoisonPill.FINISHED);
                neighbour.send(PoisonPill.FINISHED);
                assertTrue(replied, "the neighbour's message waited for the long behaviour");
                if (!BusyMachine.Load.crowdedSince(before)) {
                    quiet.add(TimeUnit.NANOSECONDS.toMillis(latency));
                }
            }
        }
        assumeTrue(quiet.size() >= 5, "fewer than five rounds on a quiet machine in 60 s: " + quiet);
        final List<Long> sorted = quiet.stream().sorted().toList();
        assertTrue(sorted.get(sorted.size() / 2) <= 22, "median rescue latency over 22 ms: " + quiet + " ms");
    }

    /** Hires a blocker when sent a block (the blocker then blocks), and answers pings; lives on. */
    static final class Supervisor extends Actor<Message> {
        Supervisor(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Message message) {
            if (message instanceof Blocking.Block block) {
                new Blocking.Blocker(system()).send(block);
            } else {
                final Ping ping = (Ping) message;
                ping.thread = Thread.currentThread().getName();
                ping.replied.countDown();
            }
            return Allocation.NODELETE;
        }
    }

    /**
     * A child created by a behaviour and blocking in its first one does not hold up its creator,
     * which lives on: the child is not placed in the creator's mailbox (which a thief could then not
     * take while the child's behaviour runs), so the creator's next message is rescued.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aSupervisorWhoseNewChildBlocksIsRescued(MailboxKind kind) throws Exception {
        final List<Boolean> answeredWhileBlocked = new ArrayList<>();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("hire").workers(2)
                .victimSelector(VictimSelectors.RANDOM).mailboxKind(kind).build())) {
            final Supervisor supervisor = Placed.onWorker(system, 0, Supervisor::new);
            // NOTE: the second hire comes after a behaviour of the supervisor's class has created an
            // actor and not ended its own.
            for (int round = 0; round < 2; round++) {
                final Blocking.Block block = new Blocking.Block();
                supervisor.send(block);
                assertTrue(block.entered.await(10, TimeUnit.SECONDS), "the blocker's worker entered the block");
                final Ping ping = new Ping();
                supervisor.send(ping);
                answeredWhileBlocked.add(ping.replied.await(20, TimeUnit.SECONDS));
                block.release.countDown();
            }
            supervisor.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(true, true), answeredWhileBlocked,
                "whether each ping was answered while the supervisor's new child blocked");
    }

    @Test
    @Timeout(60)
    void withoutStealingTheMessageWaitsForTheBlockedBehaviour() throws Exception {
        final Ping ping = new Ping();
        final boolean replied;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("stuck").workers(2)
                .victimSelector(VictimSelectors.NONE).build())) {
            final Blocking.Blocker blocker = Placed.onWorker(system, 0, Blocking.Blocker::new);
            final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
            final Blocking.Block block = Blocking.blockWorker(blocker);
            neighbour.send(ping);
            replied = ping.replied.await(200, TimeUnit.MILLISECONDS);
            block.release.countDown();
            neighbour.send(PoisonPill.FINISHED);
        }
        assertFalse(replied, "nothing but a steal could have run it while worker 0 was blocked");
        assertEquals("stuck-worker-0", ping.thread, "it ran on its own worker once released");
    }

    /** How long a runnable worker may stay in one batch before idle workers rescue its mailboxes (docs/scheduling.md). */
    private static final long RESCUE_RUNNING_BOUND_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    static final class Spin extends Message {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        final long nanos;
        /** When the behaviour ended ({@link System#nanoTime}). */
        volatile long endedAt;

        Spin(long nanos) {
            this.nanos = nanos;
        }
    }

    static final class Spinner extends Actor<Spin> {
        Spinner(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Spin spin) {
            spin.entered.countDown();
            final long end = System.nanoTime() + spin.nanos;
            while (spin.release.getCount() > 0 && System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            spin.endedAt = System.nanoTime();
            spin.done.countDown();
            return Allocation.NODELETE;
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("selectorsAndKinds")
    @Timeout(60)
    void aSingleMessageBehindABehaviourThatComputesOnIsRescuedToo(String selector, MailboxKind kind) throws Exception {
        final Ping ping = new Ping();
        final boolean replied;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("busy").workers(2)
                .victimSelector(selector).mailboxKind(kind).build())) {
            final Spinner spinner = Placed.onWorker(system, 0, Spinner::new);
            final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
            final Spin spin = new Spin(TimeUnit.SECONDS.toNanos(30));
            spinner.send(spin);
            assertTrue(spin.entered.await(10, TimeUnit.SECONDS), "worker 0 entered the long behaviour");
            neighbour.send(ping);
            replied = ping.replied.await(20, TimeUnit.SECONDS);
            spin.release.countDown();
            spinner.send(PoisonPill.FINISHED);
            neighbour.send(PoisonPill.FINISHED);
        }
        assertTrue(replied, "the neighbour's single message waited for the long behaviour");
        assertEquals("busy-worker-1", ping.thread, "the idle worker ran it");
    }

    /**
     * A worker whose thread is running (computing, or preempted by the operating system, which a
     * thief cannot tell apart) is robbed only after the rescue rule's runnable bound (10 ms,
     * {@code rescueRunnableAfterNanos}) inside one batch: behaviours of 4 ms keep their neighbours, so a preempted worker's
     * conversation is not split across workers. Without that bound a thief took them after 1 ms.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("selectorsAndKinds")
    @Timeout(180)
    void aWorkerComputingForAFewMillisecondsKeepsItsNeighbours(String selector, MailboxKind kind) throws Exception {
        final int cleanWanted = 20;
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        final List<String> threads = new ArrayList<>();
        final List<String> expected = new ArrayList<>();
        int preempted = 0;
        long rescues = 0;
        // NOTE: rounds go on until twenty were not preempted, for at most 30 s; a machine too busy
        // for that gets its rounds checked and the test reported as skipped (it could not tell).
        for (int i = 0; i - preempted < cleanWanted && System.nanoTime() < deadline; i++) {
            // NOTE: a system per round: a rescue moves the neighbour's mailbox for good, so one
            // preempted round would decide every later one.
            try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().spareCarriers(0).name("short").workers(2)
                    .victimSelector(selector).mailboxKind(kind).statistics(StatisticsMode.ON).build())) {
                final Spinner spinner = Placed.onWorker(system, 0, Spinner::new);
                final Neighbour neighbour = Placed.onWorker(system, 0, Neighbour::new);
                final Spin spin = new Spin(TimeUnit.MILLISECONDS.toNanos(4));
                final Ping ping = new Ping();
                final long sentAt = System.nanoTime();
                spinner.send(spin);
                assertTrue(spin.entered.await(10, TimeUnit.SECONDS), "worker 0 entered the behaviour");
                // NOTE: rescues from here on only: worker 0 may have been preempted while it ended
                // the actors Placed made, before this round's behaviour.
                final long rescuesBefore = system.statistics().total().rescues();
                neighbour.send(ping);
                assertTrue(ping.replied.await(10, TimeUnit.SECONDS), "round " + i + ": the neighbour replied");
                assertTrue(spin.done.await(10, TimeUnit.SECONDS), "round " + i + ": the spin ended");
                // NOTE: on a loaded machine the operating system may preempt worker 0 (before or
                // during its 4 ms) for longer than the runnable bound: a rescue in such a round is
                // the rule working, so only rounds whose batch (within the time from the send to
                // the behaviour's end) stayed well below the bound must keep the neighbour.
                final boolean stretched = spin.endedAt - sentAt >= RESCUE_RUNNING_BOUND_NANOS * 8 / 10;
                preempted += stretched ? 1 : 0;
                threads.add(stretched ? "(preempted)" : ping.thread);
                expected.add(stretched ? "(preempted)" : "short-worker-0");
                rescues += system.statistics().total().rescues() - rescuesBefore;
                spinner.send(PoisonPill.FINISHED);
                neighbour.send(PoisonPill.FINISHED);
            }
        }
        assertTrue(rescues <= preempted, rescues + " rescues from a worker that computed for 4 ms at a time ("
                + preempted + " rounds preempted past 8 ms)");
        assertEquals(expected, threads, "every reply ran beside its computing neighbour");
        assumeTrue(threads.size() - preempted >= cleanWanted, preempted + " of " + threads.size()
                + " rounds were preempted in 30 s: too loaded to tell");
    }
}
