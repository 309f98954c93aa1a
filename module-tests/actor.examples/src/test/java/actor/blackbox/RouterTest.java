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
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.routing.Pool;
import actor.api.routing.Router;
import actor.api.routing.Routing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Group and pool routers: how each strategy spreads messages, exactly-once delivery under
 * concurrent senders, terminated routees, a pool's end, and bad input.
 */
class RouterTest {

    /** A routee without a system: records what it is sent; a test may mark it terminated. */
    static final class Recorder<M> implements ActorRef<M> {
        final int id;
        final List<M> got = new ArrayList<>();
        volatile boolean terminated;

        Recorder(int id) {
            this.id = id;
        }

        @Override
        public void send(M message) {
            got.add(message);
        }

        @Override
        public boolean isTerminated() {
            return terminated;
        }

        /** Fixed, so a ring over recorders is the same in every run. */
        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public String toString() {
            return "Recorder" + id;
        }
    }

    static <M> List<Recorder<M>> recorders(int n) {
        return IntStream.range(0, n).mapToObj(Recorder<M>::new).toList();
    }

    @Test
    void roundRobinGivesEachRouteeItsTurnInOrder() {
        final List<Recorder<Object>> routees = recorders(3);
        final Router<Object> router = Router.group(routees, Routing.roundRobin());
        for (int i = 0; i < 300; i++) {
            router.send(i);
        }
        for (Recorder<Object> routee : routees) {
            assertEquals(IntStream.range(0, 300).filter(i -> i % 3 == routee.id).boxed().toList(), routee.got);
        }
    }

    @Test
    void randomReachesEveryRouteeAboutEqually() {
        final List<Recorder<Object>> routees = recorders(4);
        final Router<Object> router = Router.group(routees, Routing.random());
        for (int i = 0; i < 4000; i++) {
            router.send(i);
        }
        // 1000 expected each, standard deviation about 27: the bounds are 11 deviations away.
        for (Recorder<Object> routee : routees) {
            assertTrue(routee.got.size() >= 700 && routee.got.size() <= 1300, routee + " got " + routee.got.size());
        }
        assertEquals(4000, routees.stream().mapToInt(r -> r.got.size()).sum());
    }

    record Keyed(String key, int n) {
    }

    @Test
    void consistentHashingSendsEqualKeysToOneRouteeInOrderAndSpreadsDistinctKeys() {
        final List<Recorder<Keyed>> routees = recorders(4);
        final Router<Keyed> router = Router.group(routees, Routing.consistentHashing(Keyed::key));
        for (int n = 0; n < 8000; n++) {
            router.send(new Keyed(new String("k" + n % 2000), n));   // equal keys, distinct String objects
        }
        final Map<String, Recorder<Keyed>> owner = new HashMap<>();
        for (Recorder<Keyed> routee : routees) {
            int last = -1;
            for (Keyed keyed : routee.got) {
                assertSame(owner.computeIfAbsent(keyed.key(), k -> routee), routee, keyed.key() + " went to two routees");
                assertTrue(keyed.n() > last, "in order");
                last = keyed.n();
            }
            // 2000 keys over 4 routees at 100 points each: deterministic here; at least half a fair share.
            assertTrue(routee.got.size() >= 1000, routee + " got " + routee.got.size());
        }
        assertEquals(2000, owner.size());
    }

    @Test
    void aRouterIsAnActorRefSoRoutersNest() {
        final List<Recorder<Object>> left = recorders(2);
        final List<Recorder<Object>> right = recorders(2);
        final List<ActorRef<Object>> halves = List.of(Router.group(left, Routing.roundRobin()),
                Router.group(right, Routing.roundRobin()));
        final ActorRef<Object> both = Router.group(halves, Routing.roundRobin());
        for (int i = 0; i < 8; i++) {
            both.send(i);
        }
        assertEquals(List.of(List.of(0, 4), List.of(2, 6), List.of(1, 5), List.of(3, 7)),
                List.of(left.get(0).got, left.get(1).got, right.get(0).got, right.get(1).got));
    }

    /** Records every number it receives. */
    static final class Tally extends Actor<Integer> {
        final Queue<Integer> got = new ConcurrentLinkedQueue<>();

        Tally(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer n) {
            got.add(n);
            return Allocation.NODELETE;
        }
    }

    private static final int SENDERS = 4;
    private static final int PER_SENDER = 10_000;

