package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.Stash;
import actor.api.StashOverflowException;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Stash}: capacity, order, overflow, the end of an actor while unstashing, and a real actor
 * that stashes requests while it waits for a reply.
 */
class StashTest {

    /** An actor that never receives anything: the owner of stashes the test thread drives. */
    static final class Idle extends Actor<Integer> {
        Idle(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer message) {
            return Allocation.NODELETE;
        }
    }

    /** Unstashes into a list, as a behaviour that handles every message. */
    private static List<Integer> unstashAll(Stash<Integer> stash) {
        final List<Integer> handled = new ArrayList<>();
        assertEquals(Allocation.NODELETE, stash.unstashAll(m -> {
            handled.add(m);
            return Allocation.NODELETE;
        }));
        return handled;
    }

    @Test
    @Timeout(30)
    void aFullStashRefusesExactlyTheOverflowingMessageNamingItsCapacity() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Idle owner = new Idle(kit.system());
            final Stash<Integer> stash = new Stash<>(owner, 3);
            assertTrue(stash.isEmpty());
            assertEquals(3, stash.capacity());
            stash.stash(1);
            stash.stash(2);
            assertFalse(stash.isFull());
            stash.stash(3);
            assertTrue(stash.isFull());

            final StashOverflowException refused = assertThrows(StashOverflowException.class, () -> stash.stash(4));
            assertEquals(3, refused.capacity());
            assertEquals(Integer.class.getName(), refused.messageClass());
            assertTrue(refused.getMessage().contains("capacity 3"), refused.getMessage());
            assertTrue(refused.getMessage().contains(owner.toString()), refused.getMessage());
            assertEquals(3, stash.size(), "the refused message was not stored");

