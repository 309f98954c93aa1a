package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.tuning.Slices;
import actor.steal.VictimSelector;
import actor.steal.WorkerView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the executor's view tells selectors of each thief's search: its attempts on a victim since it
 * last found work, and whom it polls, as the hierarchical selector's budget and throttle need them.
 */
class ThiefSearchTest {

    /** A view of one call: the thief, then its attempts and target as the view reported them; thief -1 marks work done. */
    record Call(int thief, int attempts, int target) {
    }

    /** Always names the other of two workers, and records what the view says of the thief first. */
    static final class Recording implements VictimSelector {
        final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public int selectVictim(int thief, WorkerView view) {
            calls.add(new Call(thief, view.stealAttempts(thief), view.stealTarget(thief)));
            return 1 - thief;
        }
    }

    /** Marks, among the selector's calls, when it ran. */
    static final class Marker extends Actor<String> {
        private final Recording recording;

        Marker(ActorSystem system, Recording recording) {
            super(system);
            this.recording = recording;
        }

        @Override
        protected Allocation receive(String message) {
            recording.calls.add(new Call(-1, 0, 0));
            return Allocation.FINISHED;
        }
    }

    @Test
    @Timeout(60)
    void attemptsCountUpWhileTheThiefPollsAndStartAgainOnceItFindsWork() throws InterruptedException {
        final Recording recording = new Recording();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).victimSelector(recording)
                .sleepAfter(Duration.ofSeconds(30)).build())) {
            while (callsOf(recording, 0, 0).size() < 4) {
                Thread.sleep(1);
            }
            final List<Call> idle = callsOf(recording, 0, 0);
            assertEquals(new Call(0, 0, VictimSelector.NONE), idle.get(0), "a fresh worker has no search yet");
            // NOTE: on a machine other processes crowd, an idle worker sleeps at once (crowded-sleep),
            // and a sleeping thief's watch looks count as attempts without asking the selector: the
            // count then rises by more than one between two calls.
            for (int i = 1; i < idle.size(); i++) {
                assertEquals(1, idle.get(i).target(), "each failed attempt targets worker 1: " + idle);
                assertTrue(idle.get(i).attempts() > idle.get(i - 1).attempts(), "each failed attempt counts: " + idle);
            }
            Marker marker = new Marker(system, recording);
            while (Slices.initialWorkerOf(system, marker) != 0) {
                marker.send(PoisonPill.FINISHED);
                marker = new Marker(system, recording);
            }
            final int before = recording.calls.size();
            marker.send("work");
            int markedAt = -1;
            while (markedAt < 0 || callsOf(recording, 0, markedAt).isEmpty()) {
                Thread.sleep(1);
                markedAt = new ArrayList<>(recording.calls).indexOf(new Call(-1, 0, 0));
            }
            assertTrue(markedAt >= before, "the marker ran after the idle calls");
            assertEquals(new Call(0, 0, VictimSelector.NONE), callsOf(recording, 0, markedAt).get(0),
                    "after a pass with work, the search starts again");
        }
    }

    /** Thief {@code thief}'s calls from index {@code from} of the recording on. */
    private static List<Call> callsOf(Recording recording, int thief, int from) {
        final List<Call> all = new ArrayList<>(recording.calls);
        final List<Call> mine = new ArrayList<>();
        for (int i = from; i < all.size(); i++) {
            if (all.get(i).thief() == thief) {
                mine.add(all.get(i));
            }
        }
        return mine;
    }
}
