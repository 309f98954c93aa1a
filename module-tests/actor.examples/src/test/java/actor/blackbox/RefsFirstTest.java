package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.ActorTerminatedException;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.OwnedRef;
import actor.api.PoisonPill;
import actor.api.routing.Pool;
import actor.api.routing.Routing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Refs first: {@code ActorSystem.spawnRef} returns a reference that sends and can end its actor;
 * {@code ActorRef.narrow} types a reference for a sub-protocol; {@code Actor.spawnChild} makes
 * children that end with their parent, after the messages queued for them; names show in errors,
 * dead letters, a waiting stop's census, undelivered messages and the terminated-send exception.
 */
class RefsFirstTest {

    sealed interface ParentMsg permits Count, Reset {
    }

    record Count(int n) implements ParentMsg {
    }

    record Reset() implements ParentMsg {
    }

    /** Sums the counts; a reset answers the sum so far to the future and starts again. */
    static final class Summer extends Actor<ParentMsg> {
        private final CompletableFuture<Integer> sum;
        private int total;

        Summer(ActorSystem system, CompletableFuture<Integer> sum) {
            super(system);
            this.sum = sum;
        }

        @Override
        protected Allocation receive(ParentMsg msg) {
            if (msg instanceof Count count) {
                total += count.n();
            } else {
                sum.complete(total);
                total = 0;
            }
            return Allocation.NODELETE;
        }
    }

    /** Handles its messages slowly and counts them (its own and all); records how many it had at its end. */
    static final class Slow extends Actor<Integer> {
        private final AtomicInteger handled;
        private final ConcurrentLinkedQueue<String> ends;
        private final String id;
        private int mine;

        Slow(ActorSystem system, AtomicInteger handled, ConcurrentLinkedQueue<String> ends, String id) {
            super(system);
            this.handled = handled;
            this.ends = ends;
            this.id = id;
        }

        @Override
        protected Allocation receive(Integer message) {
            spin(TimeUnit.MICROSECONDS.toNanos(50));
            mine++;
            handled.incrementAndGet();
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            ends.add(id + " after " + mine);
            return pill.status();
        }
    }

    @Test
    @Timeout(30)
    void spawnRefReturnsAReferenceThatSendsAndEndsItsActorAfterItsQueuedMessages() throws Exception {
        try (ActorSystem system = ActorSystem.start(2)) {
            final AtomicInteger handled = new AtomicInteger();
            final ConcurrentLinkedQueue<String> ends = new ConcurrentLinkedQueue<>();
            final OwnedRef<Integer> slow = system.spawnRef(s -> new Slow(s, handled, ends, "slow"));
            for (int i = 0; i < 500; i++) {
                slow.send(i);
            }
            slow.send(PoisonPill.FINISHED);
            awaitTerminated(slow);
            assertEquals(500, handled.get());
            assertEquals(List.of("slow after 500"), List.copyOf(ends), "the pill came after the 500 messages");
            assertEquals(0, system.liveActors());
            final ActorRef<Integer> plain = slow;                       // handed out: sends only
            plain.send(1);
            assertEquals(1, system.deadLetters(), "a send after the pill is a dead letter");
        }
    }

    @Test
    @Timeout(30)
    void narrowTypesTheSameReferenceForASubProtocol() throws Exception {
        try (ActorSystem system = ActorSystem.start(2)) {
            final CompletableFuture<Integer> sum = new CompletableFuture<>();
            final OwnedRef<ParentMsg> summer = system.spawnRef(s -> new Summer(s, sum));
            final ActorRef<Count> counts = summer.narrow();            // not ActorRef<? super Count>
            final List<ActorRef<Count>> reporters = List.of(counts, summer.<Count>narrow());
            for (ActorRef<Count> reporter : reporters) {
                reporter.send(new Count(20));
            }
            counts.send(new Count(2));
            summer.send(new Reset());
            assertEquals(42, sum.get(10, TimeUnit.SECONDS));
            assertSame(summer, counts, "narrowing makes no new reference");
            assertEquals(summer, counts);
            assertEquals(summer.hashCode(), counts.hashCode());
            final ActorRef<ParentMsg> wide = summer.narrow();          // the whole protocol is a sub-protocol too
            assertSame(summer, wide);
            summer.send(PoisonPill.FINISHED);
            awaitTerminated(summer);
            assertTrue(counts.isTerminated(), "a narrowed reference tells the end as the reference does");
        }
    }

