package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.Receptionist;
import actor.api.Receptionist.Listing;
import actor.api.ServiceKey;
import actor.api.routing.Router;
import actor.api.routing.Routing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The receptionist on the module path: registrations found by typed key, subscribers getting the
 * current set and then every change in order, actors that end leaving their keys, subscribers that
 * end getting nothing more (no dead letter), concurrent registrations, invalid input, and a system
 * that used it stopping as before.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReceptionistTest {

    private static final ServiceKey<String> WORDS = new ServiceKey<>(String.class, "words");
    private static final ServiceKey<String> OTHER = new ServiceKey<>(String.class, "other");

    /** Ends on "status" (FINISHED), fails on "fail", keeps receiving otherwise. */
    static final class Target extends Actor<String> {
        Target(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            if (message.equals("fail")) {
                throw new IllegalStateException("failing on purpose");
            }
            return message.equals("status") ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    /** Records the listings it gets. */
    static final class Recorder extends Actor<Listing<String>> {
        final BlockingQueue<Set<ActorRef<String>>> listings = new LinkedBlockingQueue<>();

        Recorder(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Listing<String> listing) {
            listings.add(listing.refs());
            return Allocation.NODELETE;
        }

        Set<ActorRef<String>> next() throws InterruptedException {
            final Set<ActorRef<String>> listing = listings.poll(10, TimeUnit.SECONDS);
            assertTrue(listing != null, "no listing within 10 s");
            return listing;
        }
    }

    /** Registers itself under WORDS, then fails, as a constructor that throws after super(system). */
    static final class FailingConstructor extends Actor<String> {
        FailingConstructor(ActorSystem system) {
            super(system);
            system.receptionist().register(WORDS, ref());
            throw new IllegalStateException("constructor fails after registering");
        }

        @Override
        protected Allocation receive(String message) {
            return Allocation.NODELETE;
        }
    }

    private static ActorSystem start(RecordingErrorHandler errors) {
        return ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
    }

    private static void stop(ActorSystem system, RecordingErrorHandler errors) throws InterruptedException {
        assertTrue(system.stop(Duration.ofSeconds(10)), "the system did not stop: " + errors.all());
        assertEquals(0, system.liveActors());
        assertEquals(List.of(), errors.ofType(ActorError.StopWaiting.class));
        assertEquals(0, system.deadLetters());
    }

    @Test
    void registeredActorsAreFoundByTheirKeyOnly() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        assertTrue(receptionist == system.receptionist(), "one receptionist per system");
        final Target a = new Target(system);
        final Target b = new Target(system);
        receptionist.register(WORDS, a.ref());
        receptionist.register(WORDS, b.ref());
        receptionist.register(WORDS, a.ref());
        receptionist.register(OTHER, b.ref());
        final Set<ActorRef<String>> found = receptionist.find(WORDS);
        assertEquals(Set.of(a.ref(), b.ref()), found);
        assertEquals(Set.of(b.ref()), receptionist.find(OTHER));
        assertEquals(Set.of(), receptionist.find(new ServiceKey<>(String.class, "unused")));
        assertThrows(UnsupportedOperationException.class, () -> found.add(a.ref()));

        receptionist.deregister(WORDS, a.ref());
        receptionist.deregister(OTHER, a.ref());
        assertEquals(Set.of(b.ref()), receptionist.find(WORDS));
        assertEquals(Set.of(b.ref()), receptionist.find(OTHER));
        assertEquals(Set.of(a.ref(), b.ref()), found, "a found set is a snapshot");
        a.send(PoisonPill.FINISHED);
        b.send(PoisonPill.FINISHED);
        stop(system, errors);
        assertEquals(Set.of(), receptionist.find(WORDS));
    }

    @Test
    void keysWithOneIdAndTwoMessageClassesAreTwoKeys() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final ServiceKey<Integer> numbers = new ServiceKey<>(Integer.class, "words");
        assertNotEquals(WORDS, numbers);
        assertEquals(WORDS, new ServiceKey<>(String.class, "words"));
        final Target target = new Target(system);
        system.receptionist().register(WORDS, target.ref());
        assertEquals(Set.of(), system.receptionist().find(numbers));
        assertEquals(Set.of(target.ref()), system.receptionist().find(WORDS));
        target.send(PoisonPill.FINISHED);
        stop(system, errors);
    }

    @Test
    void aSubscriberGetsTheCurrentSetThenEveryChangeInOrder() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Target a = new Target(system);
        final Target b = new Target(system);
        final Target c = new Target(system);
        final Recorder recorder = new Recorder(system);
        receptionist.register(WORDS, a.ref());
        receptionist.subscribe(WORDS, recorder.ref());
        receptionist.register(WORDS, b.ref());
        receptionist.register(WORDS, b.ref());
        receptionist.register(OTHER, c.ref());
        receptionist.deregister(WORDS, a.ref());
        receptionist.register(WORDS, c.ref());
        assertEquals(Set.of(a.ref()), recorder.next());
        assertEquals(Set.of(a.ref(), b.ref()), recorder.next());
        assertEquals(Set.of(b.ref()), recorder.next());
        assertEquals(Set.of(b.ref(), c.ref()), recorder.next());

        receptionist.unsubscribe(WORDS, recorder.ref());
        receptionist.register(WORDS, a.ref());
        assertEquals(Set.of(a.ref(), b.ref(), c.ref()), receptionist.find(WORDS));
        for (Actor<?> actor : List.of(a, b, c, recorder)) {
            actor.send(PoisonPill.FINISHED);
        }
        stop(system, errors);
        assertNull(recorder.listings.poll(), "a listing after unsubscribe");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pill", "status", "fail"})
    void anActorThatEndsLeavesEveryKey(String how) throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Target staying = new Target(system);
        final Target ending = new Target(system);
        final Recorder words = new Recorder(system);
        final Recorder other = new Recorder(system);
        receptionist.register(WORDS, staying.ref());
        receptionist.register(WORDS, ending.ref());
        receptionist.register(OTHER, ending.ref());
        receptionist.subscribe(WORDS, words.ref());
        receptionist.subscribe(OTHER, other.ref());
        assertEquals(Set.of(staying.ref(), ending.ref()), words.next());
        assertEquals(Set.of(ending.ref()), other.next());
        switch (how) {
            case "pill" -> ending.send(PoisonPill.FINISHED);
            case "status" -> ending.send("status");
            default -> ending.send("fail");
        }
        assertEquals(Set.of(staying.ref()), words.next());
        assertEquals(Set.of(), other.next());
        assertEquals(Set.of(staying.ref()), receptionist.find(WORDS));
        assertEquals(Set.of(), receptionist.find(OTHER));
        for (Actor<?> actor : List.of(staying, words, other)) {
            actor.send(PoisonPill.FINISHED);
        }
        assertTrue(system.stop(Duration.ofSeconds(10)), "the system did not stop: " + errors.all());
        assertEquals(0, system.liveActors());
        assertEquals(how.equals("fail") ? 1 : 0, errors.ofType(ActorError.BehaviourFailed.class).size());
    }

    @Test
    void aSubscriberThatEndedGetsNoListingAndNoDeadLetter() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Recorder recorder = new Recorder(system);
        final Target a = new Target(system);
        receptionist.subscribe(WORDS, recorder.ref());
        assertEquals(Set.of(), recorder.next());
        // A subscriber that is no actor: an ask's reply-to, done once it has the current listing.
        final ActorRef<String> nowhere = message -> { };
        final Listing<String> asked = system.<String, Listing<String>>ask(nowhere, replyTo -> {
            receptionist.subscribe(WORDS, replyTo);
            return "subscribed";
        }, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
        assertEquals(new Listing<>(WORDS, Set.of()), asked);

        recorder.send(PoisonPill.FINISHED);
        while (!recorder.isTerminated()) {
            Thread.onSpinWait();
        }
        receptionist.register(WORDS, a.ref());
        receptionist.deregister(WORDS, a.ref());
        a.send(PoisonPill.FINISHED);
        stop(system, errors);
        assertNull(recorder.listings.poll(), "a listing after its end");
        assertEquals(0, errors.undeliveredCount());
    }

    @Test
    void concurrentRegistrationsFromFourThreadsGiveTheExactSetAndOneListingPerChange() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Recorder recorder = new Recorder(system);
        receptionist.subscribe(WORDS, recorder.ref());
        final int threads = 4;
        final int each = 100;
        final List<List<Target>> made = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final List<Target> mine = new ArrayList<>();
            for (int i = 0; i < each; i++) {
                mine.add(new Target(system));
            }
            made.add(mine);
        }
        final CyclicBarrier start = new CyclicBarrier(threads);
        // NOTE: threads of the test's own: the common pool may run fewer tasks at once than the barrier waits for.
        final ExecutorService registrars = Executors.newFixedThreadPool(threads);
        try {
            final List<Future<?>> done = new ArrayList<>();
            for (List<Target> mine : made) {
                done.add(registrars.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (Target target : mine) {
                        receptionist.register(WORDS, target.ref());
                    }
                    return null;
                }));
            }
            for (Future<?> registered : done) {
                registered.get(20, TimeUnit.SECONDS);
            }
        } finally {
            registrars.shutdownNow();
        }
        final Set<ActorRef<String>> expected = new HashSet<>();
        made.forEach(mine -> mine.forEach(target -> expected.add(target.ref())));
        assertEquals(expected, receptionist.find(WORDS));
        Set<ActorRef<String>> previous = recorder.next();
        assertEquals(Set.of(), previous);
        for (int change = 1; change <= threads * each; change++) {
            final Set<ActorRef<String>> listing = recorder.next();
            assertEquals(change, listing.size(), "listing " + change);
            assertTrue(listing.containsAll(previous), "listing " + change + " lost an actor");
            previous = listing;
        }
        assertEquals(expected, previous);
        made.forEach(mine -> mine.forEach(target -> target.send(PoisonPill.FINISHED)));
        recorder.send(PoisonPill.FINISHED);
        stop(system, errors);
    }

    @Test
    void invalidInputIsRefusedWithClearMessages() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Target target = new Target(system);
        assertEquals("id", assertThrows(NullPointerException.class, () -> new ServiceKey<>(String.class, null)).getMessage());
        assertEquals("messageClass", assertThrows(NullPointerException.class, () -> new ServiceKey<>(null, "id")).getMessage());
        assertEquals("id = \"\": must not be empty or blank",
                assertThrows(IllegalArgumentException.class, () -> new ServiceKey<>(String.class, "")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ServiceKey<>(String.class, "  "));
        assertEquals("key", assertThrows(NullPointerException.class, () -> receptionist.register(null, target.ref())).getMessage());
        assertEquals("ref", assertThrows(NullPointerException.class, () -> receptionist.register(WORDS, null)).getMessage());
        assertEquals("ref", assertThrows(NullPointerException.class, () -> receptionist.deregister(WORDS, null)).getMessage());
        assertEquals("key", assertThrows(NullPointerException.class, () -> receptionist.find(null)).getMessage());
        assertEquals("subscriber", assertThrows(NullPointerException.class, () -> receptionist.subscribe(WORDS, null)).getMessage());
        assertEquals("subscriber", assertThrows(NullPointerException.class, () -> receptionist.unsubscribe(WORDS, null)).getMessage());
        final ActorRef<String> router = Router.group(List.of(target.ref()), Routing.roundRobin());
        final IllegalArgumentException notLocal = assertThrows(IllegalArgumentException.class,
                () -> receptionist.register(WORDS, router));
        assertTrue(notLocal.getMessage().contains("routers and remote references cannot be registered"), notLocal.getMessage());
        assertEquals(Set.of(), receptionist.find(WORDS));
        assertEquals(1, system.liveActors(), "only the target: a refused registration made no watcher");
        target.send(PoisonPill.FINISHED);
        stop(system, errors);
    }

    @Test
    void aSpawnThatFailsAfterRegisteringLeavesTheReceptionistWorking() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        assertThrows(IllegalStateException.class, () -> system.spawn(FailingConstructor::new));
        final Recorder recorder = new Recorder(system);
        final Target target = new Target(system);
        receptionist.subscribe(WORDS, recorder.ref());
        receptionist.register(WORDS, target.ref());
        final Set<ActorRef<String>> first = recorder.next();
        assertTrue(first.size() <= 1, "the failed actor leaves its key: " + first);
        target.send(PoisonPill.FINISHED);
        Set<ActorRef<String>> last = recorder.next();
        while (!last.isEmpty()) {
            last = recorder.next();
        }
        assertEquals(Set.of(), receptionist.find(WORDS));
        recorder.send(PoisonPill.FINISHED);
        stop(system, errors);
    }

    @Test
    void aSystemWhoseRegisteredActorsAreLeftLiveShutsDown() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = start(errors);
        final Receptionist receptionist = system.receptionist();
        final Recorder recorder = new Recorder(system);
        receptionist.register(WORDS, new Target(system).ref());
        receptionist.subscribe(WORDS, recorder.ref());
        assertEquals(1, recorder.next().size());
        assertEquals(3, system.liveActors(), "two actors and the receptionist's watcher");
        assertFalse(system.stop(Duration.ofMillis(50)), "live actors keep it running");
        assertTrue(system.shutdown(Duration.ofSeconds(10)), "the watcher ends after the actors: " + errors.all());
        assertEquals(0, system.liveActors());
        assertEquals(List.of(), errors.ofType(ActorError.LiveActorsAbandoned.class));
        assertEquals(Set.of(), receptionist.find(WORDS));
    }
}