            assertEquals(List.of(1, 2, 3), unstashAll(stash));
            assertTrue(stash.isEmpty());
            stash.stash(5);
            assertEquals(List.of(5), unstashAll(stash));
            owner.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void messagesStashedAgainWhileUnstashingStayStashedInTheirOrder() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Idle owner = new Idle(kit.system());
            final Stash<Integer> stash = new Stash<>(owner, 5);
            for (int i = 1; i <= 5; i++) {
                stash.stash(i);
            }
            final List<Integer> handled = new ArrayList<>();
            // 2 sends the actor back to waiting: it stashes 3, 4 and 5 again, behind nothing new.
            assertEquals(Allocation.NODELETE, stash.unstashAll(m -> {
                if (handled.contains(2)) {
                    stash.stash(m);
                } else {
                    handled.add(m);
                }
                return Allocation.NODELETE;
            }));
            assertEquals(List.of(1, 2), handled);
            assertEquals(3, stash.size(), "each message was taken before it was stashed again: no overflow");
            assertEquals(List.of(3, 4, 5), unstashAll(stash));
            owner.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(30)
    void aBehaviourThatThrowsLosesOnlyItsMessageAndTheRestStayStashed() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Idle owner = new Idle(kit.system());
            final Stash<Integer> stash = new Stash<>(owner, 4);
            for (int i = 1; i <= 4; i++) {
                stash.stash(i);
            }
            final IllegalArgumentException thrown = new IllegalArgumentException("no 2");
            assertSame(thrown, assertThrows(IllegalArgumentException.class, () -> stash.unstashAll(m -> {
                if (m == 2) {
                    throw thrown;
                }
                return Allocation.NODELETE;
            })));
            assertEquals(List.of(3, 4), unstashAll(stash));
            stash.stash(7);
            stash.stash(8);
            assertEquals(2, stash.clear());
            assertTrue(stash.isEmpty());
            assertEquals(List.of(), unstashAll(stash));
            owner.send(PoisonPill.FINISHED);
        }
    }

    @Test
    void invalidArgumentsFailNamingTheParameterAndItsRange() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final Idle owner = new Idle(kit.system());
            assertEquals("capacity = 0: must be in [1, 1073741824]",
                    assertThrows(IllegalArgumentException.class, () -> new Stash<Integer>(owner, 0)).getMessage());
            assertEquals("capacity = -1: must be in [1, 1073741824]",
                    assertThrows(IllegalArgumentException.class, () -> new Stash<Integer>(owner, -1)).getMessage());
            assertEquals("capacity = 1073741825: must be in [1, 1073741824]", assertThrows(IllegalArgumentException.class,
                    () -> new Stash<Integer>(owner, Stash.MAX_CAPACITY + 1)).getMessage());
            assertEquals("owner", assertThrows(NullPointerException.class, () -> new Stash<Integer>(null, 1)).getMessage());
            final Stash<Integer> stash = new Stash<>(owner, 2);
            assertEquals("message", assertThrows(NullPointerException.class, () -> stash.stash(null)).getMessage());
            assertEquals("behaviour", assertThrows(NullPointerException.class, () -> stash.unstashAll(null)).getMessage());
            stash.stash(1);
            final NullPointerException nullStatus = assertThrows(NullPointerException.class, () -> stash.unstashAll(m -> null));
            assertTrue(nullStatus.getMessage().contains("returned null"), nullStatus.getMessage());
            assertTrue(stash.isEmpty());
            owner.send(PoisonPill.FINISHED);
        }
    }

    sealed interface CacheMsg permits Get, Loaded, Reload {
    }

    /** Asks for entry {@code n}: answered {@code "n@version"}. */
    record Get(int n, ActorRef<String> replyTo) implements CacheMsg {
    }

    /** The loader's reply: the cache's content is now at {@code version}. */
    record Loaded(int version) implements CacheMsg {
    }

    /** Load again: requests wait until the loader has answered. */
    record Reload() implements CacheMsg {
    }

    /** The request to the loader. */
    record Load(ActorRef<? super Loaded> replyTo) {
    }

    /** Stashes requests while it waits for its loader's reply, then answers them, in order. */
    static final class Cache extends Actor<CacheMsg> {
        private final Stash<CacheMsg> stash = new Stash<>(this, 100);
        private final ActorRef<Load> loader;
        /** The content's version; 0 while loading. */
        private int version;

        Cache(ActorSystem system, ActorRef<Load> loader) {
            super(system);
            this.loader = loader;
            loader.send(new Load(ref()));
        }

        @Override
        protected Allocation receive(CacheMsg msg) {
            if (msg instanceof Loaded loaded) {
                version = loaded.version();
                return stash.unstashAll(this::receive);
            }
            if (version == 0) {
                stash.stash(msg);
                return Allocation.NODELETE;
            }
            if (msg instanceof Reload) {
                version = 0;
                loader.send(new Load(ref()));
            } else {
                final Get get = (Get) msg;
                get.replyTo().send(get.n() + "@" + version);
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void whileWaitingForAReplyRequestsAreHeldThenAnsweredInOrderBeforeLaterOnes() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<Load> loader = kit.probe();
            final TestProbe<String> client = kit.probe();
            final Cache cache = new Cache(kit.system(), loader.ref());
            final Load first = loader.expectMessage();
            for (int n = 1; n <= 5; n++) {
                cache.send(new Get(n, client.ref()));
            }
            client.expectNoMessage(Duration.ofMillis(100));
            first.replyTo().send(new Loaded(1));
            cache.send(new Get(6, client.ref()));
            assertEquals(List.of("1@1", "2@1", "3@1", "4@1", "5@1", "6@1"),
                    client.receiveMessages(6, TestProbe.DEFAULT_TIMEOUT));

            cache.send(new Reload()).send(new Get(7, client.ref())).send(new Get(8, client.ref()));
            final Load second = loader.expectMessage();
            client.expectNoMessage(Duration.ofMillis(50));
            second.replyTo().send(new Loaded(2));
            assertEquals(List.of("7@2", "8@2"), client.receiveMessages(2, TestProbe.DEFAULT_TIMEOUT));
            cache.send(PoisonPill.FINISHED);
        }
    }

    /** Stashes numbers until 0 arrives, then unstashes them: a negative one ends it, with FINISHED. */
    static final class Gate extends Actor<Integer> {
        private final Stash<Integer> stash;
        private final ActorRef<Integer> handled;
        private boolean open;

        Gate(ActorSystem system, int capacity, ActorRef<Integer> handled) {
            super(system);
            this.stash = new Stash<>(this, capacity);
            this.handled = handled;
        }

        @Override
        protected Allocation receive(Integer n) {
            if (n == 0) {
                open = true;
                return stash.unstashAll(this::receive);
            }
            if (!open) {
                stash.stash(n);
                return Allocation.NODELETE;
            }
            if (n < 0) {
                return Allocation.FINISHED;
            }
            handled.send(n);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void aStashedMessageThatEndsTheActorMakesTheRestDeadLettersWithItsStatusInOrder() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final TestProbe<Integer> handled = new TestProbe<>(system);
        final Gate gate = new Gate(system, 10, handled.ref());
        gate.send(1).send(2).send(-1).send(3).send(4).send(0);
        assertEquals(List.of(1, 2), handled.receiveMessages(2, TestProbe.DEFAULT_TIMEOUT));
        handled.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertTrue(gate.isTerminated());
        assertEquals(0, handled.pending());
        final List<ActorError.DeadLetter> dead = errors.ofType(ActorError.DeadLetter.class);
        assertEquals(List.of(3, 4), dead.stream().map(ActorError.DeadLetter::message).toList());
        assertTrue(dead.stream().allMatch(d -> d.actor() == gate && d.status() == Allocation.FINISHED), dead.toString());
        assertEquals(2, system.deadLetters());
        assertEquals(List.of(), errors.ofType(ActorError.BehaviourFailed.class));
    }

    @Test
    @Timeout(30)
    void anOverflowInABehaviourIsReportedWithTheRefusedMessageAndTheFailurePolicyApplies() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final TestProbe<Integer> handled = new TestProbe<>(system);
        final Gate gate = new Gate(system, 2, handled.ref());
        gate.send(1).send(2).send(3);
        handled.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)), "the default policy, STOP, ended the gate");
        final List<ActorError.BehaviourFailed> failed = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failed.size(), failed.toString());
        assertSame(gate, failed.get(0).actor());
        assertEquals(3, failed.get(0).message(), "the report carries the refused message");
        assertEquals(2, assertInstanceOf(StashOverflowException.class, failed.get(0).failure()).capacity());
        assertEquals(Allocation.FINISHED, failed.get(0).outcome());
        assertEquals(0, handled.pending());
    }

    /** Stashes everything until 0; unstashing, each message awaits: which unstashAll refuses. */
    static final class Awaiter extends Actor<Integer> {
        private final Stash<Integer> stash = new Stash<>(this, 4);
        private boolean open;

        Awaiter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer n) {
            if (n == 0) {
                open = true;
                return stash.unstashAll(this::receive);
            }
            if (!open) {
                stash.stash(n);
                return Allocation.NODELETE;
            }
            return await(CompletableFuture.completedFuture(n), (value, failure) -> Allocation.NODELETE);
        }
    }

    @Test
    @Timeout(30)
    void aBehaviourRunByUnstashAllCannotAwait() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final Awaiter awaiter = new Awaiter(system);
        awaiter.send(1).send(0);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        final List<ActorError.BehaviourFailed> failed = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failed.size(), failed.toString());
        assertEquals(0, failed.get(0).message());
        final IllegalStateException refused = assertInstanceOf(IllegalStateException.class, failed.get(0).failure());
        assertTrue(refused.getMessage().contains("unstashAll"), refused.getMessage());
    }
}