    @Test
    @Timeout(30)
    void aPoolIsAnOwnedReferenceToo() throws Exception {
        try (ActorSystem system = ActorSystem.start(2)) {
            final AtomicInteger handled = new AtomicInteger();
            final ConcurrentLinkedQueue<String> ends = new ConcurrentLinkedQueue<>();
            final OwnedRef<Integer> pool = Pool.spawn(system, 3, s -> new Slow(s, handled, ends, "routee"),
                    Routing.roundRobin());
            for (int i = 0; i < 30; i++) {
                pool.send(i);
            }
            pool.send(PoisonPill.FINISHED);
            awaitTerminated(pool);
            assertEquals(30, handled.get());
            assertEquals(3, ends.size());
        }
    }

    /** Spawns {@code children} children, sends each {@code messages}, then ends as told. */
    static final class Parent extends Actor<String> {
        private final AtomicInteger handled;
        private final ConcurrentLinkedQueue<String> ends;
        private final int children;
        private final int messages;
        final List<OwnedRef<Integer>> made = new ArrayList<>();

        Parent(ActorSystem system, AtomicInteger handled, ConcurrentLinkedQueue<String> ends, int children, int messages) {
            super(system);
            this.handled = handled;
            this.ends = ends;
            this.children = children;
            this.messages = messages;
        }

        @Override
        protected Allocation receive(String how) {
            switch (how) {
                case "spawn" -> {
                    for (int c = 0; c < children; c++) {
                        final String id = "child-" + c;
                        final OwnedRef<Integer> child = spawnChild(s -> new Slow(s, handled, ends, id), id);
                        made.add(child);
                        for (int m = 0; m < messages; m++) {
                            child.send(m);
                        }
                    }
                    return Allocation.NODELETE;
                }
                case "end" -> {
                    return Allocation.FINISHED;
                }
                case "fail" -> throw new IllegalStateException("the parent fails");
                default -> {
                    return Allocation.NODELETE;
                }
            }
        }
    }

