package actor.examples;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorTimers;
import actor.api.Allocation;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Keyed timers: a launch counts down on a periodic timer, with a single abort timer as a
 * deadline. At zero it cancels both; a tick or an abort already queued then is dropped, never
 * delivered.
 */
public final class Countdown {

    /** What the launch accepts: the start, and its timers' messages. */
    sealed interface LaunchMsg permits Start, Tick, Abort {
    }

    /** Starts counting down from {@code from}. */
    record Start(int from) implements LaunchMsg {
    }

    /** The countdown timer's message. */
    record Tick() implements LaunchMsg {
    }

    /** The deadline timer's message. */
    record Abort() implements LaunchMsg {
    }

    /** Counts down on its timers and completes {@code done} with what it announced. */
    static final class Launch extends Actor<LaunchMsg> {
        private final ActorTimers<LaunchMsg> timers = new ActorTimers<>(this);
        private final List<String> announced = new ArrayList<>();
        private final CompletableFuture<List<String>> done;
        private int remaining;

        Launch(ActorSystem system, CompletableFuture<List<String>> done) {
            super(system);
            this.done = done;
        }

        @Override
        protected Allocation receive(LaunchMsg msg) {
            if (msg instanceof Start start) {
                remaining = start.from();
                timers.startTimerWithFixedDelay("tick", new Tick(), Duration.ofMillis(10));
                timers.startSingleTimer("abort", new Abort(), Duration.ofSeconds(5));
                return Allocation.NODELETE;
            }
            if (msg instanceof Tick) {
                announced.add("T-" + remaining);
                if (--remaining > 0) {
                    return Allocation.NODELETE;
                }
                timers.cancelAll();                        // no Tick or Abort is delivered after this
                announced.add("liftoff");
            } else {
                announced.add("aborted");
            }
            done.complete(announced);
            return Allocation.FINISHED;                    // its timers would end with it anyway
        }
    }

    private Countdown() {
    }

    /** Counts down from 3 and prints each announcement. */
    public static void run(PrintStream out) {
        final CompletableFuture<List<String>> announced = new CompletableFuture<>();
        try (ActorSystem system = ActorSystem.start()) {
            new Launch(system, announced).send(new Start(3));
            announced.join().forEach(out::println);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
