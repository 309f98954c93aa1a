package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.MailboxBound;
import actor.api.MailboxFullException;
import actor.api.PoisonPill;
import actor.api.Receptionist;
import actor.api.ServiceKey;
import actor.api.StatisticsMode;
import actor.api.routing.Router;
import actor.api.routing.Routing;
import actor.api.tuning.MailboxKind;
import actor.stats.Health;
import actor.stats.StatisticsMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Overload control ({@link MailboxBound}): a bounded actor flooded from four threads accounts for
 * every message exactly (accepted + refused + dropped-and-reported == sent, and it receives exactly
 * the accepted ones, each sender's in order), whatever the policy; a waiting sender is released
 * when the actor drains; a worker never waits; pills pass a full bound; the bound survives a
 * registration again and an await; and the mailbox-length alarm fires, in the error handler, the
 * statistics and JMX.
 */
class OverloadTest {

    /** Senders of every flood. */
    private static final int SENDERS = 4;
    /** Messages each sender sends. */
    private static final int PER_SENDER = 25_000;

    /** One sender's numbered message. */
    record Item(int sender, int seq) {
    }

    /** What the test's actors accept: items, and a hold that blocks the behaviour until released. */
    sealed interface Msg permits ItemMsg, Hold {
    }

    /** An item. */
    record ItemMsg(Item item) implements Msg {
    }

    /** Blocks the behaviour that receives it until {@code release} opens (at most 30 s). */
    record Hold(CountDownLatch entered, CountDownLatch release) implements Msg {
        Hold() {
            this(new CountDownLatch(1), new CountDownLatch(1));
        }

        /** Waits until the actor is inside this hold. */
        void awaitEntered() throws InterruptedException {
            assertTrue(entered.await(30, TimeUnit.SECONDS), "the actor never reached the hold");
        }
    }

    /**
     * Counts the items it receives and checks each sender's order; spins a little per item, so a
     * flood outruns it and the bound is reached.
     */
    static final class Sink extends Actor<Msg> {
        final AtomicLong received = new AtomicLong();
        final int[] lastSeq = new int[SENDERS];
        volatile String disorder;
        private long spun;

        Sink(ActorSystem system, MailboxBound bound) {
            super(system, bound);
            java.util.Arrays.fill(lastSeq, -1);
        }

        @Override
        protected Allocation receive(Msg msg) {
            if (msg instanceof Hold hold) {
                hold.entered().countDown();
                try {
                    assertTrue(hold.release().await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Allocation.NODELETE;
            }
            final Item item = ((ItemMsg) msg).item();
            if (item.seq() <= lastSeq[item.sender()] && disorder == null) {
                disorder = "sender " + item.sender() + ": " + item.seq() + " after " + lastSeq[item.sender()];
            }
            lastSeq[item.sender()] = item.seq();
            for (int i = 0; i < 50; i++) {
                spun += i;                                  // a consumer slower than four producers
            }
            received.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    /** How a flood sends. */
    enum Way { SEND_REFUSE, SEND_DROP, SEND_WAIT, TRY_SEND }

    private static MailboxBound boundFor(Way way, int capacity) {
        return switch (way) {
            case SEND_REFUSE, TRY_SEND -> MailboxBound.refuse(capacity);
            case SEND_DROP -> MailboxBound.drop(capacity);
            case SEND_WAIT -> MailboxBound.waiting(capacity, Duration.ofNanos(20_000));
        };
    }

    /** What four senders saw. */
    record Tally(long accepted, long refused) {
    }

    /** Four threads (not workers) send {@link #PER_SENDER} items each to {@code sink} in {@code way}. */
    private static Tally flood(Sink sink, Way way) throws InterruptedException {
        final AtomicLong accepted = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> senders = new ArrayList<>();
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        for (int s = 0; s < SENDERS; s++) {
            final int sender = s;
            final Thread thread = new Thread(() -> {
                long mine = 0;
                long theirs = 0;
                try {
                    start.await();
                    for (int seq = 0; seq < PER_SENDER; seq++) {
                        final ItemMsg msg = new ItemMsg(new Item(sender, seq));
                        if (way == Way.TRY_SEND) {
                            if (sink.trySend(msg)) {
                                mine++;
                            } else {
                                theirs++;
                            }
                            continue;
                        }
                        try {
                            sink.send(msg);
                            mine++;                         // for DROP: queued or dropped, counted below
                        } catch (MailboxFullException full) {
                            theirs++;
                        }
                    }
                } catch (Throwable t) {
                    failed.compareAndSet(null, t);
                } finally {
                    accepted.addAndGet(mine);
                    refused.addAndGet(theirs);
                }
            }, "flood-" + s);
            senders.add(thread);
            thread.start();
        }
        start.countDown();
        for (Thread thread : senders) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(thread.isAlive(), thread.getName() + " still sending");
        }
        if (failed.get() != null) {
            throw new AssertionError("a sender failed", failed.get());
        }
        return new Tally(accepted.get(), refused.get());
    }

    private static ActorSystem start(ActorSystemConfig.Builder config) {
        return ActorSystem.start(config.build());
    }

    private static ActorSystemConfig.Builder config(RecordingErrorHandler errors) {
        return ActorSystemConfig.builder().workers(2).statistics(StatisticsMode.ON).errorHandler(errors);
    }

    @ParameterizedTest
    @CsvSource({"SEND_REFUSE, COPY_QUEUE", "SEND_DROP, COPY_QUEUE", "SEND_WAIT, COPY_QUEUE", "TRY_SEND, COPY_QUEUE",
            "SEND_REFUSE, MPSC", "SEND_DROP, MPSC", "SEND_WAIT, MPSC", "TRY_SEND, MPSC"})
    @Timeout(120)
    void aBoundedActorFloodedFromFourThreadsAccountsForEveryMessageExactly(Way way, MailboxKind kind) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(config(errors).name("flood-" + way + "-" + kind).mailboxKind(kind));
        final Sink sink = new Sink(system, boundFor(way, 64));
        final Tally tally = flood(sink, way);
        sink.send(PoisonPill.FINISHED);
        system.stop();

        final long sent = (long) SENDERS * PER_SENDER;
        final List<ActorError.MessageDropped> drops = errors.ofType(ActorError.MessageDropped.class);
        final long dropped = drops.size();
        final long accepted = tally.accepted() - dropped;   // a DROP send returns for a dropped message too
        final Health health = system.statistics().health();
        assertTrue(tally.refused() + dropped > 0, "the flood reached the bound");
        assertEquals(sent, accepted + tally.refused() + dropped, "accepted + refused + dropped-and-reported == sent");
        assertEquals(accepted, sink.received.get(), "the actor received exactly the accepted messages");
        assertEquals(null, sink.disorder, "each sender's messages in the order sent");
        assertEquals(tally.refused(), health.refused(), "every refusal counted");
        assertEquals(dropped, health.dropped(), "every drop counted");
        for (ActorError.MessageDropped drop : drops) {
            assertSame(sink, drop.actor());
            assertEquals(64, drop.bound().capacity());
            assertTrue(drop.describe().contains("its mailbox is full (MailboxBound.drop(64))"), drop.describe());
        }
        if (way == Way.SEND_DROP) {
            assertEquals(0, tally.refused(), "a DROP bound refuses nothing");
        } else {
            assertEquals(0, dropped, "only a DROP bound drops");
        }
        assertEquals(dropped, errors.all().size(), "nothing else reported: " + errors.all());
        assertEquals(sent, system.statistics().total().messagesSent() - 1 + tally.refused() + dropped,
                "every message sent or refused at the bound (and the pill)");
    }

    /** Sends {@link #PER_SENDER} items to the sink from its behaviour, in a way, and tells what it saw. */
    static final class Producer extends Actor<Integer> {
        final CompletableFuture<Tally> tally = new CompletableFuture<>();
        private final Sink sink;
        private final Way way;

        Producer(ActorSystem system, Sink sink, Way way) {
            super(system);
            this.sink = sink;
            this.way = way;
        }

        @Override
        protected Allocation receive(Integer sender) {
            long accepted = 0;
            long refused = 0;
            for (int seq = 0; seq < PER_SENDER; seq++) {
                final ItemMsg msg = new ItemMsg(new Item(sender, seq));
                if (way == Way.TRY_SEND) {
                    if (sink.trySend(msg)) {
                        accepted++;
                    } else {
                        refused++;
                    }
                    continue;
                }
                try {
                    sink.send(msg);
                    accepted++;
                } catch (MailboxFullException full) {
                    refused++;
                }
            }
            tally.complete(new Tally(accepted, refused));
            return Allocation.FINISHED;
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    @Timeout(120)
    void aBoundedActorFloodedByFourActorsAccountsForEveryMessageAndNoWorkerWaits(Way way) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(config(errors).name("worker-flood-" + way));
        final Sink sink = new Sink(system, way == Way.SEND_WAIT ? MailboxBound.waiting(64, Duration.ofMinutes(5))
                : boundFor(way, 64));
        final List<Producer> producers = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            producers.add(new Producer(system, sink, way));
        }
        for (int s = 0; s < SENDERS; s++) {
            producers.get(s).send(s);
        }
        long accepted = 0;
        long refused = 0;
        for (Producer producer : producers) {
            final Tally tally = producer.tally.get(60, TimeUnit.SECONDS);   // a worker that waited 5 min fails here
            accepted += tally.accepted();
            refused += tally.refused();
        }
        sink.send(PoisonPill.FINISHED);
        system.stop();

        final long dropped = errors.ofType(ActorError.MessageDropped.class).size();
        accepted -= dropped;
        assertEquals((long) SENDERS * PER_SENDER, accepted + refused + dropped, "accepted + refused + dropped == sent");
        assertTrue(refused + dropped > 0, "the flood reached the bound");
        assertEquals(accepted, sink.received.get());
        assertEquals(null, sink.disorder);
        assertEquals(refused, system.statistics().health().refused());
        assertEquals(dropped, system.statistics().health().dropped());
        assertEquals(dropped, errors.all().size(), errors.all().toString());
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    @Timeout(60)
    void aHeldActorTakesExactlyItsCapacityAndTheRestIsRefusedOrDropped(Way way) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(config(errors).name("held-" + way));
        final Sink sink = new Sink(system, boundFor(way, 100));
        final Hold hold = new Hold();
        sink.send(hold);
        hold.awaitEntered();                                // the hold was taken: its room is back
        final Tally tally = flood(sink, way);
        hold.release().countDown();
        sink.send(PoisonPill.FINISHED);
        system.stop();

        final long sent = (long) SENDERS * PER_SENDER;
        final long dropped = errors.ofType(ActorError.MessageDropped.class).size();
        assertEquals(100, tally.accepted() - dropped, "exactly the capacity queued while the actor was held");
        assertEquals(sent - 100, tally.refused() + dropped);
        assertEquals(100, sink.received.get());
        assertEquals(null, sink.disorder);
    }

    @Test
    @Timeout(60)
    void aWaitingSenderIsReleasedWhenTheActorDrains() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(config(errors).name("wait-release"))) {
            final Sink sink = new Sink(system, MailboxBound.waiting(2, Duration.ofSeconds(30)));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            sink.send(new ItemMsg(new Item(0, 0))).send(new ItemMsg(new Item(0, 1)));   // full now
            final CompletableFuture<Long> waited = new CompletableFuture<>();
            final Thread sender = new Thread(() -> {
                final long start = System.nanoTime();
                try {
                    sink.send(new ItemMsg(new Item(0, 2)));
                    waited.complete(System.nanoTime() - start);
                } catch (Throwable t) {
                    waited.completeExceptionally(t);
                }
            }, "waiting-sender");
            sender.start();
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (sender.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertEquals(Thread.State.TIMED_WAITING, sender.getState(), "the sender waits for room");
            Thread.sleep(100);
            assertFalse(waited.isDone(), "still waiting while the actor is held");
            assertFalse(sink.trySend(new ItemMsg(new Item(1, 0))), "and trySend is refused meanwhile");

            hold.release().countDown();
            final long nanos = waited.get(10, TimeUnit.SECONDS);
            assertTrue(nanos >= TimeUnit.MILLISECONDS.toNanos(100), "it waited: " + nanos + " ns");
            while (sink.received.get() < 3) {
                Thread.sleep(1);
            }
            assertEquals(null, sink.disorder);
            sink.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(60)
    void aWaitingSenderIsRefusedAfterItsTimeoutOrWhenInterrupted() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("wait-timeout"))) {
            final Sink sink = new Sink(system, MailboxBound.waiting(1, Duration.ofMillis(200)));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            sink.send(new ItemMsg(new Item(0, 0)));
            final long start = System.nanoTime();
            final MailboxFullException timedOut = assertThrows(MailboxFullException.class,
                    () -> sink.send(new ItemMsg(new Item(0, 1))));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200), "it waited the timeout");
            assertTrue(timedOut.getMessage().contains("no room came within PT0.2S"), timedOut.getMessage());
            assertEquals(ItemMsg.class.getName(), timedOut.messageClass());
            assertEquals(sink.toString(), timedOut.actor());
            assertEquals(MailboxBound.waiting(1, Duration.ofMillis(200)), timedOut.bound());
            assertEquals(0, timedOut.getStackTrace().length, "no stack trace: thrown under overload");

            Thread.currentThread().interrupt();
            final MailboxFullException interrupted = assertThrows(MailboxFullException.class,
                    () -> sink.send(new ItemMsg(new Item(0, 2))));
            assertTrue(Thread.interrupted(), "the interrupt status is kept");
            assertTrue(interrupted.getMessage().contains("interrupted"), interrupted.getMessage());
            assertEquals(2, system.statistics().health().refused());

            hold.release().countDown();
            sink.send(PoisonPill.FINISHED);
        }
    }

    /** Sends one item to its target from its behaviour, and tells how that went. */
    static final class Forwarder extends Actor<ActorRef<Msg>> {
        final CompletableFuture<String> outcome = new CompletableFuture<>();

        Forwarder(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(ActorRef<Msg> target) {
            final long start = System.nanoTime();
            try {
                target.send(new ItemMsg(new Item(0, 9)));
                outcome.complete("queued");
            } catch (MailboxFullException full) {
                final long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                outcome.complete((millis < 5_000 ? "refused at once: " : "refused after " + millis + " ms: ")
                        + full.getMessage());
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aWorkerSendingIntoAFullWaitingActorIsRefusedAtOnceAndNeverBlocks() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("worker-never-waits"))) {
            final Sink sink = new Sink(system, MailboxBound.waiting(1, Duration.ofSeconds(30)));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            sink.send(new ItemMsg(new Item(0, 0)));
            final Forwarder forwarder = new Forwarder(system);
            forwarder.send(sink.ref());
            final String outcome = forwarder.outcome.get(20, TimeUnit.SECONDS);
            assertTrue(outcome.startsWith("refused at once: "), outcome);
            assertTrue(outcome.contains("a worker thread never waits"), outcome);

            hold.release().countDown();
            forwarder.send(PoisonPill.FINISHED);
            sink.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void aScheduledSendToAFullWaitingActorIsReportedNotWaitedFor() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(config(errors).name("timer-never-waits"))) {
            final Sink sink = new Sink(system, MailboxBound.waiting(1, Duration.ofSeconds(30)));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            sink.send(new ItemMsg(new Item(0, 0)));
            system.scheduleOnce(Duration.ofMillis(1), sink.ref(), new ItemMsg(new Item(0, 1)));
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (errors.ofType(ActorError.ScheduledSendFailed.class).isEmpty() && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            final List<ActorError.ScheduledSendFailed> failed = errors.ofType(ActorError.ScheduledSendFailed.class);
            assertEquals(1, failed.size(), errors.all().toString());
            assertTrue(failed.get(0).failure() instanceof MailboxFullException, failed.get(0).describe());
            assertTrue(failed.get(0).failure().getMessage().contains("a timer thread never waits"),
                    failed.get(0).describe());
            hold.release().countDown();
            sink.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void aPoisonPillPassesAFullBoundAndEndsTheActorAfterItsQueue() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("pill"))) {
            final Sink sink = new Sink(system, MailboxBound.refuse(3));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            for (int seq = 0; seq < 3; seq++) {
                sink.send(new ItemMsg(new Item(0, seq)));
            }
            assertThrows(MailboxFullException.class, () -> sink.send(new ItemMsg(new Item(0, 3))));
            sink.send(PoisonPill.FINISHED);                // never refused
            hold.release().countDown();
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!sink.isTerminated() && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertTrue(sink.isTerminated());
            assertEquals(3, sink.received.get(), "the pill came behind the queued messages");
        }
    }

    /** A bounded subscriber: holds on a {@link Hold}, counts the listings it gets. */
    static final class Subscriber extends Actor<Object> {
        final List<Integer> sizes = new java.util.concurrent.CopyOnWriteArrayList<>();

        Subscriber(ActorSystem system) {
            super(system, MailboxBound.refuse(1));
        }

        @Override
        protected Allocation receive(Object msg) {
            if (msg instanceof Hold hold) {
                hold.entered().countDown();
                try {
                    hold.release().await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (msg instanceof Receptionist.Listing<?> listing) {
                sizes.add(listing.refs().size());
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void aReceptionistsListingsPassAFullBound() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(config(errors).name("listings"))) {
            final ServiceKey<Integer> key = new ServiceKey<>(Integer.class, "tickers");
            final Subscriber subscriber = new Subscriber(system);
            final Hold hold = new Hold();
            subscriber.send(hold);
            hold.awaitEntered();
            subscriber.send("fills the bound");
            assertFalse(subscriber.trySend("full"));
            system.receptionist().subscribe(key, subscriber.ref());   // the first listing: past the bound
            final Ticker one = new Ticker(system);
            final Ticker two = new Ticker(system);
            system.receptionist().register(key, one.ref());
            system.receptionist().register(key, two.ref());
            one.send(PoisonPill.FINISHED);                   // its end is a change too, sent by the watcher
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (system.receptionist().find(key).size() != 1 && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            hold.release().countDown();
            while (subscriber.sizes.size() < 4 && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertEquals(List.of(0, 1, 2, 1), subscriber.sizes, "every listing, none refused");
            two.send(PoisonPill.FINISHED);
            // NOTE: the subscriber ends only after the listing of two's end, which would otherwise
            // race its end and be reported undelivered.
            while (subscriber.sizes.size() < 5 && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertEquals(List.of(0, 1, 2, 1, 0), subscriber.sizes);
            subscriber.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(60)
    void aBoundedActorRegisteredAgainKeepsItsBoundAndItsRoom() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("again"))) {
            final Sink sink = new Sink(system, MailboxBound.refuse(2));
            sink.send(PoisonPill.DESTROY);
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!sink.isTerminated() && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            system.register(sink);
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            assertTrue(sink.trySend(new ItemMsg(new Item(0, 0))));
            assertTrue(sink.trySend(new ItemMsg(new Item(0, 1))));
            assertFalse(sink.trySend(new ItemMsg(new Item(0, 2))), "still bounded at 2");
            hold.release().countDown();
            sink.send(PoisonPill.FINISHED);
        }
    }

    /** Awaits a stage on its first item, and records what it receives, in order. */
    static final class Awaiting extends Actor<Integer> {
        final CompletableFuture<Void> stage = new CompletableFuture<>();
        final CountDownLatch suspended = new CountDownLatch(1);
        final List<Integer> received = new java.util.concurrent.CopyOnWriteArrayList<>();

        Awaiting(ActorSystem system) {
            super(system, MailboxBound.refuse(3));
        }

        @Override
        protected Allocation receive(Integer n) {
            received.add(n);
            if (n == 0) {
                suspended.countDown();
                return await(stage, (value, failure) -> Allocation.NODELETE);
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void messagesHeldBackByAnAwaitKeepTheirRoomUntilTheyRun() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("await"))) {
            final Awaiting actor = new Awaiting(system);
            actor.send(0);
            assertTrue(actor.suspended.await(10, TimeUnit.SECONDS));
            int accepted = 0;
            for (int n = 1; n <= 10; n++) {
                if (actor.trySend(n)) {
                    accepted++;
                }
                Thread.sleep(2);                            // the worker holds each back before the next
            }
            assertEquals(3, accepted, "held back, they still count: only the capacity is taken");
            actor.stage.complete(null);
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (actor.received.size() < 4 && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertEquals(List.of(0, 1, 2, 3), actor.received);
            assertTrue(actor.trySend(11), "room again once they ran");
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void referencesAndRoutersTrySendThroughTheBound() throws Exception {
        try (ActorSystem system = start(config(new RecordingErrorHandler()).name("refs"))) {
            final Sink sink = new Sink(system, MailboxBound.refuse(1));
            final Hold hold = new Hold();
            sink.send(hold);
            hold.awaitEntered();
            final ActorRef<Msg> ref = sink.ref();
            final Router<Msg> router = Router.group(List.of(ref), Routing.roundRobin());
            assertTrue(router.trySend(new ItemMsg(new Item(0, 0))));
            assertFalse(ref.trySend(new ItemMsg(new Item(0, 1))));
            assertFalse(router.trySend(new ItemMsg(new Item(0, 2))));
            assertThrows(MailboxFullException.class, () -> router.send(new ItemMsg(new Item(0, 3))));
            final ActorRef<String> plain = message -> { };
            assertTrue(plain.trySend("x"), "a reference without a bound takes every message");
            hold.release().countDown();
            sink.send(PoisonPill.FINISHED);
        }
    }

    @Test
    void anUnboundedActorsTrySendAlwaysQueuesAndBoundsAreChecked() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = start(config(errors).name("unbounded").failurePolicy(FailurePolicy.RESUME))) {
            final Ticker ticker = new Ticker(system);
            for (int i = 0; i < 1_000; i++) {
                assertTrue(ticker.trySend(i));
            }
            ticker.send(PoisonPill.FINISHED);
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!ticker.isTerminated() && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertFalse(ticker.trySend(1), "a dead letter is not queued");
            assertEquals(1, errors.ofType(ActorError.DeadLetter.class).size());
        }
        try (ActorSystem system = ActorSystem.start(1)) {
            assertEquals("bound", assertThrows(NullPointerException.class, () -> new Sink(system, null)).getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> MailboxBound.refuse(0));
        assertThrows(IllegalArgumentException.class, () -> MailboxBound.drop(MailboxBound.MAX_CAPACITY + 1));
        assertThrows(IllegalArgumentException.class, () -> MailboxBound.waiting(1, Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class,
                () -> new MailboxBound(1, MailboxBound.OnFull.REFUSE, Duration.ofSeconds(1)));
        assertThrows(NullPointerException.class, () -> new MailboxBound(1, null, Duration.ZERO));
        assertEquals("MailboxBound.waiting(5, PT1S)", MailboxBound.waiting(5, Duration.ofSeconds(1)).toString());
    }

    /** An unbounded actor. */
    static final class Ticker extends Actor<Integer> {
        Ticker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer message) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void theMailboxAlarmFiresInTheErrorHandlerTheStatisticsAndJmxAndClears() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(config(errors).name("alarm").mailboxAlarm(500, Duration.ofMillis(20)));
        try {
            final Sink bounded = new Sink(system, MailboxBound.refuse(10_000));
            final Hold hold = new Hold();
            bounded.send(hold);
            hold.awaitEntered();
            for (int seq = 0; seq < 2_000; seq++) {
                bounded.send(new ItemMsg(new Item(0, seq)));
            }
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (errors.ofType(ActorError.MailboxAlarm.class).isEmpty() && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            final List<ActorError.MailboxAlarm> alarms = errors.ofType(ActorError.MailboxAlarm.class);
            assertEquals(1, alarms.size(), errors.all().toString());
            final ActorError.MailboxAlarm alarm = alarms.get(0);
            assertEquals(bounded.ticket(), alarm.mailbox());
            assertEquals(2_000, alarm.queued());
            assertEquals(500, alarm.threshold());
            assertTrue(alarm.actors().contains("1 x " + Sink.class.getName() + " (bounded: 2000 of 10000 queued)"),
                    alarm.actors());
            assertTrue(alarm.describe().startsWith("mailbox alarm: mailbox #" + bounded.ticket()), alarm.describe());

            Thread.sleep(100);                              // more checks: still one alarm while it stays long
            assertEquals(1, errors.ofType(ActorError.MailboxAlarm.class).size());
            final Health raised = system.statistics().health();
            assertEquals(1, raised.mailboxAlarms());
            assertEquals(1, raised.alarmedMailboxes());
            assertEquals(2_000, raised.longestMailbox());
            assertEquals(2_000, system.statistics().total().queued(), "the workers' queues hold the backlog");
            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            final ObjectName bean = new ObjectName(StatisticsMXBean.DOMAIN + ":type=ActorSystem,name=\"alarm\"");
            assertEquals(1L, server.getAttribute(bean, "MailboxAlarms"));
            assertEquals(1L, server.getAttribute(bean, "AlarmedMailboxes"));
            assertEquals(2_000L, server.getAttribute(bean, "LongestMailbox"));
            final long[] byWorker = (long[]) server.getAttribute(bean, "QueuedByWorker");
            assertEquals(2, byWorker.length);
            assertEquals(2_000, byWorker[0] + byWorker[1]);
            assertTrue(((String) server.getAttribute(bean, "Report")).contains("mailbox alarms 1, alarmed mailboxes 1"));

            hold.release().countDown();
            final long drained = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (system.statistics().health().alarmedMailboxes() != 0 && System.nanoTime() < drained) {
                Thread.sleep(5);
            }
            assertEquals(0, system.statistics().health().alarmedMailboxes(), "cleared once it drained");
            assertEquals(1, system.statistics().health().mailboxAlarms());
            bounded.send(PoisonPill.FINISHED);
        } finally {
            system.stop();
        }
        assertEquals(1, errors.all().size(), errors.all().toString());
    }

    @Test
    void theAlarmIsOffByDefaultAndItsSettingsAreChecked() {
        final ActorSystemConfig config = ActorSystemConfig.builder().build();
        assertEquals(0, config.mailboxAlarm());
        assertEquals(ActorSystemConfig.DEFAULT_MAILBOX_ALARM_EVERY, config.mailboxAlarmEvery());
        assertNotNull(config.toString());
        assertTrue(config.toString().contains("mailboxAlarm=off"), config.toString());
        assertTrue(ActorSystemConfig.builder().mailboxAlarm(10).build().toString().contains("mailboxAlarm=10 every PT1S"));
        assertThrows(IllegalArgumentException.class, () -> ActorSystemConfig.builder().mailboxAlarm(-1).build());
        assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().mailboxAlarm(10, Duration.ofMillis(1)).build());
    }
}
