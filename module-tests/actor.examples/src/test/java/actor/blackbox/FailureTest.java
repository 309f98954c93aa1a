package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.FailurePolicy;
import actor.api.Message;
import actor.api.PoisonPill;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A behaviour that throws never kills a worker or loses other actors' messages. */
class FailureTest {

    static final class Job extends Message {
        final int n;
        final boolean fail;

        Job(int n, boolean fail) {
            this.n = n;
            this.fail = fail;
        }
    }

    /** Throws on jobs marked to fail; records the others. */
    static final class Fragile extends Actor<Job> {
        final List<Integer> done = new CopyOnWriteArrayList<>();

        Fragile(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Job job) {
            if (job.fail) {
                throw new IllegalStateException("job " + job.n + " failed");
            }
            done.add(job.n);
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(30)
    void defaultPolicyStopsTheFailingActorReportsAndKeepsEveryoneElseRunning() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final Fragile fragile;
        final Fragile bystander;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build())) {
            fragile = new Fragile(system);
            bystander = new Fragile(system);
            fragile.send(new Job(1, false)).send(new Job(2, true)).send(new Job(3, false));
            for (int i = 0; i < 100; i++) {
                bystander.send(new Job(i, false));
            }
            bystander.send(PoisonPill.FINISHED);
        }
        final List<ActorError.BehaviourFailed> failures = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failures.size());
        assertSame(fragile, failures.get(0).actor());
        assertEquals("job 2 failed", failures.get(0).failure().getMessage());
        assertEquals(Allocation.FINISHED, failures.get(0).outcome());
        assertEquals(List.of(1), fragile.done, "the actor stopped at its failure");
        assertTrue(fragile.isTerminated());
        assertEquals(100, bystander.done.size(), "the single worker survived and ran the other actor");
        assertEquals(1, errors.undeliveredCount(), "job 3 reached a stopped actor and was reported");
    }

    @Test
    @Timeout(30)
    void resumePolicyKeepsTheActorReceivingAndErrorsAreFailuresToo() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final class Erratic extends Actor<Job> {
            final List<Integer> done = new CopyOnWriteArrayList<>();

            Erratic(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Job job) {
                if (job.fail) {
                    throw new AssertionError("an Error, not an Exception");
                }
                done.add(job.n);
                return job.n == 3 ? Allocation.FINISHED : Allocation.NODELETE;
            }
        }
        final Erratic erratic;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(2)
                .errorHandler(errors).failurePolicy(FailurePolicy.RESUME).build())) {
            erratic = new Erratic(system);
            erratic.send(new Job(1, false)).send(new Job(2, true)).send(new Job(3, false));
        }
        assertEquals(List.of(1, 3), erratic.done);
        final List<ActorError.BehaviourFailed> failures = errors.ofType(ActorError.BehaviourFailed.class);
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).failure() instanceof AssertionError);
        assertEquals(Allocation.NODELETE, failures.get(0).outcome());
    }

    @Test
    @Timeout(30)
    void aCustomPolicyChoosesTheOutcomeAndANullReturnIsAFailure() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final class Sloppy extends Actor<Job> {
            int destroyed;

            Sloppy(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Job job) {
                return null;
            }

            @Override
            protected void onDestroy() {
                destroyed++;
            }
        }
        final Sloppy sloppy;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors)
                .failurePolicy((actor, message, failure) -> Allocation.DESTROY).build())) {
            sloppy = new Sloppy(system);
            sloppy.send(new Job(1, false));
        }
        final ActorError.BehaviourFailed failure = errors.ofType(ActorError.BehaviourFailed.class).get(0);
        assertTrue(failure.failure().getMessage().contains("returned null"), failure.failure().getMessage());
        assertEquals(Allocation.DESTROY, failure.outcome());
        assertEquals(1, sloppy.destroyed, "DESTROY from the policy ran the destroy hook");
    }

    @Test
    @Timeout(30)
    void aThrowingDestroyHookIsReportedAndTheActorStillTerminates() {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final class BadHook extends Actor<Job> {
            BadHook(ActorSystem s) {
                super(s);
            }

            @Override
            protected Allocation receive(Job job) {
                return Allocation.DELETE;
            }

            @Override
            protected void onDestroy() {
                throw new IllegalStateException("hook broke");
            }
        }
        final BadHook actor;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).errorHandler(errors).build())) {
            actor = new BadHook(system);
            actor.send(new Job(1, false));
        }
        assertTrue(actor.isTerminated());
        final List<ActorError.DestroyHookFailed> hooks = errors.ofType(ActorError.DestroyHookFailed.class);
        assertEquals(1, hooks.size());
        assertSame(actor, hooks.get(0).target());
    }

    @Test
    @Timeout(30)
    void aThrowingErrorHandlerDoesNotKillTheWorker() {
        final Fragile fragile;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1)
                .errorHandler(error -> { throw new IllegalStateException("handler broke"); })
                .failurePolicy(FailurePolicy.RESUME).build())) {
            fragile = new Fragile(system);
            fragile.send(new Job(1, true)).send(new Job(2, false)).send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(2), fragile.done);
    }
}
