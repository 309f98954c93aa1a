package actor.api;

import java.time.Duration;
import java.util.List;

/**
 * A problem the actor system reports to its {@link ErrorHandler} instead of throwing: something
 * went wrong on a worker thread, or a message was not delivered. Nothing the system drops goes
 * unreported.
 */
public sealed interface ActorError {

    /** {@return one line describing the problem, for logs} */
    String describe();

    /**
     * A behaviour threw. The worker kept running; {@code outcome} is the status the
     * {@link FailurePolicy} chose for the actor.
     *
     * @param actor   the actor whose behaviour threw
     * @param message the message it was handling
     * @param failure what it threw
     * @param outcome the status the failure policy chose
     */
    record BehaviourFailed(Actor<?> actor, Object message, Throwable failure, Allocation outcome)
            implements ActorError {
        @Override
        public String describe() {
            return "behaviour of " + actor + " failed on " + message.getClass().getName() + " with "
                    + failure + "; failure policy applied " + outcome;
        }
    }

    /**
     * What a {@link Supervised} actor did about a failure of its behaviour, by its
     * {@link SupervisorStrategy}; also a message it refused during a back-off. The default handler
     * logs the first few of the events that can come by the thousand ({@code RESUMED},
     * {@code RESTARTED}, {@code BACKING_OFF}, {@code STASH_OVERFLOW}), then a summary at most every
     * {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds; the ends ({@code STOPPED},
     * {@code LIMIT_REACHED}, {@code RESTART_FAILED}) each with their stack trace.
     *
     * @param actor    the supervised actor
     * @param event    what it did
     * @param message  the message it was handling, or refused; null for {@code RESTART_FAILED} at
     *                 the end of a back-off
     * @param failure  what the behaviour (or, for {@code RESTART_FAILED}, the factory) threw; null
     *                 for {@code STASH_OVERFLOW}
     * @param restarts restarts so far that count toward the strategy's limit (within its window,
     *                 or consecutive for a back-off)
     * @param delay    the back-off before the restart for {@code BACKING_OFF}, else zero
     */
    record Supervision(Actor<?> actor, Event event, Object message, Throwable failure, int restarts, Duration delay)
            implements ActorError {

        /** What a supervised actor did. */
        public enum Event {
            /** Kept its behaviour and went on ({@link SupervisorStrategy.Resume}). */
            RESUMED,
            /** Ended, as {@link Allocation#FINISHED} ({@link SupervisorStrategy.Stop}). */
            STOPPED,
            /** Dropped the message and replaced its behaviour by a fresh one ({@link SupervisorStrategy.Restart}). */
            RESTARTED,
            /** Dropped the message and holds the next ones until a restart after {@code delay} ({@link SupervisorStrategy.Backoff}). */
            BACKING_OFF,
            /** Failed once more than its strategy's limit of restarts allows, and ended. */
            LIMIT_REACHED,
            /** Its factory threw (or returned null) for a restart, and it ended; what it held is dead letters. */
            RESTART_FAILED,
            /** Handed the failure to the handler of {@link SupervisorStrategy.Escalate}, and ended. */
            ESCALATED,
            /** Its back-off stash was full: the message was dropped. */
            STASH_OVERFLOW
        }

        @Override
        public String describe() {
            final String on = message == null ? "" : " on " + message.getClass().getName();
            return switch (event) {
                case STASH_OVERFLOW -> "supervised " + actor + " dropped" + on + ": its back-off stash is full";
                case RESTART_FAILED -> "supervised " + actor + " could not restart: its factory failed with "
                        + failure + "; it ended";
                case LIMIT_REACHED -> "supervised " + actor + " failed" + on + " with " + failure + " after " + restarts
                        + " restart(s), its strategy's limit; it ended";
                case BACKING_OFF -> "supervised " + actor + " failed" + on + " with " + failure + "; restart "
                        + restarts + " after a back-off of " + delay.toMillis() + " ms";
                default -> "supervised " + actor + " failed" + on + " with " + failure + "; " + event;
            };
        }
    }

    /**
     * An {@code onDestroy} hook of an actor or a message threw; the object was terminated anyway.
     *
     * @param target  the actor or message whose hook threw
     * @param failure what it threw
     */
    record DestroyHookFailed(Object target, Throwable failure) implements ActorError {
        @Override
        public String describe() {
            return "onDestroy of " + target + " failed with " + failure;
        }
    }

