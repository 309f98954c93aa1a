package actor.executor.internal;

import actor.api.Actor;
import actor.api.spi.ActorAccess;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts messages that were sent but never received, keeping a few examples for the report.
 * Single-writer: one per worker (or one used under the executor's stop lock); the count is also
 * read by live statistics (opaque).
 */
final class UndeliveredLog {

    static final int MAX_EXAMPLES = 5;

    private static final VarHandle VH_COUNT;

    static {
        try {
            VH_COUNT = MethodHandles.lookup().findVarHandle(UndeliveredLog.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ActorAccess access;
    private long count;
    private final List<String> examples = new ArrayList<>(MAX_EXAMPLES);

    UndeliveredLog(ActorAccess access) {
        this.access = access;
    }

    /** Counts {@code queued}, a message or a message with its context ({@link Traced}), for {@code actor}. */
    void record(Actor<?> actor, Object queued) {
        final Object message = Traced.unwrap(queued);
        if (message instanceof DeathWatch.Signal || message instanceof Timers.Keyed) {
            // NOTE: a death watch's signal or a keyed timer's expiry is no message of the user's:
            // once the system is done, the actors it is for have ended with it.
            return;
        }
        VH_COUNT.setOpaque(this, count + 1);
        if (examples.size() < MAX_EXAMPLES) {
            // NOTE: the actor's name, class and ticket, the message's class; user toString() methods
            // are not called here.
            examples.add(access.describe(actor) + " <- " + message.getClass().getName());
        }
    }

    void addAll(UndeliveredLog other) {
        count += other.count;
        for (String example : other.examples) {
            if (examples.size() < MAX_EXAMPLES) {
                examples.add(example);
            }
        }
    }

    long count() {
        return count;
    }

    /** The count read from another thread, for live statistics (may lag). */
    long countRacy() {
        return (long) VH_COUNT.getOpaque(this);
    }

    List<String> examples() {
        return examples;
    }
}
