package actor.remote.internal;

import actor.api.Actor;
import actor.api.Allocation;
import actor.api.Cancellable;
import actor.api.ContextPropagator;
import actor.api.PoisonPill;
import actor.remote.PeerState;
import io.aeron.Publication;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The local stand-in of one remote actor: an actor of the local system whose behaviour encodes each
 * message into a batch, and sends the batch as one Aeron message on the peer's publication when
 * the messages gulped with it have all been encoded. It does so by sending itself {@link Signal#FLUSH}
 * with the batch's first message: a message a behaviour sends to its own mailbox joins the end of
 * the batch being run, so the flush comes after the messages queued behind the first.
 *
 * <p>Semantics: messages from one sender go out in the order sent (this actor receives them in
 * that order, and sends batch after batch on one publication). A batch the publication does not
 * take (back-pressure, a peer not connected yet) is held, in order, up to
 * {@code maxPendingMessages}, and tried again on the next flush or after {@code retryInterval};
 * beyond the bound, and when the peer is lost, messages are reported undelivered
 * ({@link actor.api.ActorError.RemoteUndelivered}). A batch the publication took goes to the agent,
 * which keeps it until the peer confirms it. Each batch carries the peer's epoch ({@link Wire}),
 * read when it is offered: none goes before the peer has sent one, so batches are held meanwhile.
 * With a secret, each batch carries its tag ({@link FrameTag}, one per proxy), made when it is
 * offered, and again for a held one only if the epoch changed while it was held.
 *
 * <p>Threading: an actor; its fields are touched by its behaviours only.
 */
final class Proxy extends Actor<Object> {

    /** The proxy's own messages, never encoded. */
    enum Signal {
        /** Send the batch: every message gulped with its first one has been encoded. */
        FLUSH,
        /** Try the held batches again. */
        RETRY,
        /** The node closes: send or report everything, then terminate. */
        CLOSE
    }

    /** The wire context of a message sent without one. */
    private static final byte[] NO_CONTEXT = new byte[0];

    private final Node node;
    private final Route route;
    private final Publication publication;
    /** The tag of the batches, null without a secret. */
    private final FrameTag tag;
    /** {@link FrameTag#LENGTH} with a secret, else 0. */
    private final int tagLength;
    /** Where the epoch is, after the header. */
    private final int epochAt;
    private final int prefixLength;
    private final int batchBytes;
    private final int maxMessageLength;
    private final int maxPendingMessages;
    private final ExpandableArrayBuffer batch;
    private final UnsafeBuffer heldView = new UnsafeBuffer(new byte[0]);
    private Object[] messages = new Object[16];
    private int count;
    private int length;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private int heldMessages;
    /** A {@link Signal#FLUSH} is on its way to this actor. */
    private boolean flushQueued;
    /** The scheduled {@link Signal#RETRY}, null when none is on its way. */
    private Cancellable retry;
    /**
     * The status to terminate with once no signal is on its way (so none arrives after the end and
     * is reported undelivered); null while the proxy runs.
     */
    private Allocation ending;

    /**
     * A batch the publication did not take yet: its frame, {@code length} bytes and room for the
     * tag after them, addressed to and signed for {@code epoch} (0: not yet).
     */
    private static final class Held {
        final byte[] bytes;
        final int length;
        final Object[] messages;
        long epoch;

        Held(byte[] bytes, int length, Object[] messages, long epoch) {
            this.bytes = bytes;
            this.length = length;
            this.messages = messages;
            this.epoch = epoch;
        }
    }

    Proxy(Node node, Route route) {
        super(node.system);
        this.node = node;
        this.route = route;
        this.publication = route.peer.publication;
        this.maxPendingMessages = node.config.maxPendingMessages();
        this.tag = node.secret == null ? null : new FrameTag(node.secret);
        this.tagLength = tag == null ? 0 : FrameTag.LENGTH;
        this.maxMessageLength = publication.maxMessageLength() - tagLength;
        this.batchBytes = publication.maxPayloadLength() - tagLength;
        final byte[] target = route.actor.getBytes(StandardCharsets.UTF_8);
        this.epochAt = node.dataHeader.length;
        this.prefixLength = epochAt + Wire.EPOCH_LENGTH + 2 + target.length + 4;
        this.batch = new ExpandableArrayBuffer(Math.max(256, prefixLength * 2));
        batch.putBytes(0, node.dataHeader);
        Wire.putShortString(batch, epochAt + Wire.EPOCH_LENGTH, target);
        this.length = prefixLength;
    }

    @Override
    protected Allocation receive(Object message) {
        if (message instanceof Signal signal) {
            switch (signal) {
                case FLUSH -> {
                    flushQueued = false;
                    flush();
                }
                case RETRY -> {
                    retry = null;
                    flush();
                }
                case CLOSE -> end(Allocation.FINISHED, "node '" + node.config.name() + "' closed before they could be sent");
            }
        } else if (ending != null) {
            node.undelivered(route, "the reference was closed", List.of(message));
        } else {
            append(message);
            if (!flushQueued) {
                flushQueued = true;
                send(Signal.FLUSH);
            }
        }
        return ending != null && !flushQueued && retry == null ? ending : Allocation.NODELETE;
    }

    @Override
    protected Allocation onPoisonPill(PoisonPill pill) {
        end(pill.status(), "the actor system stopped the reference to it before they could be sent");
        return !flushQueued && retry == null ? ending : Allocation.NODELETE;
    }

    /** Sends or reports everything, and terminates with {@code status} once no signal is on its way. */
    private void end(Allocation status, String reason) {
        if (ending == null) {
            ending = status;
            finish(reason);
        }
        if (retry != null && retry.cancel()) {
            retry = null;
        }
    }

    /** Whether this proxy sends to {@code peer}. */
    boolean sendsTo(Peer peer) {
        return route.peer == peer;
    }

    /** Sends {@link Signal#CLOSE} unless the proxy has already terminated. */
    void close() {
        if (!isTerminated()) {
            send(Signal.CLOSE);
        }
    }

    private void append(Object message) {
        final TypeRegistry.Entry entry = node.registry.entryFor(message);
        if (entry == null) {
            node.undelivered(route, "no codec is registered for " + message.getClass().getName(), List.of(message));
            return;
        }
        final byte[] context = node.propagator == null ? null : wireContext();
        final int contextPrefix = context == null ? 0 : 2 + context.length;
        final int at = length;
        final int encoded;
        try {
            encoded = entry.codec().encode(message, batch, at + contextPrefix + 8);
        } catch (RuntimeException e) {
            node.undelivered(route, "encoding failed: " + e, List.of(message));
            return;
        }
        if (prefixLength + contextPrefix + 8 + encoded > maxMessageLength) {
            node.undelivered(route, "a message of " + encoded + " bytes, longer than the longest Aeron message ("
                    + maxMessageLength + " bytes, an eighth of the term length" + (tag == null ? "" : ", less the tag")
                    + ")", List.of(message));
            return;
        }
        if (at + contextPrefix + 8 + encoded > maxMessageLength) {
            // The batch would be too long for one Aeron message: send what precedes this message,
            // then start the next batch with it.
            final byte[] bytes = new byte[encoded];
            batch.getBytes(at + contextPrefix + 8, bytes);
            send();
            batch.putBytes(length + contextPrefix + 8, bytes);
        }
        if (context != null) {
            Wire.putShortString(batch, length, context);
        }
        batch.putInt(length + contextPrefix, entry.id(), Wire.ORDER);
        batch.putInt(length + contextPrefix + 4, encoded, Wire.ORDER);
        length += contextPrefix + 8 + encoded;
        if (count == messages.length) {
            messages = Arrays.copyOf(messages, count * 2);
        }
        messages[count++] = message;
        if (length >= batchBytes) {
            send();
        }
    }

    /**
     * The context of the message being appended, as the propagator writes it for the wire: this
     * behaviour runs in its sender's context ({@link actor.api.ContextPropagator}). Empty when the
     * propagator writes none, or more than {@link actor.api.ContextPropagator#MAX_WIRE_LENGTH}.
     */
    private byte[] wireContext() {
        final String text = node.propagator.toWire(node.propagator.capture());
        return text == null || text.length() > ContextPropagator.MAX_WIRE_LENGTH
                ? NO_CONTEXT : text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Tries the held batches, then sends the current one. */
    private void flush() {
        sendHeld();
        send();
    }

    /**
     * Sends the current batch, addressed to the peer's epoch, or holds it behind those held (or
     * while the peer has sent no epoch yet), or reports it.
     */
    private void send() {
        if (count == 0) {
            return;
        }
        batch.putInt(prefixLength - 4, count, Wire.ORDER);
        if (route.peer.state() == PeerState.LOST && held.isEmpty()) {
            route.peer.sentWhileLost();
            node.undelivered(route, lostReason(), Arrays.copyOf(messages, count));
            clear();
            return;
        }
        final long epoch = route.peer.sendEpoch();
        if (!held.isEmpty() || epoch == 0) {
            hold(0);
            return;
        }
        batch.putLong(epochAt, epoch, Wire.ORDER);
        final int frameLength = tag == null ? length : tag.sign(batch, length, route.peer.tagContext, publication.sessionId());
        final long result = publication.offer(batch, 0, frameLength);
        if (result > 0) {
            node.sent.offer(new Sent(route, result, epoch, Arrays.copyOf(messages, count)));
            node.sentMessages.add(count);
            clear();
        } else if (isTransient(result)) {
            hold(epoch);
        } else {
            node.undelivered(route, "the publication refused them: " + Publication.errorString(result),
                    Arrays.copyOf(messages, count));
            clear();
        }
    }

    /**
     * Sends held batches in order until the publication refuses one, or while the peer has sent no
     * epoch yet. A batch held since before the peer's epoch changed is addressed (and signed) anew:
     * it was never offered, so nothing of it is before the fence.
     */
    private void sendHeld() {
        while (!held.isEmpty()) {
            if (route.peer.state() == PeerState.LOST) {
                route.peer.sentWhileLost();
                reportHeld(lostReason());
                return;
            }
            final long epoch = route.peer.sendEpoch();
            if (epoch == 0) {
                scheduleRetry();
                return;
            }
            final Held next = held.peek();
            heldView.wrap(next.bytes);
            if (next.epoch != epoch) {
                heldView.putLong(epochAt, epoch, Wire.ORDER);
                if (tag != null) {
                    tag.sign(next.bytes, next.length, route.peer.tagContext, publication.sessionId());
                }
                next.epoch = epoch;
            }
            final long result = publication.offer(heldView, 0, next.length + tagLength);
            if (result > 0) {
                node.sent.offer(new Sent(route, result, epoch, next.messages));
                node.sentMessages.add(next.messages.length);
                heldMessages -= next.messages.length;
                held.poll();
            } else if (isTransient(result)) {
                scheduleRetry();
                return;
            } else {
                heldMessages -= next.messages.length;
                held.poll();
                node.undelivered(route, "the publication refused them: " + Publication.errorString(result),
                        next.messages);
            }
        }
    }

    private static boolean isTransient(long result) {
        return result == Publication.BACK_PRESSURED || result == Publication.NOT_CONNECTED
                || result == Publication.ADMIN_ACTION;
    }

    /**
     * Holds the current batch, addressed to and signed for {@code epoch} (0: not yet), or reports
     * it if the bound would be passed.
     */
    private void hold(long epoch) {
        if (heldMessages + count > maxPendingMessages) {
            node.undelivered(route, (route.peer.state() == PeerState.CONNECTED
                    ? "back-pressure: the peer does not take messages as fast as they are sent"
                    : "the peer is not connected") + ", and " + heldMessages + " message(s) are already held (maxPendingMessages "
                    + maxPendingMessages + ")", Arrays.copyOf(messages, count));
        } else {
            held.add(new Held(Arrays.copyOf(batch.byteArray(), length + tagLength), length, Arrays.copyOf(messages, count), epoch));
            heldMessages += count;
            scheduleRetry();
        }
        clear();
    }

    private void scheduleRetry() {
        if (retry == null && ending == null) {
            try {
                retry = node.system.scheduleOnce(node.config.retryInterval(), ref(), Signal.RETRY);
            } catch (RuntimeException stopping) {
                // The system accepts no new schedules: it is stopping, so nothing would try again.
                reportHeld("the actor system stopped before the peer took them (" + stopping + ")");
            }
        }
    }

    /** The last flush: what cannot be sent now is reported with {@code reason}. */
    private void finish(String reason) {
        flush();
        reportHeld(reason);
        if (count > 0) {
            node.undelivered(route, reason, Arrays.copyOf(messages, count));
            clear();
        }
    }

    private void reportHeld(String reason) {
        if (held.isEmpty()) {
            return;
        }
        final List<Object> all = new ArrayList<>(heldMessages);
        for (Held h : held) {
            all.addAll(Arrays.asList(h.messages));
        }
        held.clear();
        heldMessages = 0;
        node.undelivered(route, reason, all);
    }

    private String lostReason() {
        return "node '" + route.peer.name + "' is lost: " + route.peer.lostReason();
    }

    /** Empties the current batch, keeping its prefix. */
    private void clear() {
        Arrays.fill(messages, 0, count, null);
        count = 0;
        length = prefixLength;
    }

    @Override
    public String toString() {
        return "proxy of " + route;
    }
}