    /**
     * A {@link ContextPropagator}'s hook threw on a worker; the behaviour ran (or its end was
     * applied) regardless, without the hook's context if {@code beforeBehaviour} threw.
     *
     * @param propagator the system's propagator
     * @param hook       {@code "beforeBehaviour"} or {@code "afterBehaviour"}
     * @param failure    what it threw
     */
    record PropagatorFailed(ContextPropagator propagator, String hook, Throwable failure) implements ActorError {
        @Override
        public String describe() {
            return "context propagator " + propagator.getClass().getName() + "." + hook + " failed with " + failure;
        }
    }

    /**
     * A dead letter: a message sent to an actor that had already terminated, so nothing was queued
     * ({@link ActorSystemConfig.Builder#strictSends} makes such a send throw instead), a reply to
     * an {@link ActorSystem#ask ask} that had already ended (timed out), or a message a
     * {@link Stash} still held when a behaviour its {@link Stash#unstashAll} ran ended the actor
     * (reported just before the actor terminates with that status). The sender
     * carries on; the system counts it ({@link ActorSystem#deadLetters()}). The default handler
     * logs the first few of them, then a summary at most every
     * {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds.
     *
     * @param actor   the terminated receiver; null for a late reply to an ask
     * @param message the message it did not receive
     * @param status  how the receiver terminated ({@link Allocation#FINISHED} for an ended ask)
     */
    record DeadLetter(Actor<?> actor, Object message, Allocation status) implements ActorError {
        @Override
        public String describe() {
            return "dead letter: " + message.getClass().getName() + (actor == null
                    ? " replied to an ask that had already ended"
                    : " sent to " + actor + ", which had terminated with " + status);
        }
    }

    /**
     * A message dropped at its receiver's {@link MailboxBound} ({@link MailboxBound.OnFull#DROP}):
     * the receiver had {@code bound.capacity()} messages queued, so this one was not queued; the
     * sender carried on. Counted ({@link actor.stats.Health#dropped()}). Pekko passes such a
     * message to dead letters; here it is its own kind, so that a drop is never confused with a
     * send to an actor that has ended. The default handler logs the first few of them, then a
     * summary at most every {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds.
     *
     * @param actor   the receiver, live and full
     * @param message the message it did not get
     * @param bound   its bound
     */
    record MessageDropped(Actor<?> actor, Object message, MailboxBound bound) implements ActorError {
        @Override
        public String describe() {
            return "dropped " + message.getClass().getName() + " sent to " + actor + ": its mailbox is full ("
                    + bound + ")";
        }
    }

    /**
     * The mailbox-length alarm ({@link ActorSystemConfig.Builder#mailboxAlarm}): one of the system's
     * mailboxes held at least {@code threshold} messages when it was checked. Raised once, then
     * again only after that mailbox has fallen below half the threshold, so a mailbox that stays long
     * is one report, not one per check. A mailbox holds the messages of every actor whose ticket it
     * is: {@code actors} names its live actors by class, with their tickets, and, for an actor with a
     * {@link MailboxBound}, its exact count of queued messages (an unbounded actor's own count is not
     * kept: that would cost every send). Also a Flight Recorder event ({@code actor.MailboxAlarm})
     * and counted in the statistics ({@link actor.stats.Health#mailboxAlarms()}).
     *
     * @param mailbox   the mailbox's index (the ticket of its actors)
     * @param worker    the worker whose slice held it when checked
     * @param queued    the messages it held then (read without a lock: a close estimate)
     * @param threshold the configured threshold
     * @param actors    its live actors by class, most numerous first, e.g.
     *                  {@code "1 x com.example.Ingest (#17: 980 of 1000 queued)"}
     */
    record MailboxAlarm(int mailbox, int worker, long queued, int threshold, String actors) implements ActorError {
        @Override
        public String describe() {
            return "mailbox alarm: mailbox #" + mailbox + " of worker " + worker + " holds " + queued
                    + " message(s), at or over the threshold of " + threshold + "; its actors: " + actors
                    + " (a consumer slower than its producers: bound it, MailboxBound, or spread the load)";
        }
    }

    /**
     * Messages that were sent but never received: addressed to an actor that had terminated by the
     * time its mailbox was processed, or still queued when the system stopped.
     *
     * @param count    how many messages
     * @param examples a few of them, as {@code "actor <- message class"}
     */
    record UndeliveredMessages(long count, List<String> examples) implements ActorError {
        /**
         * Copies {@code examples} into an unmodifiable list.
         *
         * @param count    how many messages
         * @param examples a few of them
         */
        public UndeliveredMessages {
            examples = List.copyOf(examples);
        }

        @Override
        public String describe() {
            return count + " message(s) sent but never received (receiver terminated before them, "
                    + "or still queued at stop), e.g. " + examples;
        }
    }

