package actor.executor.internal;

import actor.api.Actor;
import actor.api.ActorError;
import actor.api.Allocation;
import actor.api.ContextPropagator;
import actor.api.ErrorHandler;
import actor.api.FailurePolicy;
import actor.api.spi.ActorAccess;
import actor.steal.VictimSelector;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the executor's problems go: the configured {@link ErrorHandler} and {@link FailurePolicy}.
 * Nothing a user callback throws, short of an {@link OutOfMemoryError}, escapes from here: a failing
 * policy counts as {@code FINISHED}, a failing handler is logged through {@link System.Logger}.
 *
 * <p>Threading: any thread; the handler and policy must be thread-safe, as documented for users.
 */
final class Reporter {

    private static final System.Logger LOG = System.getLogger("actor.executor");

    private final ErrorHandler errorHandler;
    private final FailurePolicy failurePolicy;
    private final AtomicBoolean selectorFailureReported = new AtomicBoolean();
    /** Behaviours that threw, and undelivered messages reported, for the statistics' health. */
    private final LongAdder failures = new LongAdder();
    private final LongAdder undeliveredReported = new LongAdder();

    Reporter(ErrorHandler errorHandler, FailurePolicy failurePolicy) {
        this.errorHandler = errorHandler;
        this.failurePolicy = failurePolicy;
    }

    /** Whether a throwable ends the system instead of failing one actor or hook. */
    static boolean isFatal(Throwable t) {
        return t instanceof OutOfMemoryError;
    }

    /** A behaviour threw: reports it and returns what the policy decides for the actor. */
    Allocation behaviourFailed(Actor<?> actor, Object message, Throwable failure) {
        failures.increment();
        Allocation outcome;
        try {
            outcome = failurePolicy.onFailure(actor, message, failure);
        } catch (Throwable policyFailure) {
            if (isFatal(policyFailure)) {
                throw policyFailure;
            }
            failure.addSuppressed(policyFailure);
            outcome = null;
        }
        if (outcome == null) {
            outcome = Allocation.FINISHED;
        }
        report(new ActorError.BehaviourFailed(actor, message, failure, outcome));
        return outcome;
    }

    /** A destroy hook of a message or an actor threw; the termination stands. */
    void hookFailed(Object target, Throwable failure) {
        report(new ActorError.DestroyHookFailed(target, failure));
    }

    /** A context propagator's hook ({@code hook}) threw on a worker. */
    void propagatorFailed(ContextPropagator propagator, String hook, Throwable failure) {
        report(new ActorError.PropagatorFailed(propagator, hook, failure));
    }

    /** A selector broke its contract or threw; reported once per system. */
    void selectorFailed(VictimSelector selector, String problem, Throwable failure) {
        if (selectorFailureReported.compareAndSet(false, true)) {
            report(new ActorError.VictimSelectorFailed(selector.name(), problem, failure));
        }
    }

    /** Messages that will never be received. */
    void undelivered(UndeliveredLog log) {
        if (log.count() > 0) {
            undeliveredReported.add(log.count());
            report(new ActorError.UndeliveredMessages(log.count(), log.examples()));
        }
    }

    /** One message that reached a closed mailbox. */
    void lateSend(ActorAccess access, Actor<?> actor, Object message) {
        final UndeliveredLog late = new UndeliveredLog(access);
        late.record(actor, message);
        undelivered(late);
    }

    /** Behaviours that threw so far. */
    long failures() {
        return failures.sum();
    }

    /** Undelivered messages reported so far (the workers' own logs are reported at the final sweep). */
    long undeliveredReported() {
        return undeliveredReported.sum();
    }

    void report(ActorError error) {
        try {
            errorHandler.handle(error);
        } catch (Throwable handlerFailure) {
            if (isFatal(handlerFailure)) {
                throw handlerFailure;
            }
            LOG.log(Level.ERROR, "error handler failed on: " + error.describe(), handlerFailure);
        }
    }
}