    @Test
    @Timeout(60)
    void childrenEndWithTheirParentAfterTheirQueuedMessages() throws Exception {
        for (String end : List.of("end", "fail", "pill")) {
            final RecordingErrorHandler errors = new RecordingErrorHandler();
            try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build())) {
                final AtomicInteger handled = new AtomicInteger();
                final ConcurrentLinkedQueue<String> ends = new ConcurrentLinkedQueue<>();
                final Parent parent = new Parent(system, handled, ends, 8, 200);
                parent.send("spawn");
                if (end.equals("pill")) {
                    parent.send(PoisonPill.FINISHED);
                } else {
                    parent.send(end);
                }
                assertTrue(system.stop(Duration.ofSeconds(20)), end + ": every child ended with the parent");
                assertEquals(8 * 200, handled.get(), end + ": each child handled its queued messages first");
                assertEquals(8, ends.size(), end + ": " + ends);
                for (String ended : ends) {
                    assertTrue(ended.endsWith(" after 200"), end + ": " + ends);
                }
                assertEquals(0, system.deadLetters(), end);
                assertEquals(0, errors.undeliveredCount(), end + ": " + errors.all());
                assertEquals(end.equals("fail") ? 1 : 0, errors.ofType(ActorError.BehaviourFailed.class).size(), end);
            }
        }
    }

    /** A chain: each link spawns the next as its child, down to {@code depth}, and counts its end. */
    static final class Link extends Actor<String> {
        private final int depth;
        private final CountDownLatch built;
        private final ConcurrentLinkedQueue<Integer> ends;

        Link(ActorSystem system, int depth, CountDownLatch built, ConcurrentLinkedQueue<Integer> ends) {
            super(system);
            this.depth = depth;
            this.built = built;
            this.ends = ends;
            if (depth == 0) {
                built.countDown();
            }
        }

        @Override
        protected Allocation receive(String message) {
            if (depth > 0) {
                spawnChild(s -> new Link(s, depth - 1, built, ends), "link-" + (depth - 1)).send("grow");
            }
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            ends.add(depth);
            return pill.status();
        }
    }

    @Test
    @Timeout(30)
    void grandchildrenEndWithTheirParentsInTurn() throws Exception {
        try (ActorSystem system = ActorSystem.start(2)) {
            final CountDownLatch built = new CountDownLatch(1);
            final ConcurrentLinkedQueue<Integer> ends = new ConcurrentLinkedQueue<>();
            final OwnedRef<String> root = system.spawnRef(s -> new Link(s, 20, built, ends), "root");
            root.send("grow");
            assertTrue(built.await(10, TimeUnit.SECONDS));
            assertEquals(21, system.liveActors());
            root.send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(10)));
            final List<Integer> expected = new ArrayList<>();
            for (int depth = 20; depth >= 0; depth--) {
                expected.add(depth);
            }
            assertEquals(expected, List.copyOf(ends), "each link ends once its parent has");
        }
    }

    /** Ends each child it is told to, then itself on "end"; a child may also have ended by itself. */
    static final class Keeper extends Actor<String> {
        final List<OwnedRef<Integer>> children = new ArrayList<>();
        private final AtomicInteger handled;
        private final ConcurrentLinkedQueue<String> ends;

        Keeper(ActorSystem system, AtomicInteger handled, ConcurrentLinkedQueue<String> ends) {
            super(system);
            this.handled = handled;
            this.ends = ends;
        }

        @Override
        protected Allocation receive(String how) {
            switch (how) {
                case "spawn" -> {
                    for (int c = 0; c < 4; c++) {
                        children.add(spawnChild(s -> new Slow(s, handled, ends, "kept")));
                    }
                    children.get(0).send(PoisonPill.FINISHED);      // Pekko: context.stop(child)
                    children.get(1).send(PoisonPill.DELETE);
                    return Allocation.NODELETE;
                }
                case "end" -> {
                    return Allocation.FINISHED;
                }
                default -> {
                    return Allocation.NODELETE;
                }
            }
        }
    }

    @Test
    @Timeout(30)
    void aChildEndedFirstGetsNothingWhenItsParentEnds() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build())) {
            final AtomicInteger handled = new AtomicInteger();
            final ConcurrentLinkedQueue<String> ends = new ConcurrentLinkedQueue<>();
            final Keeper keeper = new Keeper(system, handled, ends);
            keeper.send("spawn");
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ends.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(2, ends.size(), "the two children told to end have");
            assertEquals(3, system.liveActors(), "the keeper and two children");
            keeper.send("end");
            assertTrue(system.stop(Duration.ofSeconds(10)));
            assertEquals(4, ends.size(), "each child ended once: " + ends);
            assertEquals(0, system.deadLetters());
            assertEquals(List.of(), errors.all());
        }
    }

    /** Watches and unwatches its parent: the bond to it stays. */
    static final class Unwatching extends Actor<String> {
        private final ActorRef<String> parent;
        private final ConcurrentLinkedQueue<String> seen;

        Unwatching(ActorSystem system, ActorRef<String> parent, ConcurrentLinkedQueue<String> seen) {
            super(system);
            this.parent = parent;
            this.seen = seen;
        }

        @Override
        protected Allocation receive(String message) {
            seen.add(message);
            if (message.equals("watch")) {
                watch(parent, "parent ended");
                unwatch(parent);
            }
            return Allocation.NODELETE;
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            seen.add("pill");
            return pill.status();
        }
    }

    @Test
    @Timeout(30)
    void aChildsOwnWatchOfItsParentNeitherReplacesNorEndsTheBond() throws Exception {
        try (ActorSystem system = ActorSystem.start(2)) {
            final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
            final CountDownLatch spawned = new CountDownLatch(1);
            final OwnedRef<String> parent = system.spawnRef(s -> new Actor<String>(s) {
                @Override
                protected Allocation receive(String message) {
                    spawnChild(c -> new Unwatching(c, ref(), seen)).send("watch");
                    spawned.countDown();
                    return Allocation.NODELETE;
                }
            });
            parent.send("spawn");
            assertTrue(spawned.await(10, TimeUnit.SECONDS));
            parent.send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(10)));
            assertEquals(List.of("watch", "pill"), List.copyOf(seen));
        }
    }

    @Test
    @Timeout(30)
    void spawnChildOutsideTheParentsBehaviourFailsAndLeavesNoChild() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build())) {
            final AtomicInteger made = new AtomicInteger();
            final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> system.spawn(s -> new Actor<String>(s) {
                {
                    spawnChild(c -> {
                        made.incrementAndGet();
                        return new Slow(c, new AtomicInteger(), new ConcurrentLinkedQueue<>(), "orphan");
                    });
                }

                @Override
                protected Allocation receive(String message) {
                    return Allocation.NODELETE;
                }
            }));
            assertTrue(refused.getMessage().contains("spawnChild"), refused.getMessage());
            assertEquals(1, made.get());
            assertTrue(system.stop(Duration.ofSeconds(10)), "neither the would-be parent nor its child is left live");
            assertEquals(List.of(), errors.all());
        }
    }

    @Test
    @Timeout(30)
    void blankOrMissingNamesAreRefused() {
        try (ActorSystem system = ActorSystem.start(1)) {
            assertThrows(IllegalArgumentException.class, () -> system.spawnRef(s -> new Summer(s, null), " "));
            assertThrows(NullPointerException.class, () -> system.spawnRef(s -> new Summer(s, null), null));
            assertThrows(NullPointerException.class, () -> system.spawnRef(null));
            assertEquals(0, system.liveActors(), "a refused name makes no actor");
        }
    }

    static final class Failing extends Actor<String> {
        Failing(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            if (message.equals("fail")) {
                throw new IllegalStateException("boom");
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void namesShowInErrorsDeadLettersUndeliveredMessagesAndAWaitingStop() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors)
                .failurePolicy(FailurePolicy.RESUME).stopWarningAfter(Duration.ofMillis(20)).build());
        final OwnedRef<String> alice = system.spawnRef(Failing::new, "alice");
        final OwnedRef<String> bob = system.spawnRef(Failing::new, "bob");
        final OwnedRef<String> anonymous = system.spawnRef(Failing::new);
        assertTrue(alice.toString().contains("'alice' (" + Failing.class.getName() + "#"), alice.toString());
        assertFalse(anonymous.toString().contains("'"), anonymous.toString());

        alice.send("fail");
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (errors.ofType(ActorError.BehaviourFailed.class).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        final String failed = errors.ofType(ActorError.BehaviourFailed.class).get(0).describe();
        assertTrue(failed.startsWith("behaviour of 'alice' (" + Failing.class.getName() + "#"), failed);

        assertFalse(system.stop(Duration.ofMillis(300)), "three live actors");
        final List<ActorError.StopWaiting> waiting = errors.ofType(ActorError.StopWaiting.class);
        final String census = waiting.get(waiting.size() - 1).liveByClass();
        assertTrue(census.startsWith("3 x " + Failing.class.getName() + " ("), census);
        assertTrue(census.contains(" 'alice'") && census.contains(" 'bob'"), census);

        bob.send(PoisonPill.FINISHED);
        awaitTerminated(bob);
        bob.send("late");
        final String dead = errors.ofType(ActorError.DeadLetter.class).get(0).describe();
        assertTrue(dead.contains("sent to 'bob' (" + Failing.class.getName() + "#"), dead);

        alice.send(PoisonPill.FINISHED);
        anonymous.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(1, system.deadLetters());
    }

    @Test
    @Timeout(30)
    void aStrictSendToANamedActorThatEndedNamesIt() throws Exception {
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).strictSends(true).build())) {
            final OwnedRef<String> carol = system.spawnRef(Failing::new, "carol");
            carol.send(PoisonPill.FINISHED);
            awaitTerminated(carol);
            final ActorTerminatedException refused = assertThrows(ActorTerminatedException.class, () -> carol.send("x"));
            assertEquals("carol", refused.name());
            assertTrue(refused.getMessage().contains("'carol', " + Failing.class.getName()), refused.getMessage());
        }
    }

    @Test
    @Timeout(30)
    void undeliveredMessagesNameTheirActor() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build())) {
            final CountDownLatch release = new CountDownLatch(1);
            final OwnedRef<String> dave = system.spawnRef(s -> new Actor<String>(s) {
                @Override
                protected Allocation receive(String message) {
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Allocation.FINISHED;
                }
            }, "dave");
            dave.send("first");
            dave.send("queued behind its end");
            release.countDown();
            awaitTerminated(dave);
        }
        final List<ActorError.UndeliveredMessages> undelivered = errors.ofType(ActorError.UndeliveredMessages.class);
        assertEquals(1, undelivered.stream().mapToLong(ActorError.UndeliveredMessages::count).sum(), errors.all().toString());
        final String example = undelivered.get(0).examples().get(0);
        assertTrue(example.startsWith("'dave' (") && example.endsWith(" <- java.lang.String"), example);
    }

    /** Hands its reference out in its constructor, before its spawn names it. */
    static final class Early extends Actor<String> {
        final ActorRef<String> handedOut;

        Early(ActorSystem system) {
            super(system);
            handedOut = ref();
        }

        @Override
        protected Allocation receive(String message) {
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void aReferenceMadeInTheConstructorIsTheOneTheSpawnNames() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Early[] made = new Early[1];
            final OwnedRef<String> frank = system.spawnRef(s -> made[0] = new Early(s), "frank");
            assertSame(made[0].handedOut, frank);
            assertTrue(made[0].handedOut.toString().contains("'frank'"), made[0].handedOut.toString());
            final Early unnamed = new Early(system);
            assertFalse(unnamed.toString().contains("'"), "only a spawn with a name names: " + unnamed);
            frank.send(PoisonPill.FINISHED);
            unnamed.send(PoisonPill.FINISHED);
        }
    }

    private static void awaitTerminated(ActorRef<?> ref) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!ref.isTerminated() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(ref.isTerminated(), ref + " ended");
    }

    private static void spin(long nanos) {
        final long start = System.nanoTime();
        while (System.nanoTime() - start < nanos) {
            Thread.onSpinWait();
        }
    }
}
