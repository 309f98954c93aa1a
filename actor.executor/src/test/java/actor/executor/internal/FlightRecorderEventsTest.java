package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.tuning.Slices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Flight Recorder events, read back from a real recording: a behaviour past the threshold, and
 * the rescue of a mailbox stuck behind it. The blocking behaviour ends only after the mailbox
 * behind it ran (or after 30 s, which fails the test), so the rescue is checked as an order of
 * events, not a timing.
 */
class FlightRecorderEventsTest {

    /** The recording's threshold for {@code actor.LongBehaviour}. */
    private static final Duration THRESHOLD = Duration.ofMillis(20);

    /** How long the blocking behaviour sleeps before it waits for its release. */
    private static final long BLOCK_MILLIS = 300;

    /** A block: the blocker's worker entered it, and the test releases it. */
    static final class Block {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
    }

    /** Sleeps {@link #BLOCK_MILLIS} in its behaviour, then waits until the block is released (at most 30 s). */
    static final class Blocker extends Actor<Block> {
        Blocker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Block block) {
            block.entered.countDown();
            try {
                Thread.sleep(BLOCK_MILLIS);
                block.release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Allocation.NODELETE;
        }
    }

    /** Counts its message. */
    static final class Quick extends Actor<Integer> {
        final CountDownLatch handled = new CountDownLatch(1);

        Quick(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer ignored) {
            handled.countDown();
            return Allocation.NODELETE;
        }
    }

    private static <A extends Actor<?>> A onWorker0(ActorSystem system, Function<ActorSystem, A> factory) {
        while (true) {
            final A actor = factory.apply(system);
            if (Slices.initialWorkerOf(system, actor) == 0) {
                return actor;
            }
            actor.send(PoisonPill.FINISHED);
        }
    }

    @Test
    @Timeout(60)
    void aLongBehaviourAndTheRescueOfTheMailboxBehindItAreRecorded(@TempDir Path dir) throws Exception {
        final Path file = dir.resolve("actors.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("actor.LongBehaviour").withThreshold(THRESHOLD);
            recording.enable("actor.Steal");
            recording.start();
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).spareCarriers(0).build());
            final Blocker blocker = onWorker0(system, Blocker::new);
            final Quick waiting = onWorker0(system, Quick::new);
            final Block block = new Block();
            blocker.send(block);
            assertTrue(block.entered.await(10, TimeUnit.SECONDS), "worker 0 entered the block");
            // One message: a plain steal needs at least Policy.TUNABLES.minMessagesToSteal(), so only a rescue
            // can move it off the blocked worker before the block is released.
            assertTrue(Policy.TUNABLES.minMessagesToSteal() > 1);
            waiting.send(0);
            final boolean handledWhileBlocked = waiting.handled.await(20, TimeUnit.SECONDS);
            block.release.countDown();
            assertTrue(handledWhileBlocked, "the waiting message waited for the blocked behaviour");
            blocker.send(PoisonPill.FINISHED);
            waiting.send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(20)));
            recording.stop();
            recording.dump(file);
        }
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        final List<RecordedEvent> long_ = events.stream().filter(e -> e.getEventType().getName().equals("actor.LongBehaviour")).toList();
        // NOTE: on a loaded machine the operating system may preempt a quick behaviour past the
        // threshold too; every recorded one must have run that long, and the blocker's is one of them.
        assertTrue(long_.stream().allMatch(e -> e.getDuration().compareTo(THRESHOLD) >= 0),
                "only behaviours past the threshold: " + long_);
        final List<RecordedEvent> blocked = long_.stream()
                .filter(e -> e.getString("actorClass").equals(Blocker.class.getName())).toList();
        assertEquals(1, blocked.size(), "the blocking behaviour: " + long_);
        assertEquals(Block.class.getName(), blocked.get(0).getString("messageClass"));
        assertTrue(blocked.get(0).getDuration().toMillis() >= BLOCK_MILLIS - 50, blocked.get(0).toString());
        final List<RecordedEvent> steals = events.stream().filter(e -> e.getEventType().getName().equals("actor.Steal")).toList();
        assertFalse(steals.isEmpty(), "the waiting mailbox was rescued from the blocked worker");
        assertTrue(steals.stream().anyMatch(e -> e.getBoolean("rescue") && e.getInt("victim") == 0
                && e.getInt("thief") == 1 && e.getInt("messages") == 1), steals.toString());
        assertTrue(Files.size(file) > 0);
    }

    /** Waits on its block in the first behaviour (at most 30 s); counts nothing. */
    static final class Gated extends Actor<Integer> {
        private final Block block;

        Gated(ActorSystem system, Block block) {
            super(system);
            this.block = block;
        }

        @Override
        protected Allocation receive(Integer n) {
            if (n == 0) {
                block.entered.countDown();
                try {
                    block.release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void theMailboxAlarmIsRecorded(@TempDir Path dir) throws Exception {
        final Path file = dir.resolve("alarm.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("actor.MailboxAlarm");
            recording.start();
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("jfr-alarm").workers(2)
                    .mailboxAlarm(100, Duration.ofMillis(10)).errorHandler(error -> { }).build());
            final Block block = new Block();
            final Gated gated = new Gated(system, block);
            gated.send(0);
            assertTrue(block.entered.await(10, TimeUnit.SECONDS));
            for (int i = 1; i <= 300; i++) {
                gated.send(i);
            }
            Thread.sleep(200);                              // twenty checks: one raise
            block.release.countDown();
            gated.send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(30)));
            recording.stop();
            recording.dump(file);
        }
        final List<RecordedEvent> alarms = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("actor.MailboxAlarm")).toList();
        assertEquals(1, alarms.size(), alarms.toString());
        final RecordedEvent alarm = alarms.get(0);
        assertEquals("jfr-alarm", alarm.getString("system"));
        assertEquals(300, alarm.getLong("queued"));
        assertEquals(100, alarm.getInt("threshold"));
        assertTrue(alarm.getString("actors").startsWith("1 x " + Gated.class.getName()), alarm.getString("actors"));
    }
}
