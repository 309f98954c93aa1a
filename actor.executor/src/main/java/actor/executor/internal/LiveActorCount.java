package actor.executor.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * 128 bytes of padding. Byte fields, so the JVM fills any gap before them (such as the 4 bytes after
 * the object header) with padding rather than with a subclass's fields ({@code PaddingTest}).
 */
abstract class LiveActorCountPad0 {
    byte a000, a001, a002, a003, a004, a005, a006, a007, a010, a011, a012, a013, a014, a015, a016, a017;
    byte a020, a021, a022, a023, a024, a025, a026, a027, a030, a031, a032, a033, a034, a035, a036, a037;
    byte a040, a041, a042, a043, a044, a045, a046, a047, a050, a051, a052, a053, a054, a055, a056, a057;
    byte a060, a061, a062, a063, a064, a065, a066, a067, a070, a071, a072, a073, a074, a075, a076, a077;
    byte a100, a101, a102, a103, a104, a105, a106, a107, a110, a111, a112, a113, a114, a115, a116, a117;
    byte a120, a121, a122, a123, a124, a125, a126, a127, a130, a131, a132, a133, a134, a135, a136, a137;
    byte a140, a141, a142, a143, a144, a145, a146, a147, a150, a151, a152, a153, a154, a155, a156, a157;
    byte a160, a161, a162, a163, a164, a165, a166, a167, a170, a171, a172, a173, a174, a175, a176, a177;
}

/** The state word: live count in the low bits, {@link LiveActorCount#STOP_REQUESTED} on top. */
abstract class LiveActorCountState extends LiveActorCountPad0 {
    /** Any thread, CAS / atomic add only. */
    volatile long state;
}

/** Padding after the state word. */
abstract class LiveActorCountPad1 extends LiveActorCountState {
    byte b000, b001, b002, b003, b004, b005, b006, b007, b010, b011, b012, b013, b014, b015, b016, b017;
    byte b020, b021, b022, b023, b024, b025, b026, b027, b030, b031, b032, b033, b034, b035, b036, b037;
    byte b040, b041, b042, b043, b044, b045, b046, b047, b050, b051, b052, b053, b054, b055, b056, b057;
    byte b060, b061, b062, b063, b064, b065, b066, b067, b070, b071, b072, b073, b074, b075, b076, b077;
    byte b100, b101, b102, b103, b104, b105, b106, b107, b110, b111, b112, b113, b114, b115, b116, b117;
    byte b120, b121, b122, b123, b124, b125, b126, b127, b130, b131, b132, b133, b134, b135, b136, b137;
    byte b140, b141, b142, b143, b144, b145, b146, b147, b150, b151, b152, b153, b154, b155, b156, b157;
    byte b160, b161, b162, b163, b164, b165, b166, b167, b170, b171, b172, b173, b174, b175, b176, b177;
}

/**
 * Live actors and the stop request, in one word so that "stop requested and no live actor" is
 * reached exactly once and, once reached, no actor can be registered any more.
 *
 * <p>Registration increments by CAS (failing on the terminal value); workers subtract the actors
 * terminated by a whole pass at once (less those a creation on that worker cancelled, see
 * {@link EnvelopeRunner#takeTerminationCredit}); a stop sets the top flag. Whichever operation moves the
 * word to exactly {@code STOP_REQUESTED} reports that the system is done.
 */
final class LiveActorCount extends LiveActorCountPad1 {

    static final long STOP_REQUESTED = 1L << 62;

    private static final VarHandle VH_STATE;

    static {
        try {
            VH_STATE = MethodHandles.lookup().findVarHandle(LiveActorCountState.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
