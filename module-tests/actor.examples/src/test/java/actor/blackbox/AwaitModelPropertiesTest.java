package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * One actor under random schedules of sends, awaits and completions, against a sequential model:
 * whatever the timing of the completions (made by the test thread between sends, or late), the
 * actor's log must be exactly the messages in send order, each await's continuation right after the
 * message that awaited, and nothing overlapping.
 */
class AwaitModelPropertiesTest {

    /** What the behaviour does with one message. */
    enum Mode {
        /** Nothing to await. */
        PLAIN,
        /** Awaits a stage the test completes later with a value. */
        LATER,
        /** Awaits a stage that is already complete. */
        DONE,
        /** Awaits a stage the test fails later. */
        FAILS,
        /** Awaits a stage completed later, then, from the continuation, another one. */
        TWICE
    }

    /** A step of the schedule: send a message in a mode, or complete the oldest stage awaited so far. */
    record Step(Mode send, boolean complete) {
    }

    record Op(int n, Mode mode) {
    }

    /** A stage the actor awaits, for the test thread to complete. */
    record Pending(int n, boolean fails, CompletableFuture<String> stage) {
    }

    static final class Modelled extends Actor<Op> {
        final List<String> log = new CopyOnWriteArrayList<>();
        final BlockingQueue<Pending> pending = new LinkedBlockingQueue<>();
        final AtomicInteger inside = new AtomicInteger();
        volatile String violation;

        Modelled(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Op op) {
            enter();
            try {
                log.add("r" + op.n());
                return switch (op.mode()) {
                    case PLAIN -> Allocation.NODELETE;
                    case DONE -> await(CompletableFuture.completedFuture("v" + op.n()), continuation("k", op.n()));
                    case LATER, FAILS -> await(stageFor(op.n(), op.mode() == Mode.FAILS), continuation("k", op.n()));
                    case TWICE -> await(stageFor(op.n(), false), (value, failure) -> {
                        enter();
                        try {
                            log.add("k" + op.n() + ":" + value);
                            return await(stageFor(op.n(), false), continuation("k2-", op.n()));
                        } finally {
                            inside.decrementAndGet();
                        }
                    });
                };
            } finally {
                inside.decrementAndGet();
            }
        }

        @Override
        protected Allocation onPoisonPill(PoisonPill pill) {
            log.add("pill");
            return pill.status();
        }

        private CompletableFuture<String> stageFor(int n, boolean fails) {
            final CompletableFuture<String> stage = new CompletableFuture<>();
            pending.add(new Pending(n, fails, stage));
            return stage;
        }

        private actor.api.Continuation<String> continuation(String tag, int n) {
            return (value, failure) -> {
                enter();
                try {
                    log.add(tag + n + (failure == null ? ":" + value : "!" + failure.getMessage()));
                    return Allocation.NODELETE;
                } finally {
                    inside.decrementAndGet();
                }
            };
        }

        private void enter() {
            if (inside.getAndIncrement() != 0) {
                violation = "overlapping behaviours";
            }
        }
    }

    @Provide
    Arbitrary<List<Step>> schedules() {
        final Arbitrary<Step> step = Arbitraries.oneOf(
                Arbitraries.of(Mode.class).map(mode -> new Step(mode, false)),
                Arbitraries.just(new Step(null, true)));
        return step.list().ofMaxSize(40);
    }

    /** The log the sequential model predicts for the modes sent, in order. */
    static List<String> model(List<Step> schedule) {
        final List<String> log = new ArrayList<>();
        int n = 0;
        for (Step step : schedule) {
            if (step.send() == null) {
                continue;
            }
            log.add("r" + n);
            switch (step.send()) {
                case PLAIN -> {
                }
                case LATER, DONE -> log.add("k" + n + ":v" + n);
                case FAILS -> log.add("k" + n + "!failed " + n);
                case TWICE -> {
                    log.add("k" + n + ":v" + n);
                    log.add("k2-" + n + ":v" + n);
                }
            }
            n++;
        }
        log.add("pill");
        return log;
    }

    private static void complete(Pending p) {
        if (p.fails()) {
            p.stage().completeExceptionally(new IOException("failed " + p.n()));
        } else {
            p.stage().complete("v" + p.n());
        }
    }

    @Property(tries = 150)
    void theLogFollowsTheSequentialModel(@ForAll("schedules") List<Step> schedule) throws Exception {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2).build());
        final Modelled actor = new Modelled(system);
        int n = 0;
        for (Step step : schedule) {
            if (step.send() != null) {
                actor.send(new Op(n++, step.send()));
            } else {
                final Pending p = actor.pending.poll();
                if (p != null) {
                    complete(p);
                }
            }
        }
        actor.send(PoisonPill.FINISHED);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!actor.isTerminated()) {
            assertTrue(System.nanoTime() < deadline, "the actor did not finish: " + actor.log);
            final Pending p = actor.pending.poll(1, TimeUnit.MILLISECONDS);
            if (p != null) {
                complete(p);
            }
        }
        assertTrue(system.stop(Duration.ofSeconds(10)));
        assertNull(actor.violation);
        assertEquals(model(schedule), actor.log);
    }
}
