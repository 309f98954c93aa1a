package actor.api;

import actor.api.spi.ActorAccess;
import actor.api.spi.Registration;

/** The one {@link ActorAccess}: bridges the executor to package-private actor and message state. */
final class AccessImpl extends ActorAccess {

    static final AccessImpl INSTANCE = new AccessImpl();

    private AccessImpl() {
    }

    @Override
    public Allocation deliver(Registration to, Object message) {
        final Actor<?> actor = to.actor();
        if (!actor.isCurrent(to)) {
            return null;
        }
        final Allocation status = actor.dispatch(message);
        if (status == null) {
            throw new IllegalStateException("a behaviour of " + actor.getClass().getName()
                    + " returned null; return an Allocation (NODELETE to keep receiving)");
        }
        return status;
    }

    @Override
    public boolean hasEnded(Registration to) {
        return to.actor().hasEnded(to);
    }

    @Override
    public boolean isCurrent(Registration to) {
        return to.actor().isCurrent(to);
    }

    @Override
    public void terminate(Actor<?> actor, Allocation status) {
        actor.terminate(status);
        if (status == Allocation.DELETE || status == Allocation.DESTROY) {
            actor.onDestroy();
        }
    }

    @Override
    public void finishMessage(Object sent) {
        if (!(sent instanceof Message message)) {
            return;
        }
        final Allocation status = message.allocation();
        if (status == Allocation.DELETE || status == Allocation.DESTROY) {
            if (status == Allocation.DELETE && message.tracker != null) {
                message.tracker.onDelete();
            }
            message.onDestroy();
        }
    }

    @Override
    public boolean sendUnlessTerminated(ActorRef<?> target, Object message) {
        final Actor<?> actor = Actor.actorOf(target);
        if (actor != null) {
            return actor.sendUnlessTerminated(message);
        }
        if (target.isTerminated()) {
            return false;
        }
        @SuppressWarnings("unchecked") final ActorRef<Object> other = (ActorRef<Object>) target;
        other.send(message);
        return true;
    }

    @Override
    public RuntimeException mailboxFull(Actor<?> actor, MailboxBound bound, Object message, String why) {
        return new MailboxFullException(actor, bound, message.getClass().getName(), why);
    }

    @Override
    public Object timerMessage(Object tick) {
        return ActorTimers.messageOf(tick);
    }

    @Override
    public void ownerEnded(Object timers) {
        ((ActorTimers<?>) timers).cancelAll();
    }

    @Override
    public void lateReply(Actor<?> asker, Object reply) {
        asker.lateReply(reply);
    }

    @Override
    public String describe(Actor<?> actor) {
        return actor.describe();
    }

    @Override
    public String nameOf(Actor<?> actor) {
        return actor.name();
    }

    @Override
    public String targetName(ActorRef<?> target) {
        final Actor<?> actor = Actor.actorOf(target);
        return (actor != null ? actor.getClass() : target.getClass()).getName();
    }

    @Override
    public void debugOnSend(Object sent) {
        if (!(sent instanceof Message message)) {
            return;
        }
        final DebugTracking.Tracker tracker = message.tracker;
        if (tracker != null) {
            tracker.onSend();
        }
    }
}
