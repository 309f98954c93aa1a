package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code crowded-sleep} rule (docs/scheduling.md, "A crowded machine"): while other processes
 * take half a core or more, an idle worker sleeps at once instead of spinning and yielding for
 * {@code sleepAfter}. Here {@code sleepAfter} is 30 s, so only the rule can put the idle worker to
 * sleep within the test.
 */
class CrowdedSleepTest {

    @Test
    @Timeout(60)
    @SuppressWarnings("try") // the resource is held for the whole block, never referenced
    void anIdleWorkerOnACrowdedMachineSleepsLongBeforeSleepAfter() throws Exception {
        assumeTrue(BusyMachine.loadReadable(), "the machine's load is read from /proc");
        try (BusyMachine spinners = BusyMachine.crowd(2)) {
            final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("crowded-sleep").workers(1)
                    .sleepAfter(Duration.ofSeconds(30)).build());
            try (system) {
                final Thread worker = Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.getName().equals("crowded-sleep-worker-0")).findFirst().orElseThrow();
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                Thread.State state = worker.getState();
                while (state == Thread.State.RUNNABLE && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                    state = worker.getState();
                }
                assertTrue(state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING,
                        "the idle worker was still " + state + " after 10 s beside two busy processes");
            }
        }
    }
}