    /**
     * Messages sent to an actor on another node (module {@code actor.remote}) that are not known to
     * have been delivered: the peer was lost, closed or restarted before it confirmed them, they
     * went beyond what a reference holds under back-pressure, or they could not be encoded, or the
     * sending node closed. Remote sends are at most once: nothing is sent again, and a message
     * reported here may still have reached its actor if the peer received it and could not confirm
     * it in time. The default handler logs the first few of them, then a summary at most every
     * {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds.
     *
     * @param node     the peer node's name
     * @param actor    the name the actor is exported under on that node
     * @param reason   why they are not known delivered
     * @param messages the messages, in the order they were sent
     */
    record RemoteUndelivered(String node, String actor, String reason, List<Object> messages) implements ActorError {
        /**
         * Copies {@code messages} into an unmodifiable list.
         *
         * @param node     the peer node's name
         * @param actor    the exported name
         * @param reason   why
         * @param messages the messages
         */
        public RemoteUndelivered {
            messages = List.copyOf(messages);
        }

        @Override
        public String describe() {
            return messages.size() + " message(s) to actor '" + actor + "' on node '" + node + "' not known delivered: "
                    + reason + (messages.isEmpty() ? "" : ", the first a " + messages.get(0).getClass().getName());
        }
    }

    /**
     * A problem of a node of remote actors (module {@code actor.remote}) on its receiving side or in
     * its transport: messages that arrived and could not be delivered (no actor exported under the
     * name they carry, a type this node does not know, bytes the type's codec refused, a type the
     * actor does not accept), frames it rejected (malformed, not authenticated, from a node it does
     * not admit), or an error of the Aeron client or driver. They can come by the thousand from a
     * flood of bad frames: the default handler logs the first few of them, then a summary at most
     * every {@value LoggingErrorHandler#SUMMARY_SECONDS} seconds, by node and problem.
     *
     * @param node    this node's name
     * @param problem what happened
     * @param failure the exception, or null
     */
    record RemoteFailure(String node, String problem, Throwable failure) implements ActorError {
        @Override
        public String describe() {
            return "node '" + node + "': " + problem + (failure == null ? "" : " (" + failure + ")");
        }
    }

    /**
     * A stop has been waiting for live actors: reported after
     * {@link ActorSystemConfig.Builder#stopWarningAfter} and then at doubling intervals (at most a
     * minute apart) while it keeps waiting, so a forgotten poison pill never hangs silently. It also
     * names the periodic timers still live ({@link ActorSystem#schedulePeriodic}): each keeps
     * sending to its actor until cancelled or the actor terminates, so it keeps the system busy.
     *
     * @param call           the waiting call, e.g. {@code "stop()"}
     * @param waited         how long it has waited so far
     * @param liveActors     actors live now
     * @param liveByClass    the live actors grouped by class, most numerous first, with a few tickets
     *                       each, e.g. {@code "2 x com.example.Account (#3, #7)"}
     * @param periodicTimers periodic timers live now
     * @param timersByTarget those timers grouped by their target's class, most numerous first, e.g.
     *                       {@code "1 x to com.example.Ticker"}; {@code "none"} without any
     */
    record StopWaiting(String call, Duration waited, long liveActors, String liveByClass, long periodicTimers,
                       String timersByTarget) implements ActorError {
        @Override
        public String describe() {
            return call + " has waited " + waited.toSeconds() + " s for " + liveActors + " live actor(s): "
                    + liveByClass + (periodicTimers == 0 ? "" : "; " + periodicTimers
                    + " periodic timer(s) still send to them: " + timersByTarget)
                    + ". Terminate them (return a status other than NODELETE, or send a "
                    + "PoisonPill), or end the system with shutdown(Duration) or abort()";
        }
    }

    /**
     * {@link ActorSystem#close()} found the system quiet (no behaviour running, nothing queued) for
     * {@link ActorSystemConfig.Builder#closeWhenQuietFor} while actors were still live: nothing was
     * left that could make them terminate, so it sent each {@link PoisonPill#FINISHED}. Typically a
     * try-with-resources block that threw before it told its actors to finish, or forgotten pills.
     *
     * @param quietFor    how long the system had been quiet
     * @param liveActors  actors live then
     * @param liveByClass the live actors grouped by class, with a few tickets each
     */
    record ClosedQuietSystem(Duration quietFor, long liveActors, String liveByClass) implements ActorError {
        @Override
        public String describe() {
            return "close() found the system quiet for " + quietFor.toSeconds() + " s with " + liveActors
                    + " live actor(s) that nothing was sending to: " + liveByClass
                    + "; it sent them PoisonPill.FINISHED (forgotten pills, or a try-with-resources block that threw)";
        }
    }