    @ParameterizedTest
    @ValueSource(strings = {"round-robin", "random", "consistent-hashing"})
    @Timeout(60)
    void concurrentSendersThroughOneRouterDeliverEachMessageExactlyOnceInEachSendersOrder(String strategy)
            throws Exception {
        final Routing<Integer> routing = switch (strategy) {
            case "round-robin" -> Routing.roundRobin();
            case "random" -> Routing.random();
            default -> Routing.consistentHashing(n -> n % 1000);
        };
        final ActorSystem system = ActorSystem.start(4);
        final List<Tally> routees = IntStream.range(0, 4).mapToObj(i -> new Tally(system)).toList();
        final Router<Integer> router = Router.group(routees.stream().map(Tally::ref).toList(), routing);
        final CountDownLatch go = new CountDownLatch(1);
        final List<Thread> senders = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            final int first = s * PER_SENDER;
            senders.add(new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < PER_SENDER; i++) {
                    router.send(first + i);
                }
            }, "sender-" + s));
        }
        senders.forEach(Thread::start);
        go.countDown();
        for (Thread sender : senders) {
            sender.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(sender.isAlive(), sender.getName() + " still sending");
        }
        routees.forEach(t -> t.send(PoisonPill.FINISHED));
        assertTrue(system.stop(Duration.ofSeconds(30)));

        final Set<Integer> all = new HashSet<>();
        for (Tally routee : routees) {
            final int[] last = new int[SENDERS];
            Arrays.fill(last, -1);
            for (int n : routee.got) {
                assertTrue(all.add(n), n + " delivered twice");
                assertTrue(n > last[n / PER_SENDER], "sender " + n / PER_SENDER + "'s order");
                last[n / PER_SENDER] = n;
            }
            if (strategy.equals("round-robin")) {
                assertEquals(SENDERS * PER_SENDER / routees.size(), routee.got.size(), "exactly even");
            }
        }
        assertEquals(SENDERS * PER_SENDER, all.size());
        assertEquals(0, system.deadLetters());
    }

    private static void awaitTerminated(Actor<?> actor) throws InterruptedException {
        while (!actor.isTerminated()) {
            Thread.sleep(1);
        }
    }

    @Test
    @Timeout(30)
    void aTerminatedRouteeIsDroppedAndTheLiveOnesGetItsMessages() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final List<Tally> routees = IntStream.range(0, 3).mapToObj(i -> new Tally(system)).toList();
        final Router<Integer> router = Router.group(routees.stream().map(Tally::ref).toList(), Routing.roundRobin());
        routees.get(1).send(PoisonPill.FINISHED);
        awaitTerminated(routees.get(1));
        for (int i = 0; i < 30; i++) {
            router.send(i);
        }
        assertEquals(List.of(routees.get(0).ref(), routees.get(2).ref()), router.routees());
        assertFalse(router.isTerminated());
        routees.get(0).send(PoisonPill.FINISHED);
        routees.get(2).send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(30, routees.get(0).got.size() + routees.get(2).got.size());
        assertTrue(routees.get(1).got.isEmpty());
        assertEquals(0, system.deadLetters());
        assertEquals(List.of(), errors.all());
    }

    @Test
    @Timeout(30)
    void whenEveryRouteeHasTerminatedAMessageIsADeadLetter() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).errorHandler(errors).build());
        final List<Tally> routees = IntStream.range(0, 2).mapToObj(i -> new Tally(system)).toList();
        final Router<Integer> router = Router.group(routees.stream().map(Tally::ref).toList(), Routing.random());
        routees.forEach(t -> t.send(PoisonPill.FINISHED));
        for (Tally routee : routees) {
            awaitTerminated(routee);
        }
        assertTrue(router.isTerminated());
        router.send(7);
        assertEquals(1, system.deadLetters());
        final List<ActorError.DeadLetter> dead = errors.ofType(ActorError.DeadLetter.class);
        assertEquals(1, dead.size());
        assertEquals(7, dead.get(0).message());
        assertTrue(routees.contains(dead.get(0).actor()));
        assertEquals(2, router.routees().size(), "the last set is kept");
        assertTrue(system.stop(Duration.ofSeconds(10)));
    }

    @Test
    @Timeout(30)
    void aPoolSpawnsItsRouteesAndAPillEndsEachAfterItsQueuedMessages() throws Exception {
        final ActorSystem system = ActorSystem.start(2);
        final List<Tally> spawned = new ArrayList<>();
        final Pool<Integer> pool = Pool.spawn(system, 4, s -> {
            final Tally tally = new Tally(s);
            spawned.add(tally);
            return tally;
        }, Routing.roundRobin());
        assertEquals(4, pool.routees().size());
        assertEquals(spawned.stream().map(Tally::ref).toList(), pool.routees());
        for (int i = 0; i < 400; i++) {
            pool.send(i);
        }
        pool.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)), "the pill ended every routee");
        assertTrue(pool.isTerminated());
        for (Tally routee : spawned) {
            assertEquals(100, routee.got.size(), "each handled its share before the pill");
        }
        assertEquals(0, system.deadLetters());
    }

    @Test
    @Timeout(30)
    void aPoolWhoseConstructorThrowsEndsTheRouteesItSpawnedAndRethrows() throws Exception {
        final ActorSystem system = ActorSystem.start(2);
        final AtomicInteger made = new AtomicInteger();
        final IllegalStateException broken = new IllegalStateException("third routee");
        final Function<ActorSystem, Tally> factory = s -> {
            if (made.incrementAndGet() == 3) {
                throw broken;
            }
            return new Tally(s);
        };
        assertSame(broken, assertThrows(IllegalStateException.class,
                () -> Pool.spawn(system, 4, factory, Routing.roundRobin())));
        assertEquals(3, made.get());
        assertTrue(system.stop(Duration.ofSeconds(10)), "the two routees spawned were ended");
        assertEquals(0, system.liveActors());
    }

    @Test
    @Timeout(30)
    void badInputFailsNamingTheParameterAndItsRange() throws Exception {
        final List<Recorder<Object>> two = recorders(2);
        assertEquals("routees", assertThrows(NullPointerException.class,
                () -> Router.group(null, Routing.roundRobin())).getMessage());
        assertEquals("routing", assertThrows(NullPointerException.class, () -> Router.group(two, null)).getMessage());
        assertEquals("routees is empty: a router needs at least one routee", assertThrows(IllegalArgumentException.class,
                () -> Router.group(List.<ActorRef<Object>>of(), Routing.roundRobin())).getMessage());
        final List<Recorder<Object>> withNull = new ArrayList<>(two);
        withNull.add(1, null);
        assertEquals("routees[1]", assertThrows(NullPointerException.class,
                () -> Router.group(withNull, Routing.roundRobin())).getMessage());
        assertEquals("key", assertThrows(NullPointerException.class,
                () -> Routing.consistentHashing(null)).getMessage());
        assertEquals("virtualNodes = 0: must be in [1, 10000]", assertThrows(IllegalArgumentException.class,
                () -> Routing.consistentHashing(0, Object::hashCode)).getMessage());
        assertEquals("virtualNodes = 10001: must be in [1, 10000]", assertThrows(IllegalArgumentException.class,
                () -> Routing.consistentHashing(10_001, Object::hashCode)).getMessage());
        final IllegalArgumentException ring = assertThrows(IllegalArgumentException.class,
                () -> Router.group(RouterTest.<Object>recorders(500), Routing.consistentHashing(10_000, Object::hashCode)));
        assertTrue(ring.getMessage().startsWith("routees x virtualNodes = 500 x 10000 = 5000000: must be at most "),
                ring.getMessage());

        final Router<Object> router = Router.group(two, Routing.consistentHashing(m -> m.equals("no key") ? null : m));
        assertEquals("message", assertThrows(NullPointerException.class, () -> router.send(null)).getMessage());
        assertEquals("the key of a java.lang.String is null",
                assertThrows(NullPointerException.class, () -> router.send("no key")).getMessage());
        assertEquals(0, two.get(0).got.size() + two.get(1).got.size(), "nothing was sent");

        final ActorSystem system = ActorSystem.start(1);
        assertEquals("system", assertThrows(NullPointerException.class,
                () -> Pool.spawn(null, 2, Tally::new, Routing.<Integer>roundRobin())).getMessage());
        assertEquals("factory", assertThrows(NullPointerException.class,
                () -> Pool.spawn(system, 2, null, Routing.<Integer>roundRobin())).getMessage());
        assertEquals("routing", assertThrows(NullPointerException.class,
                () -> Pool.spawn(system, 2, Tally::new, null)).getMessage());
        assertEquals("size = 0: must be in [1, 65536]", assertThrows(IllegalArgumentException.class,
                () -> Pool.spawn(system, 0, Tally::new, Routing.<Integer>roundRobin())).getMessage());
        assertEquals("size = 65537: must be in [1, 65536]", assertThrows(IllegalArgumentException.class,
                () -> Pool.spawn(system, Pool.MAX_SIZE + 1, Tally::new, Routing.<Integer>roundRobin())).getMessage());
        final Pool<Integer> pool = Pool.spawn(system, 1, Tally::new, Routing.roundRobin());
        assertEquals("pill", assertThrows(NullPointerException.class, () -> pool.send((PoisonPill) null)).getMessage());
        assertEquals("message", assertThrows(NullPointerException.class, () -> pool.send((Integer) null)).getMessage());
        assertEquals(1, system.liveActors(), "the refused calls spawned nothing");
        pool.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
    }
}
