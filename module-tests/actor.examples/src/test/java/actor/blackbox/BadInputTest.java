package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.ActorTerminatedException;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.SystemNotRunningException;
import actor.api.tuning.Slices;
import actor.stats.StatisticsReport;
import actor.steal.VictimSelector;
import actor.steal.VictimSelectorContract;
import actor.steal.VictimSelectors;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Every bad input of the foundation: a clear error, nothing queued, nothing lost. */
class BadInputTest {

    static final class Note extends Message {
        final String text;

        Note(String text) {
            this.text = text;
        }
    }

    /** Records what it receives. */
    static final class Log extends Actor<Note> {
        final List<String> seen = new CopyOnWriteArrayList<>();

        Log(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Note note) {
            seen.add(note.text);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void withStrictSendsSendingToATerminatedActorThrowsNamingClassAndTicketAndQueuesNothing() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).strictSends(true)
                .errorHandler(errors).build());
        final Log log = new Log(system);
        final Log keepAlive = new Log(system);
        log.send(new Note("before")).send(PoisonPill.FINISHED);
        while (!log.isTerminated()) {
            Thread.onSpinWait();
        }
        final ActorTerminatedException e = assertThrows(ActorTerminatedException.class, () -> log.send(new Note("after")));
        assertTrue(e.getMessage().contains(Log.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("ticket " + log.ticket()), e.getMessage());
        assertEquals(Log.class.getName(), e.actorClass());
        assertEquals(log.ticket(), e.ticket());
        assertEquals(Allocation.FINISHED, e.status());
        assertThrows(ActorTerminatedException.class, () -> log.send(PoisonPill.DELETE));

        keepAlive.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertEquals(List.of("before"), log.seen);
        assertEquals(0, errors.undeliveredCount(), "the rejected sends queued nothing");
        assertEquals(0, system.deadLetters(), "strict sends throw instead");
    }

    @Test
    @Timeout(30)
    void creatingAnActorOnAStoppedSystemThrows() {
        final ActorSystem system = ActorSystem.start(1);
        system.stop();
        final SystemNotRunningException e = assertThrows(SystemNotRunningException.class, () -> new Log(system));
        assertTrue(e.getMessage().contains("not running"), e.getMessage());
        assertTrue(e.getMessage().contains(system.config().name()), e.getMessage());
    }

    @Test
    @Timeout(30)
    void creatingAnActorOnAStoppingSystemWhoseLastActorTerminatedThrows() throws Exception {
        final ActorSystem system = ActorSystem.start(1);
        final Log log = new Log(system);
        assertEquals(false, system.stop(Duration.ofMillis(10)));
        log.send(PoisonPill.FINISHED);
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertThrows(SystemNotRunningException.class, () -> new Log(system));
    }

    @Test
    @Timeout(30)
    void nullsAreRejectedAtTheCallNamingTheParameter() {
        try (ActorSystem system = ActorSystem.start(1)) {
            final Log log = new Log(system);
            assertEquals("message", assertThrows(NullPointerException.class, () -> log.send((Note) null)).getMessage());
            assertEquals("pill", assertThrows(NullPointerException.class, () -> log.send((PoisonPill) null)).getMessage());
            assertEquals("system", assertThrows(NullPointerException.class, () -> new Log(null)).getMessage());
            assertEquals("actor", assertThrows(NullPointerException.class, () -> system.register(null)).getMessage());
            assertEquals("actor", assertThrows(NullPointerException.class,
                    () -> Slices.initialWorkerOf(system, null)).getMessage());
            assertEquals("system", assertThrows(NullPointerException.class,
                    () -> Slices.initialWorkerOf(null, log)).getMessage());
            assertEquals("timeout", assertThrows(NullPointerException.class, () -> system.stop(null)).getMessage());
            assertEquals("allocation", assertThrows(NullPointerException.class,
                    () -> new Note("x").setAllocation(null)).getMessage());
            assertEquals("config", assertThrows(NullPointerException.class,
                    () -> ActorSystem.start((ActorSystemConfig) null)).getMessage());
            log.send(PoisonPill.FINISHED);
        }
    }

    /** One null argument of one public entry point, and the parameter name it must report. */
    record NullCase(String parameter, Executable call) {
    }

