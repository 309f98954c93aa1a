package actor.blackbox;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/**
 * A program run in a child JVM by {@link ShutdownTest}: a behaviour blocks its worker in
 * {@code join()}, which ignores interrupts, then {@code main} aborts the system and returns, with
 * the worker still inside the behaviour. The JVM must then exit by itself; every reported problem
 * is printed, so the test can read what was said about the worker left behind.
 */
final class LeftBehindWorker {

    /** The system's name: its worker threads are {@code left-behind-worker-<i>}. */
    static final String NAME = "left-behind";

    private LeftBehindWorker() {
    }

    /** Blocks in {@code join()} on a future nobody completes. */
    static final class Joiner extends Actor<String> {
        final CountDownLatch entered = new CountDownLatch(1);

        Joiner(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            entered.countDown();
            new CompletableFuture<Void>().join();
            return Allocation.FINISHED;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name(NAME).workers(1)
                .stopWarningAfter(Duration.ofMillis(200))
                .errorHandler(error -> System.out.println("reported: " + error.describe())).build());
        final Joiner joiner = new Joiner(system);
        joiner.send("block");
        joiner.entered.await();
        system.abort();
        System.out.println("main returns");
    }
}
