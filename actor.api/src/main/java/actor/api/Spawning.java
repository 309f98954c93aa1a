package actor.api;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The actors registered by the constructor functions of {@link ActorSystem#spawn} calls under way,
 * per thread, so a failed spawn can end the ones it registered. Plain {@code new} pays one volatile
 * read ({@link #note}) while no spawn runs anywhere.
 *
 * <p>Threading: {@link #active} is shared; each thread's frames are its own.
 */
final class Spawning {

    /** Spawn calls under way on any thread: registrations look up their thread's frames only when positive. */
    private static final AtomicInteger ACTIVE = new AtomicInteger();
    private static final ThreadLocal<Spawning> FRAMES = ThreadLocal.withInitial(Spawning::new);

    /** Actors registered by this thread's open spawn calls, innermost call last. */
    private final ArrayList<Actor<?>> registered = new ArrayList<>();
    private int depth;

    private Spawning() {
    }

    /** Opens a spawn call on this thread; {@link #close} with the returned mark. */
    static Spawning open() {
        ACTIVE.incrementAndGet();
        final Spawning frames = FRAMES.get();
        frames.depth++;
        return frames;
    }

    /** Where the current call's actors start in {@link #registered}. */
    int mark() {
        return registered.size();
    }

    /** Called by every successful registration: records it if this thread is inside a spawn call. */
    static void note(Actor<?> actor) {
        if (ACTIVE.get() == 0) {
            return;
        }
        final Spawning frames = FRAMES.get();
        if (frames.depth > 0) {
            frames.registered.add(actor);
        }
    }

    /**
     * Makes an actor through {@code make} as if no spawn call were under way on this thread: one
     * that serves the whole system (the receptionist's watcher), which a failed spawn must not end.
     */
    static <A extends Actor<?>> A outside(Supplier<A> make) {
        if (ACTIVE.get() == 0) {
            return make.get();
        }
        final Spawning frames = FRAMES.get();
        final int depth = frames.depth;
        frames.depth = 0;
        try {
            return make.get();
        } finally {
            frames.depth = depth;
        }
    }

    /**
     * Closes the call opened at {@code mark}: forgets the actors it registered and returns them
     * when it failed ({@code failed}), so the caller can end them.
     */
    Actor<?>[] close(int mark, boolean failed) {
        final Actor<?>[] ended = failed ? registered.subList(mark, registered.size()).toArray(new Actor<?>[0]) : null;
        registered.subList(mark, registered.size()).clear();
        depth--;
        ACTIVE.decrementAndGet();
        return ended;
    }
}