    /**
     * {@link ActorSystem#close()} had waited {@link ActorSystemConfig.Builder#closeWhenQuietFor}
     * while periodic timers ({@link ActorSystem#schedulePeriodic}) still sent to its actors, and
     * cancelled them. A periodic timer never ends by itself, so a system it sends to never goes
     * quiet, and close() would otherwise wait forever (with the exception of a try-with-resources
     * block that threw held back); it then ends the live actors once the system is quiet.
     *
     * @param waited         how long close() had waited
     * @param periodicTimers how many it cancelled
     * @param timersByTarget those timers grouped by their target's class, e.g. {@code "1 x to com.example.Ticker"}
     */
    record PeriodicTimersCancelled(Duration waited, long periodicTimers, String timersByTarget) implements ActorError {
        @Override
        public String describe() {
            return "close() cancelled " + periodicTimers + " periodic timer(s) still sending after waiting "
                    + waited.toSeconds() + " s: " + timersByTarget + " (a periodic timer never ends by itself; "
                    + "cancel it, or end the system with shutdown(Duration))";
        }
    }

    /**
     * An {@link ActorSystem#abort()} stopped waiting for worker threads that stayed inside a
     * behaviour for {@link ActorSystemConfig.Builder#stopWarningAfter} after being interrupted (a
     * behaviour blocked in a wait that ignores interrupts, such as {@code CompletableFuture.join()},
     * or computing in a loop): abort returned without them and left them behind. Each exits once
     * its behaviour returns; meanwhile it does not keep the JVM alive (worker threads are daemon
     * threads), so a program that returns from {@code main} ends.
     *
     * @param workers each stuck worker thread's name and where it was, as a few stack frames
     */
    record WorkersStuck(List<String> workers) implements ActorError {
        /**
         * Copies {@code workers} into an unmodifiable list.
         *
         * @param workers each stuck worker thread's name and where it was
         */
        public WorkersStuck {
            workers = List.copyOf(workers);
        }

        @Override
        public String describe() {
            return "abort() gave up waiting for " + workers.size() + " worker thread(s) still inside a behaviour "
                    + "that ignores interrupts, and left them behind (a daemon thread, a worker left behind does not "
                    + "keep the JVM alive; it exits once its behaviour returns): " + String.join("; ", workers);
        }
    }

    /**
     * A scheduled send ({@link ActorSystem#scheduleOnce}, {@link ActorSystem#schedulePeriodic})
     * threw, for example a reference a test implements; a periodic schedule goes on. (A target
     * that has terminated is no failure: the schedule ends quietly, strict sends or not.)
     *
     * @param failure what the send threw
     */
    record ScheduledSendFailed(Throwable failure) implements ActorError {
        @Override
        public String describe() {
            return "a scheduled send failed with " + failure;
        }
    }

    /**
     * The system was aborted ({@link ActorSystem#abort()}) while actors were still live: they
     * will never receive anything again.
     *
     * @param count how many actors were live
     */
    record LiveActorsAbandoned(long count) implements ActorError {
        @Override
        public String describe() {
            return "the system was aborted with " + count + " live actor(s); they will receive nothing more";
        }
    }

    /**
     * The work-stealing {@link actor.steal.VictimSelector} threw or broke its contract (returned
     * the thief or an index out of range). The executor treated that call as "no victim" and keeps
     * running; reported once per system.
     *
     * @param selector the selector's class name
     * @param problem  what it did wrong
     * @param failure  what it threw, or null if it returned a bad index
     */
    record VictimSelectorFailed(String selector, String problem, Throwable failure) implements ActorError {
        @Override
        public String describe() {
            return "victim selector " + selector + " failed: " + problem + (failure == null ? "" : " (" + failure + ")");
        }
    }

    /**
     * Debug checks: at the stop, once every worker has exited, a mailbox's recorded owner (the
     * worker its senders wake) was not the worker whose slice holds it. This is a bug in the
     * executor's stealing protocol, never in the application: please report it.
     *
     * @param mailbox       the mailbox's index
     * @param recordedOwner the worker it records as its owner
     * @param slotOwner     the worker whose slice holds it
     */
    record OwnershipMismatch(int mailbox, int recordedOwner, int slotOwner) implements ActorError {
        @Override
        public String describe() {
            return "executor invariant broken: mailbox " + mailbox + " records worker " + recordedOwner
                    + " as its owner but sits in worker " + slotOwner + "'s slice";
        }
    }

    /**
     * Debug checks: a message became unreachable without ever being sent, which often means a
     * forgotten send.
     *
     * @param messageClass the message's class name
     */
    record UnsentMessage(String messageClass) implements ActorError {
        @Override
        public String describe() {
            return "a " + messageClass + " was created but never sent before it became unreachable";
        }
    }
}
