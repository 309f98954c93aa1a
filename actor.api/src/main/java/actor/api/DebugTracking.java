package actor.api;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;

/**
 * Debug-mode bookkeeping of messages: which were never sent, which were deleted. Active only while
 * at least one system with {@link Checks#DEBUG} runs; otherwise a message's constructor reads one
 * volatile field and the send path does nothing.
 */
final class DebugTracking {

    /**
     * Handlers of the running debug systems; the newest receives reports. Written under the class
     * lock; read by message constructors through the volatile {@link #current}.
     */
    private static final List<ErrorHandler> ACTIVE = new ArrayList<>();
    private static volatile ErrorHandler current;
    private static Cleaner cleaner;

    private DebugTracking() {
    }

    /** Starts tracking on behalf of a debug system that reports to {@code handler}. */
    static synchronized void systemStarted(ErrorHandler handler) {
        if (cleaner == null) {
            cleaner = Cleaner.create();
        }
        ACTIVE.add(handler);
        current = handler;
    }

    /** Stops tracking for that system; messages already tracked keep reporting to it. */
    static synchronized void systemStopped(ErrorHandler handler) {
        ACTIVE.remove(handler);
        current = ACTIVE.isEmpty() ? null : ACTIVE.get(ACTIVE.size() - 1);
    }

    /** Called by every message constructor: a tracker when a debug system runs, else null. */
    static Tracker track(Message message) {
        final ErrorHandler handler = current;
        if (handler == null) {
            return null;
        }
        final Tracker tracker = new Tracker(message.getClass().getName(), handler);
        registerWithCleaner(message, tracker);
        return tracker;
    }

    private static synchronized void registerWithCleaner(Message message, Tracker tracker) {
        cleaner.register(message, tracker);
    }

    /**
     * Per-message debug state. {@code sent} and {@code deleted} are written by senders and workers
     * and read by the cleaner thread and senders: volatile, since the rare writes cost nothing
     * noticeable in debug mode.
     */
    static final class Tracker implements Runnable {
        private final String messageClass;
        private final ErrorHandler handler;
        private volatile boolean sent;
        private volatile boolean deleted;

        Tracker(String messageClass, ErrorHandler handler) {
            this.messageClass = messageClass;
            this.handler = handler;
        }

        void onSend() {
            if (deleted) {
                throw new IllegalStateException("a " + messageClass + " was deleted (Allocation.DELETE) "
                        + "after a behaviour received it and cannot be sent again; use DESTROY or "
                        + "NODELETE for messages that are reused");
            }
            if (!sent) {
                sent = true;
            }
        }

        void onDelete() {
            deleted = true;
        }

        /** Cleaner action: the message became phantom reachable. */
        @Override
        public void run() {
            if (!sent) {
                handler.handle(new ActorError.UnsentMessage(messageClass));
            }
        }
    }
}
