package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding around the live-actor state word. */
abstract class LiveActorCountPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The state word: live count in the low bits, {@link LiveActorCount#STOP_REQUESTED} on top. */
abstract class LiveActorCountState extends LiveActorCountPad0 {
    /** Any thread, CAS / atomic add only. */
    volatile long state;
}

/**
 * Live actors and the stop request, in one word so that "stop requested and no live actor" is
 * reached exactly once and, once reached, no actor can be registered any more.
 *
 * <p>Registration increments by CAS (failing on the terminal value); workers subtract the actors
 * terminated by a whole batch at once; a stop sets the top flag. Whichever operation moves the
 * word to exactly {@code STOP_REQUESTED} reports that the system is done.
 */
final class LiveActorCount extends LiveActorCountState {

    static final long STOP_REQUESTED = 1L << 62;

    private static final VarHandle VH_STATE;

    static {
        try {
            VH_STATE = MethodHandles.lookup().findVarHandle(LiveActorCountState.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    /** Counts one more live actor, unless the system is done. */
    boolean tryRegister() {
        while (true) {
            final long s = state;
            if (s == STOP_REQUESTED) {
                return false;
            }
            if (VH_STATE.compareAndSet(this, s, s + 1)) {
                return true;
            }
        }
    }

    /** Counts {@code n} terminated actors; true if that completed a requested stop. */
    boolean terminated(long n) {
        return (long) VH_STATE.getAndAdd(this, -n) - n == STOP_REQUESTED;
    }

    /** Requests the stop; true if there were no live actors, so this call completed it. */
    boolean requestStop() {
        return (long) VH_STATE.getAndBitwiseOr(this, STOP_REQUESTED) == 0;
    }

    /** Whether the system is done: stop requested and nothing live. */
    boolean isDone() {
        return state == STOP_REQUESTED;
    }

    long live() {
        return state & ~STOP_REQUESTED;
    }
}
