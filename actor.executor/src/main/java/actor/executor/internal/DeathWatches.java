package actor.executor.internal;

import actor.api.Actor;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The death watches of one mailbox's actors ({@link DeathWatch}): those watching each of them
 * (the target side) and those each of them keeps (the watcher side). A mailbox makes it on its
 * first watch and drops it when it is empty again, so an actor whose mailbox holds no watch pays
 * one null check when it ends ({@link Mailbox#ended}).
 *
 * <p>Threading: read and written only by the worker processing the mailbox, as its await states
 * are; handed between workers with the mailbox, by the end of a batch and the next gulp.
 */
final class DeathWatches {

    /** Target side: the watches of each live registration of this mailbox. */
    private final IdentityHashMap<MailboxRegistration, List<DeathWatch>> watchedBy = new IdentityHashMap<>();
    /** Watcher side: each live registration's watches, by target (one per target). */
    private final IdentityHashMap<MailboxRegistration, IdentityHashMap<Actor<?>, DeathWatch>> watching =
            new IdentityHashMap<>();
    /** Watcher side: each live child's watch of its parent ({@link DeathWatch#lifetime}), one per child. */
    private final IdentityHashMap<MailboxRegistration, DeathWatch> parentOf = new IdentityHashMap<>();

    /** {@return the watch {@code watcher} keeps of {@code target}, or null} */
    DeathWatch watchOf(MailboxRegistration watcher, Actor<?> target) {
        final IdentityHashMap<Actor<?>, DeathWatch> kept = watching.get(watcher);
        return kept == null ? null : kept.get(target);
    }

    /** Watcher side: keeps {@code watch}, whose watcher has no watch of its target yet. */
    void keep(DeathWatch watch) {
        watching.computeIfAbsent(watch.watcher, w -> new IdentityHashMap<>()).put(watch.target, watch);
    }

    /** Watcher side: forgets and returns the watch {@code watcher} keeps of {@code target}, or null. */
    DeathWatch forget(MailboxRegistration watcher, Actor<?> target) {
        final IdentityHashMap<Actor<?>, DeathWatch> kept = watching.get(watcher);
        if (kept == null) {
            return null;
        }
        final DeathWatch removed = kept.remove(target);
        if (kept.isEmpty()) {
            watching.remove(watcher);
        }
        return removed;
    }

    /** Watcher side: keeps {@code watch}, a child's watch of its parent. */
    void keepParent(DeathWatch watch) {
        parentOf.put(watch.watcher, watch);
    }

    /** Watcher side: forgets {@code watch} if it is the one its watcher keeps of its target; whether it was. */
    boolean take(DeathWatch watch) {
        if (watch.lifetime) {
            return parentOf.remove(watch.watcher, watch);
        }
        if (watchOf(watch.watcher, watch.target) != watch) {
            return false;
        }
        forget(watch.watcher, watch.target);
        return true;
    }

    /** Target side: adds {@code watch}, whose target's registration is current. */
    void watchedBy(DeathWatch watch) {
        watchedBy.computeIfAbsent(watch.targetRegistration, t -> new ArrayList<>(2)).add(watch);
    }

    /** Target side: removes {@code watch}, if its target's registration still has it. */
    void unwatchedBy(DeathWatch watch) {
        final List<DeathWatch> watches = watchedBy.get(watch.targetRegistration);
        if (watches != null && watches.remove(watch) && watches.isEmpty()) {
            watchedBy.remove(watch.targetRegistration);
        }
    }

    /**
     * {@code ended}, a registration of this mailbox, just ended: notices each of its watchers and
     * tells each of its targets to forget its watches.
     */
    void ended(MailboxRegistration ended) {
        final List<DeathWatch> watchers = watchedBy.remove(ended);
        if (watchers != null) {
            for (DeathWatch watch : watchers) {
                watch.post(DeathWatch.Kind.NOTICE, watch.watcher);
            }
        }
        final IdentityHashMap<Actor<?>, DeathWatch> kept = watching.remove(ended);
        if (kept != null) {
            for (DeathWatch watch : kept.values()) {
                unwatchTarget(watch);
            }
        }
        final DeathWatch parent = parentOf.remove(ended);
        if (parent != null) {
            unwatchTarget(parent);
        }
    }

    boolean isEmpty() {
        return watchedBy.isEmpty() && watching.isEmpty() && parentOf.isEmpty();
    }

    /** Tells the target of {@code watch}, whose watcher ended, to forget it. */
    private static void unwatchTarget(DeathWatch watch) {
        if (watch.targetRegistration != null) {
            watch.post(DeathWatch.Kind.UNWATCH, watch.targetRegistration);
        }
    }
}
