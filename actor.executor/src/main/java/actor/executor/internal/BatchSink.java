package actor.executor.internal;

import java.util.function.Consumer;

/**
 * What a worker drains a batch of either mailbox kind into: a copy queue's (registration, message)
 * pairs, or an MPSC mailbox's envelopes. {@link EnvelopeRunner} is one; its traced sink, on a system
 * with a context propagator, is the other ({@link Traced}). Owned by one worker thread.
 */
interface BatchSink extends CopyQueue.EnvelopeSink, Consumer<MpscMailbox.Envelope> {
}
