package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counter;
import actor.stats.Counts;
import actor.stats.Statistics;
import actor.stats.StatisticsMXBean;
import actor.stats.StatisticsReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class StatisticsTest {

    static final class Tick extends Message {
    }

    /** Counts ticks; finishes after {@code quota}; optionally forwards each tick to a peer. */
    static final class Ticker extends Actor<Tick> {
        private final int quota;
        private int seen;
        Ticker peer;

        Ticker(ActorSystem system, int quota) {
            super(system);
            this.quota = quota;
        }

        @Override
        protected Allocation receive(Tick tick) {
            if (peer != null) {
                peer.send(tick);
            }
            return ++seen == quota ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void exactCountsOnOneWorker() {
        final int k = 10_000;
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .statistics(StatisticsMode.ON).build());
        try (system) {
            final Ticker forwarder = new Ticker(system, k);
            final Ticker sink = new Ticker(system, k);
            forwarder.peer = sink;
            final Tick tick = new Tick();
            for (int i = 0; i < k; i++) {
                forwarder.send(tick);
            }
        }
        final Statistics stats = system.statistics();
        assertTrue(stats.exact());
        final Counts total = stats.total();
        assertEquals(2, total.actorsCreated());
        assertEquals(2L * k, total.messagesSent(), "k from main, k forwarded by a behaviour");
        assertEquals(k, stats.outside().messagesSent());
        assertEquals(k, stats.workers().get(0).messagesSent());
        assertEquals(2L * k, total.messagesReceived());
        assertTrue(total.gulps() > 0);
        assertEquals((double) total.messagesReceived() / total.gulps(), total.averageGulpSize(), 1e-9,
                "average gulp size = received / gulps; the gulp sizes sum to the messages received");
        assertEquals(0, total.missedGulps());
        assertEquals(0, total.stealAttempts(), "one worker never steals");
    }

    @Test
    @Timeout(30)
    void poisonPillsCountAsMessagesAndOutsideThreadsCountExactly() throws Exception {
        final int threads = 4;
        final int perThread = 5_000;
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2)
                .statistics(StatisticsMode.ON).build());
        try (system) {
            final Ticker sink = new Ticker(system, threads * perThread + 1);
            final List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                senders.add(new Thread(() -> {
                    final Tick tick = new Tick();
                    for (int i = 0; i < perThread; i++) {
                        sink.send(tick);
                    }
                }));
            }
            senders.forEach(Thread::start);
            for (Thread t : senders) {
                t.join();
            }
            sink.send(PoisonPill.FINISHED);
        }
        final Counts total = system.statistics().total();
        assertEquals(threads * perThread + 1L, total.messagesSent());
        assertEquals(threads * perThread + 1L, total.messagesReceived());
        assertEquals(1, total.actorsCreated());
    }

    @Test
    @Timeout(30)
    void aLiveSnapshotNeverExceedsTheFinalOne() {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2)
                .statistics(StatisticsMode.ON).build());
        final Statistics live;
        try (system) {
            final Ticker sink = new Ticker(system, 50_001);
            final Tick tick = new Tick();
            for (int i = 0; i < 50_000; i++) {
                sink.send(tick);
            }
            live = system.statistics();
            sink.send(tick);
        }
        final Counts last = system.statistics().total();
        assertFalse(live.exact());
        assertTrue(live.total().messagesReceived() <= last.messagesReceived());
        assertEquals(50_000, live.total().messagesSent(), "the outside sender's counts are current");
    }

    @Test
    void statisticsOffByDefaultAndAskingForThemSaysHowToEnableThem() {
        final ActorSystem system = ActorSystem.start(1);
        system.stop();
        final IllegalStateException e = assertThrows(IllegalStateException.class, system::statistics);
        assertTrue(e.getMessage().contains("statistics(StatisticsMode.ON)"), e.getMessage());
        assertEquals(StatisticsMode.OFF, system.config().statistics());
    }

    @Test
    void jsonRoundTripsEveryCounterAndTheTextTableKeepsTheReferenceOrder() {
        final Counts w0 = new Counts(3, 100, 90, 9, 1, 7, 2, 1, 4, 50, 1, 3, 0, 12);
        final Counts w1 = new Counts(0, 10, 25, 5, 0, 3, 3, 0, 0, 0, 1, 0, 0);
        final Counts outside = new Counts(2, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        final Statistics stats = new Statistics("json \"quoted\" name", true, outside, List.of(w0, w1),
                new actor.stats.Health(4, 5, 6, 7, 8, 9, 10, 11, 12, 13));

        @SuppressWarnings("unchecked") final Map<String, Object> json = (Map<String, Object>) MiniJson.parse(stats.toJson());
        assertEquals("json \"quoted\" name", json.get("system"));
        assertEquals(true, json.get("exact"));
        assertCountsEqual(stats.total(), json.get("total"));
        assertCountsEqual(outside, json.get("outside"));
        final List<?> workers = (List<?>) json.get("workers");
        assertEquals(2, workers.size());
        assertCountsEqual(w0, workers.get(0));
        assertCountsEqual(w1, workers.get(1));
        assertEquals(Map.of("liveActors", 4L, "deadLetters", 5L, "failures", 6L, "undelivered", 7L, "backlog", 8L,
                        "refused", 9L, "dropped", 10L, "longestMailbox", 11L, "mailboxAlarms", 12L, "alarmedMailboxes", 13L),
                ((Map<?, ?>) json.get("health")).entrySet().stream().collect(java.util.stream.Collectors.toMap(
                        e -> (String) e.getKey(), e -> ((Number) e.getValue()).longValue())));

        final List<String> lines = stats.toText().lines().toList();
        assertEquals("live actors 4, dead letters 5, failures 6, undelivered 7, backlog 8", lines.get(lines.size() - 2));
        assertEquals("longest mailbox 11, refused 9, dropped 10, mailbox alarms 12, alarmed mailboxes 13",
                lines.get(lines.size() - 1));
        final List<String> rows = lines.subList(2, lines.size() - 2).stream().map(line -> line.substring(0, 30).trim()).toList();
        assertEquals(List.of("actors created", "messages sent", "messages received", "gulps", "average gulp size",
                "missed gulps", "steal attempts", "steal failures (no candidate)", "steal failures (failed swap)",
                "messages stolen", "average steal size", "rescues", "pulls", "lost wake-ups", "queued now"), rows);
        assertTrue(lines.get(lines.size() - 3).trim().endsWith("12           -          12           0"), stats.toText());
        assertTrue(stats.toText().lines().skip(2).findFirst().orElseThrow().trim().endsWith("5           2           3           0"),
                stats.toText());
    }

    private static void assertCountsEqual(Counts expected, Object parsed) {
        @SuppressWarnings("unchecked") final Map<String, Object> map = (Map<String, Object>) parsed;
        assertEquals(Counter.values().length, map.size(), "every counter present: " + map.keySet());
        for (Counter counter : Counter.values()) {
            final Number value = (Number) map.get(counter.jsonKey());
            assertEquals(counter.valueIn(expected), value.doubleValue(), counter.isAverage() ? 0.005 : 0.0,
                    counter.jsonKey());
        }
    }

    @Test
    @Timeout(30)
    void theMBeanIsRegisteredWhileRunningAndTwoSystemsDoNotCollide() throws Exception {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName pattern = new ObjectName(StatisticsMXBean.DOMAIN + ":type=ActorSystem,name=\"twin\",*");
        final ActorSystemConfig config = ActorSystemConfig.builder().name("twin").workers(1)
                .statistics(StatisticsMode.ON).build();
        final ActorSystem first = ActorSystem.start(config);
        final ActorSystem second = ActorSystem.start(config);
        final Set<ObjectName> names = server.queryNames(pattern, null);
        assertEquals(2, names.size(), names.toString());
        final Ticker ticker = new Ticker(first, 3);
        final Tick tick = new Tick();
        ticker.send(tick).send(tick);
        final ObjectName plain = new ObjectName(StatisticsMXBean.DOMAIN + ":type=ActorSystem,name=\"twin\"");
        long sent = (Long) server.getAttribute(plain, "MessagesSent");
        assertEquals(2, sent, "the first system's MBean reads its live counters");
        assertTrue(((String) server.getAttribute(plain, "Report")).contains("messages sent"));
        ticker.send(tick);
        first.stop();
        assertEquals(1, server.queryNames(pattern, null).size(), "the first system's MBean is gone");
        second.stop();
        assertEquals(Set.of(), server.queryNames(pattern, null));
        assertNotEquals(null, first.statistics());
    }

    /** Throws on every tick; blocks its worker on a gate tick until released. */
    static final class Faulty extends Actor<Tick> {
        final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Tick gate = new Tick();

        Faulty(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Tick tick) {
            if (tick == gate) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Allocation.NODELETE;
            }
            throw new IllegalStateException("faulty on purpose");
        }
    }

    @Test
    @Timeout(30)
    void healthCountsLiveActorsDeadLettersFailuresUndeliveredAndBacklogInStatisticsAndJmx() throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("health").workers(1).spareCarriers(0)
                .failurePolicy(actor.api.FailurePolicy.RESUME).errorHandler(errors).statistics(StatisticsMode.ON).build());
        final Faulty faulty = new Faulty(system);
        final Ticker dead = new Ticker(system, 1);
        dead.send(new Tick());
        while (!dead.isTerminated()) {
            Thread.sleep(1);
        }
        dead.send(new Tick());
        dead.send(new Tick());
        faulty.send(new Tick()).send(new Tick()).send(new Tick());
        faulty.send(faulty.gate);
        assertTrue(faulty.entered.await(10, java.util.concurrent.TimeUnit.SECONDS));
        final Ticker waiting = new Ticker(system, 100);
        for (int i = 0; i < 7; i++) {
            waiting.send(new Tick());
        }
        final actor.stats.Health health = system.statistics().health();
        assertEquals(2, health.liveActors(), "faulty and waiting");
        assertEquals(2, health.deadLetters());
        assertEquals(3, health.failures());
        assertEquals(0, health.undelivered());
        assertEquals(7, health.backlog(), "the ticks queued behind the blocked worker");

        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName name = new ObjectName(StatisticsMXBean.DOMAIN + ":type=ActorSystem,name=\"health\"");
        assertEquals(2L, server.getAttribute(name, "LiveActors"));
        assertEquals(2L, server.getAttribute(name, "DeadLetters"));
        assertEquals(3L, server.getAttribute(name, "Failures"));
        assertEquals(0L, server.getAttribute(name, "Undelivered"));
        assertEquals(7L, server.getAttribute(name, "Backlog"));
        assertTrue(((String) server.getAttribute(name, "Report")).contains("dead letters 2, failures 3"));
        assertTrue(((String) server.getAttribute(name, "ReportJson")).contains("\"health\":{\"liveActors\":2,"));

        system.abort();
        faulty.release.countDown();
        final actor.stats.Health after = system.statistics().health();
        assertEquals(7, after.undelivered(), "the queued ticks were reported at the abort");
        assertEquals(0, after.backlog());
        assertEquals(7, errors.undeliveredCount());
    }

    @Test
    @Timeout(30)
    void theFinalReportIsWrittenAtStopToAStreamOrAFile(@TempDir Path dir) throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("reported").workers(1)
                .statisticsReport(StatisticsReport.to(stream, StatisticsReport.Format.TEXT)).build())) {
            new Ticker(system, 1).send(new Tick());
            assertEquals(0, bytes.size(), "nothing is written before the stop");
        }
        final String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("statistics of actor system 'reported' (final)"), text);

        final Path file = dir.resolve("stats.json");
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .statisticsReport(StatisticsReport.to(file, StatisticsReport.Format.JSON)).build());
        try (system) {
            new Ticker(system, 2).send(new Tick()).send(new Tick());
        }
        @SuppressWarnings("unchecked") final Map<String, Object> json =
                (Map<String, Object>) MiniJson.parse(Files.readString(file));
        assertCountsEqual(system.statistics().total(), json.get("total"));
        assertEquals(2L, ((Map<?, ?>) json.get("total")).get("messagesReceived"));
    }
}
