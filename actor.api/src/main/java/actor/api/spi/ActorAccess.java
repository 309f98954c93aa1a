package actor.api.spi;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.Allocation;
import actor.api.Message;

/**
 * The executor's view of actor and message internals. {@code actor.api} makes the only instance and
 * hands it to {@link ExecutorProvider#start}; this package is exported to {@code actor.executor}
 * only, so applications cannot reach it.
 */
public abstract class ActorAccess {

    /** For {@code actor.api} only. */
    protected ActorAccess() {
    }

    /**
     * Runs the behaviour of the actor of {@code to} for {@code message}, if {@code to} is still its
     * current registration.
     *
     * @return the status the behaviour returned, or null when that registration has ended (the actor
     *         terminated, possibly registered again since), in which case nothing ran
     * @throws IllegalStateException if the behaviour returned null
     */
    public abstract Allocation deliver(Registration to, Object message);

    /**
     * Whether the actor of {@code to} has terminated since {@code to} was made: false while it is
     * live, before it is published, and while a new registration of that actor is under way.
     */
    public abstract boolean hasEnded(Registration to);

    /** Whether {@code to} is its actor's current registration: the actor is live and was not registered again since. */
    public abstract boolean isCurrent(Registration to);

    /** Terminates {@code actor} with {@code status} and runs its destroy hook if the status asks for it. */
    public abstract void terminate(Actor<?> actor, Allocation status);

    /**
     * Applies the message's own allocation status after a behaviour received it (hooks); nothing for
     * a message that does not extend {@link Message}.
     */
    public abstract void finishMessage(Object message);

    /**
     * A timer's send: sends {@code message} to {@code target} unless it has terminated (for a
     * reference that cannot tell, unless {@link ActorRef#isTerminated()} says so). Then nothing is
     * sent, nothing is counted as a dead letter, and the timer ends.
     *
     * @return false if the target had terminated
     */
    public abstract boolean sendUnlessTerminated(ActorRef<?> target, Object message);

    /**
     * A keyed timer's expiry ({@link ActorExecutor#startTimer}), on the worker processing its live
     * owner, just before the owner's behaviour would run it.
     *
     * @return the message to run as the owner's behaviour, or null if the timer was cancelled or
     *         started again since it was started with {@code tick} (the expiry is then dropped, no
     *         dead letter)
     */
    public abstract Object timerMessage(Object tick);

    /** The owner of {@code timers} ({@link ActorExecutor#startTimer}) ended: cancels every timer it holds. */
    public abstract void ownerEnded(Object timers);

    /**
     * A reply to an ask from {@code asker}'s behaviour ({@link ActorExecutor#ask}) that came after
     * the ask had ended (timed out, or answered already): a dead letter of the asker's system.
     */
    public abstract void lateReply(Actor<?> asker, Object reply);

    /**
     * {@return for reports: how {@code actor} is named, without calling a {@code toString()} of the
     * application's: its class and ticket ({@code com.example.Account#3}), after its name if it has
     * one ({@code 'alice' (com.example.Account#3)})}
     */
    public abstract String describe(Actor<?> actor);

    /** {@return for reports: the name {@code actor} was spawned with, or null} */
    public abstract String nameOf(Actor<?> actor);

    /** {@return for reports: the class name of the actor behind {@code target}, else of the reference} */
    public abstract String targetName(ActorRef<?> target);

    /**
     * {@return the exception a send to {@code actor}, full at {@code bound}, throws} ({@link
     * actor.api.MailboxFullException}, whose constructor is not public).
     *
     * @param why what else the refusal says (a wait that timed out, a worker that never waits), or ""
     */
    public abstract RuntimeException mailboxFull(Actor<?> actor, actor.api.MailboxBound bound, Object message, String why);

    /** Debug checks on send: marks a {@link Message} sent; throws if it was deleted. */
    public abstract void debugOnSend(Object message);
}