    @Test
    @Timeout(30)
    void everyPublicEntryPointRejectsNullsByNameAndTheSystemKeepsWorking() throws Exception {
        final ActorSystemConfig.Builder b = ActorSystemConfig.builder();
        try (ActorSystem system = ActorSystem.start(1)) {
            final Log log = new Log(system);
            final List<NullCase> cases = List.of(
                    new NullCase("name", () -> b.name(null)),
                    new NullCase("idleStrategy", () -> b.idleStrategy(null)),
                    new NullCase("sleepAfter", () -> b.sleepAfter(null)),
                    new NullCase("errorHandler", () -> b.errorHandler(null)),
                    new NullCase("failurePolicy", () -> b.failurePolicy(null)),
                    new NullCase("checks", () -> b.checks(null)),
                    new NullCase("victimSelector", () -> b.victimSelector((String) null)),
                    new NullCase("victimSelector", () -> b.victimSelector((VictimSelector) null)),
                    new NullCase("statistics", () -> b.statistics(null)),
                    new NullCase("statisticsReport", () -> b.statisticsReport(null)),
                    new NullCase("mailboxKind", () -> b.mailboxKind(null)),
                    new NullCase("config", () -> ActorSystem.start((ActorSystemConfig) null)),
                    new NullCase("system", () -> new Log(null)),
                    new NullCase("message", () -> log.send((Note) null)),
                    new NullCase("pill", () -> log.send((PoisonPill) null)),
                    new NullCase("actor", () -> system.register(null)),
                    new NullCase("timeout", () -> system.stop(null)),
                    new NullCase("allocation", () -> new Note("x").setAllocation(null)),
                    new NullCase("name", () -> VictimSelectors.byName(null)),
                    new NullCase("selectors", () -> VictimSelectorContract.verify(null)),
                    new NullCase("stream", () -> StatisticsReport.to((PrintStream) null,
                            StatisticsReport.Format.TEXT)),
                    new NullCase("file", () -> StatisticsReport.to((Path) null,
                            StatisticsReport.Format.JSON)),
                    new NullCase("format", () -> StatisticsReport.to(System.out, null)));
            for (NullCase c : cases) {
                final NullPointerException e = assertThrows(NullPointerException.class, c.call(), c.parameter());
                assertEquals(c.parameter(), e.getMessage(), "the exception names the parameter");
            }
            log.send(new Note("still works")).send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(10)));
            assertEquals(List.of("still works"), log.seen);
        }
    }

    @Test
    @Timeout(30)
    void stoppingTwiceAbortingAStoppedSystemAndRegisteringAfterStopAreHarmlessOrClear() throws Exception {
        final ActorSystem system = ActorSystem.start(2);
        final Log log = new Log(system);
        log.send(PoisonPill.DELETE);
        system.stop();
        system.stop();
        assertTrue(system.stop(Duration.ZERO));
        system.abort();
        final IllegalStateException deleted = assertThrows(IllegalStateException.class, () -> system.register(log));
        assertTrue(deleted.getMessage().contains("create a new actor"), deleted.getMessage());
        log.send(new Note("x"));
        assertEquals(1, system.deadLetters(), "a send to the deleted actor is a dead letter, even after the stop");
    }

    @Test
    void invalidConfigurationFailsNamingTheFieldAndItsRange() {
        assertInvalid("workers = 0: must be in [1, 1024]", ActorSystemConfig.builder().workers(0));
        assertInvalid("workers = -3: must be in [1, 1024]", ActorSystemConfig.builder().workers(-3));
        assertInvalid("workers = 5000: must be in [1, 1024]", ActorSystemConfig.builder().workers(5000));
        assertInvalid("shardingFactor = 0: must be in [1, 65536]", ActorSystemConfig.builder().workers(2).shardingFactor(0));
        assertInvalid("mailboxes = 3: must be in [4, 1048576]", ActorSystemConfig.builder().workers(4).mailboxes(3));
        assertInvalid("sleepAfter = PT-1S: must be in [PT0S, PT1H]",
                ActorSystemConfig.builder().sleepAfter(Duration.ofSeconds(-1)));
        final IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> ActorSystemConfig.builder().workers(2).mailboxes(8).shardingFactor(4).build());
        assertTrue(both.getMessage().contains("mailboxes") && both.getMessage().contains("shardingFactor"));
        assertThrows(IllegalArgumentException.class, () -> ActorSystem.start(0));
        assertThrows(IllegalArgumentException.class, () -> ActorSystem.start(1).stop(Duration.ofSeconds(-1)));
    }

    @Test
    void idleStrategiesRefuseBadInputAndTheBackoffNamesItsSpins() {
        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> actor.api.tuning.IdleStrategy.backoff(-1));
        assertEquals("spins = -1: must be zero or positive", negative.getMessage());
        assertThrows(NullPointerException.class, () -> actor.api.tuning.IdleStrategy.of(null, () -> { }));
        assertEquals("backoff(64)", ActorSystemConfig.DEFAULT_IDLE_STRATEGY.get().toString());
        final java.util.concurrent.atomic.AtomicInteger idles = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger resets = new java.util.concurrent.atomic.AtomicInteger();
        final actor.api.tuning.IdleStrategy adapted = actor.api.tuning.IdleStrategy.of(idles::incrementAndGet, resets::incrementAndGet);
        adapted.idle();
        adapted.idle();
        adapted.reset();
        assertEquals(2, idles.get());
        assertEquals(1, resets.get());
    }

    @Test
    void theConfigurationPrintsItsPolicyAndHandlerReadably() {
        final String defaults = ActorSystemConfig.builder().build().toString();
        assertTrue(defaults.contains("failurePolicy=STOP, errorHandler=logging"), defaults);
        final String custom = ActorSystemConfig.builder().failurePolicy((actor, message, failure) -> Allocation.FINISHED)
                .errorHandler(new RecordingErrorHandler()).build().toString();
        assertTrue(custom.contains("failurePolicy=lambda in " + BadInputTest.class.getName() + ", errorHandler="
                + RecordingErrorHandler.class.getName() + ","), custom);
    }

    @Test
    void configurationFillsTheDocumentedDefaults() {
        final ActorSystemConfig config = ActorSystemConfig.builder().workers(3).build();
        assertEquals(3, config.workers());
        assertEquals(3 * ActorSystemConfig.DEFAULT_SHARDING_FACTOR, config.mailboxes());
        assertEquals(7, ActorSystemConfig.builder().workers(7).mailboxes(7).build().mailboxes());
        assertEquals(Runtime.getRuntime().availableProcessors(), ActorSystemConfig.builder().build().workers());
        assertEquals(java.util.Optional.of(ActorSystemConfig.DEFAULT_SLEEP_AFTER), config.sleepAfter());
        assertEquals(java.util.Optional.empty(), ActorSystemConfig.builder().busySpin().build().sleepAfter());
        assertSame(actor.steal.Topology.detect(), config.topology(), "the detected machine by default");
        final ActorSystemConfig described = ActorSystemConfig.builder()
                .topology(actor.steal.Topology.parse("sockets=2,coresPerL3=4")).build();
        assertEquals(actor.steal.Topology.parse("sockets=2,coresPerL3=4"), described.topology());
        assertTrue(described.toString().contains(", topology=8 CPUs: L3+NUMA node 2 x 4, system 1 x 8 (override: "),
                described.toString());
    }

    private static void assertInvalid(String expectedMessage, ActorSystemConfig.Builder builder) {
        assertEquals(expectedMessage, assertThrows(IllegalArgumentException.class, builder::build).getMessage());
    }

    @Test
    @Timeout(30)
    void messagesQueuedBehindAFinishedPillAreReportedWithTheirCount() throws InterruptedException {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0)
                .errorHandler(errors).build())) {
            final Blocking.Blocker blocker = new Blocking.Blocker(system);
            final Log log = new Log(system);
            final Blocking.Block block = Blocking.blockWorker(blocker);
            // NOTE: all four are queued while the only worker is blocked, so the pill cannot have run
            // before the late sends (which would then fail as sends to a terminated actor).
            log.send(new Note("a")).send(PoisonPill.FINISHED).send(new Note("late-1")).send(new Note("late-2"));
            block.release.countDown();
        }
        final List<ActorError.UndeliveredMessages> reports = errors.ofType(ActorError.UndeliveredMessages.class);
        assertEquals(1, reports.size(), "one report at stop: " + errors.all());
        assertEquals(2, reports.get(0).count());
        assertTrue(reports.get(0).examples().get(0).contains(Log.class.getName()), reports.get(0).examples().toString());
        assertTrue(reports.get(0).examples().get(0).contains(Note.class.getName()), reports.get(0).examples().toString());
    }
}
