package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
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
 * the rescue of a mailbox stuck behind it.
 */
class FlightRecorderEventsTest {

    /** Sleeps {@code millis} on each message, then counts it. */
    static final class Sleeper extends Actor<Long> {
        final CountDownLatch handled = new CountDownLatch(1);

        Sleeper(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            handled.countDown();
            return Allocation.NODELETE;
        }
    }

    private static <A extends Actor<?>> A onWorker0(ActorSystem system, Function<ActorSystem, A> factory) {
        while (true) {
            final A actor = factory.apply(system);
            if (system.initialWorkerOf(actor) == 0) {
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
            recording.enable("actor.LongBehaviour").withThreshold(Duration.ofMillis(20));
            recording.enable("actor.Steal");
            recording.start();
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
            final Sleeper blocker = onWorker0(system, Sleeper::new);
            final Sleeper waiting = onWorker0(system, Sleeper::new);
            blocker.send(300L);
            Thread.sleep(20);
            // One message: a plain steal needs at least Thief.MIN_MESSAGES_TO_STEAL, so only a rescue
            // can move it off the blocked worker before the 300 ms behaviour ends.
            assertTrue(Thief.MIN_MESSAGES_TO_STEAL > 1);
            waiting.send(0L);
            assertTrue(waiting.handled.await(10, TimeUnit.SECONDS));
            assertEquals(1, blocker.handled.getCount(), "the waiting message ran while the blocker slept");
            blocker.send(PoisonPill.FINISHED);
            waiting.send(PoisonPill.FINISHED);
            assertTrue(system.stop(Duration.ofSeconds(20)));
            recording.stop();
            recording.dump(file);
        }
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        final List<RecordedEvent> long_ = events.stream().filter(e -> e.getEventType().getName().equals("actor.LongBehaviour")).toList();
        assertEquals(1, long_.size(), "only the 300 ms behaviour passes 20 ms: " + long_);
        assertEquals(Sleeper.class.getName(), long_.get(0).getString("actorClass"));
        assertEquals(Long.class.getName(), long_.get(0).getString("messageClass"));
        assertTrue(long_.get(0).getDuration().toMillis() >= 250, long_.get(0).toString());
        final List<RecordedEvent> steals = events.stream().filter(e -> e.getEventType().getName().equals("actor.Steal")).toList();
        assertFalse(steals.isEmpty(), "the waiting mailbox was rescued from the blocked worker");
        assertTrue(steals.stream().anyMatch(e -> e.getBoolean("rescue") && e.getInt("victim") == 0
                && e.getInt("thief") == 1 && e.getInt("messages") == 1), steals.toString());
        assertTrue(Files.size(file) > 0);
    }
}
