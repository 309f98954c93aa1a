package actor.executor.internal;

import actor.api.Actor;

/**
 * One death watch: {@code watcher} watches {@code target} and gets {@code notification}, a message
 * of its own type, once the target's registration has ended.
 *
 * <p>The mechanism, local actors only. A watch is kept twice, in plain tables of the mailboxes
 * involved ({@link DeathWatches}): by the watcher's mailbox from {@code watch()} until the
 * notification is delivered, the watcher unwatches, or the watcher ends; and by the target's
 * mailbox from the moment that mailbox handles the watch until the target ends. Each side is
 * touched only by the worker processing its mailbox, so the two sides talk by {@link Signal}s,
 * queued in the other's mailbox like messages: {@link Kind#WATCH} and {@link Kind#UNWATCH} to the
 * target's, {@link Kind#NOTICE} to the watcher's. A signal is queued under a stand-in
 * registration that is never current ({@link #post}), so no behaviour receives it: the worker
 * finds it where a message for an ended registration goes ({@link EnvelopeRunner}) and handles it
 * there, which keeps every delivered message free of any check.
 *
 * <p>Exactly once. The target's mailbox orders the handling of a watch and the target's end: a
 * watch handled while the registration is current joins its table, which the end empties,
 * sending one notice per watch; a watch handled after the end is noticed at once; a watch made
 * after the end never reaches the target and is noticed by the watcher itself. The watcher's
 * side delivers a notice only if its table still holds that very watch, and removes it then.
 *
 * <p>Threading: immutable; made by the watcher's worker and published to the target's by the
 * mailbox that queues its signal.
 */
final class DeathWatch {

    /** What a {@link Signal} asks of the mailbox it is queued in. */
    enum Kind {
        /** To the target's mailbox: keep the watch until the target ends, or notice it now if it has. */
        WATCH,
        /** To the target's mailbox: forget the watch (the watcher unwatched or ended). */
        UNWATCH,
        /** To the watcher's mailbox: deliver the notification, unless the watch is gone. */
        NOTICE,
        /**
         * To a child's mailbox ({@link #lifetime}): keep the watch of its parent on the watcher's side,
         * then send {@link #WATCH} to the parent's, unless the child has ended meanwhile.
         */
        ADOPT
    }

    /** A watch's signal, queued like a message; never reaches a behaviour. Immutable. */
    static final class Signal {
        final Kind kind;
        final DeathWatch watch;

        Signal(Kind kind, DeathWatch watch) {
            this.kind = kind;
            this.watch = watch;
        }

        @Override
        public String toString() {
            return "DeathWatch." + kind;
        }
    }

    final MailboxRegistration watcher;
    final Actor<?> target;
    /** The target's registration when it was watched; null if it had ended then. */
    final MailboxRegistration targetRegistration;
    final Object notification;
    /**
     * Whether this is a child's watch of its parent ({@code Actor.spawnChild}): made by the parent's
     * behaviour, so it reaches the child's side by an {@link Kind#ADOPT} signal; kept apart from
     * the child's own watches, which neither replace nor unwatch it.
     */
    final boolean lifetime;

    DeathWatch(MailboxRegistration watcher, Actor<?> target, MailboxRegistration targetRegistration, Object notification) {
        this(watcher, target, targetRegistration, notification, false);
    }

    DeathWatch(MailboxRegistration watcher, Actor<?> target, MailboxRegistration targetRegistration, Object notification,
               boolean lifetime) {
        this.watcher = watcher;
        this.target = target;
        this.targetRegistration = targetRegistration;
        this.notification = notification;
        this.lifetime = lifetime;
    }

    /**
     * Queues this watch's {@code kind} signal in {@code to}'s mailbox, after what is queued there,
     * under a new stand-in registration of {@code to}'s actor: never current, so the worker that
     * reaches it hands it to {@link EnvelopeRunner} instead of a behaviour.
     */
    void post(Kind kind, MailboxRegistration to) {
        ShardedExecutor.of(to).post(new MailboxRegistration(to.actor(), to.mailbox), new Signal(kind, this));
    }
}
