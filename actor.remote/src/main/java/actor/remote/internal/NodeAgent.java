package actor.remote.internal;

import actor.api.ContextPropagator;
import actor.remote.NodeAddress;
import actor.remote.PeerState;
import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.Header;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.collections.IntHashSet;
import org.agrona.concurrent.Agent;

/**
 * The receiving side of a node, an Agrona {@link Agent} on its own thread (an {@code AgentRunner}
 * with the configured idle strategy). Each duty cycle it:
 * <ol>
 *   <li>takes the batches the proxies sent and keeps each until its peer confirms it;</li>
 *   <li>polls the subscription: with a secret, checks each frame's tag first ({@link FrameTag});
 *       checks each frame whole ({@link Frame}) and its sender (the node its session is bound to,
 *       the allow-list, the cap on learned peers), then decodes each DATA batch at the peer's
 *       current epoch and sends its messages, in order, to the exported actor it names (one at
 *       another epoch is dropped unread), and applies each STATUS (a peer's epoch for this node,
 *       confirmations and heartbeat); a frame it does not take is dropped, nothing of it used,
 *       counted, and reported (a malformed one once, the others throttled: {@link Rejections});</li>
 *   <li>every few milliseconds, updates each peer's state: connected once its publication is and
 *       it has sent its epoch; lost when it stays silent past the peer timeout, closes, or does not
 *       connect in time, and then reports everything it had not confirmed; connected again when it
 *       is heard from; a learned peer lost and unused past the expiry is forgotten; a peer not heard
 *       from for the peer timeout less two heartbeat intervals is fenced (a new epoch); and if the
 *       Aeron client closed under the node, ends it ({@link #end});</li>
 *   <li>sends each peer a STATUS when it has delivered more of its messages, or a heartbeat is due.</li>
 * </ol>
 * It also asks peers for the resolves under way (IDENTIFY) and answers theirs (IDENTITY), and ends
 * the generated exports whose actors terminated ({@link References#sweep()}).
 *
 * <p>Identity: a session (one image, one publication of the sender) is bound to the node, name and
 * incarnation, of its first frame. A later frame on it that claims another name is rejected; one
 * that claims the same name and another incarnation is the node restarted on the same publication
 * (an external driver that kept it), and binds the session anew. With a secret, only a holder of
 * the secret makes frames that get this far.
 *
 * <p>Delivery tracking works on positions of the publication to a peer: a batch is confirmed when
 * the peer's STATUS reports a position at or past the one its offer returned, at the epoch the
 * batch was addressed to. When a peer's image of the publication joins anew, data before the join
 * position that was not confirmed cannot arrive on that image, and is reported. When the peer's
 * STATUS brings a new epoch (it restarted, or fenced this node after a silence), what was sent at
 * the old one and not confirmed at it is dropped there, and reported here.
 *
 * <p>Fencing ({@link Wire}): each peer has an epoch here, drawn when it is met and again when it
 * has not been heard from for the peer timeout less two heartbeat intervals (on housekeeping, and
 * on each of its frames with a fresh clock, so that a stall of this node between two frames is seen
 * before the second is used). A peer reports what it sent when it has not heard from this node for
 * the peer timeout; by then this node, which heard it until the silence began, has fenced it.
 *
 * <p>Threading: the agent thread only, except {@link #retainedMessages()} (volatile, single writer).
 */
final class NodeAgent implements Agent {

    /** Fragments per poll. */
    private static final int FRAGMENT_LIMIT = 64;
    /** Longest interval between two state updates. */
    private static final long MAX_HOUSEKEEPING_NANOS = 10_000_000L;
    /** Interval between two sweeps of the generated exports whose actors terminated. */
    private static final long SWEEP_NANOS = 100_000_000L;
    /** The type name an IDENTITY carries when nothing is exported under the name asked for. */
    private static final byte[] NOTHING = new byte[0];

    private final Node node;
    private final Subscription subscription;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onFragment);
    /** The frame being received, checked whole before it is used. */
    private final Frame frame = new Frame();
    /** Makes and checks the tags of the frames this agent sends and receives; null without a secret. */
    private final FrameTag tag;
    /** {@link FrameTag#LENGTH} with a secret, else 0. */
    private final int tagLength;
    /** This node's part of the authentication context of the frames it receives. */
    private final byte[] tagContext;
    /** The frames dropped unused, counted and reported throttled. */
    private final Rejections rejections;
    /** The names a node may have to become a peer; null: any. */
    private final Set<String> allowedPeers;
    private final int maxLearnedPeers;
    /** Peers learned and not forgotten. */
    private int learnedPeers;
    private final long learnedPeerExpiryNanos;
    private final Int2ObjectHashMap<Inbound> inbound = new Int2ObjectHashMap<>();
    /** Sessions whose messages are not of this protocol, reported once each. */
    private final IntHashSet foreignSessions = new IntHashSet();
    private final List<Peer> peers;
    private final ExpandableArrayBuffer status = new ExpandableArrayBuffer(256);
    private final int statusHeaderLength;
    /** Where IDENTIFY and IDENTITY messages are written; the same header as {@link #status}, but for the kind. */
    private final ExpandableArrayBuffer control = new ExpandableArrayBuffer(256);
    /** The resolves asked and not answered yet. */
    private final List<Resolve> resolving = new ArrayList<>();
    private final long heartbeatNanos;
    private final long peerTimeoutNanos;
    private final long connectTimeoutNanos;
    /** Silence from a peer after which it is fenced: the peer timeout less two heartbeat intervals. */
    private final long fenceNanos;
    private final long housekeepingNanos;
    private final String name;
    private long now;
    private long nextHousekeepingNanos;
    private long nextSweepNanos;
    /** Messages kept until confirmed. Written by the agent (single writer), read by the closing thread. */
    private volatile long retained;
    /** The Aeron client closed under the node ({@link #end}): nothing is polled or sent any more. */
    private boolean ended;

    /**
     * One image of a peer's publication: the node its session is bound to (the name and incarnation
     * of its first frame), where its messages come from, and how far they are delivered. A session
     * whose node is refused has no peer: its frames are counted and dropped.
     */
    private static final class Inbound {
        final int sessionId;
        final long incarnation;
        final String name;
        final byte[] nameBytes;
        /** Null when the node is refused. */
        final Peer peer;
        /** Why the node is refused, to report each frame (throttled); null when it is not, or was reported once and for all. */
        final Rejections.Reason refusal;
        final Image image;
        long position;
        byte[] targetName = new byte[0];
        Export target;

        Inbound(int sessionId, long incarnation, String name, Peer peer, Rejections.Reason refusal, Image image) {
            this.sessionId = sessionId;
            this.incarnation = incarnation;
            this.name = name;
            this.nameBytes = name.getBytes(StandardCharsets.UTF_8);
            this.peer = peer;
            this.refusal = refusal;
            this.image = image;
            this.position = image == null ? 0 : image.joinPosition();
        }
    }

    NodeAgent(Node node, Subscription subscription, List<Peer> configured) {
        this.node = node;
        this.subscription = subscription;
        this.peers = new ArrayList<>(configured);
        this.name = node.config.name();
        final byte[] header = Wire.header(Wire.STATUS, node.headerFlags, node.incarnation, name, node.config.endpoint());
        status.putBytes(0, header);
        control.putBytes(0, header);
        this.statusHeaderLength = header.length;
        this.tag = node.secret == null ? null : new FrameTag(node.secret);
        this.tagLength = tag == null ? 0 : FrameTag.LENGTH;
        this.tagContext = FrameTag.context(name);
        this.rejections = new Rejections(node, System.nanoTime());
        this.allowedPeers = node.config.allowedPeers().orElse(null);
        this.maxLearnedPeers = node.config.maxLearnedPeers();
        this.learnedPeerExpiryNanos = node.config.learnedPeerExpiry().toNanos();
        this.heartbeatNanos = node.config.heartbeatInterval().toNanos();
        this.peerTimeoutNanos = node.config.peerTimeout().toNanos();
        this.connectTimeoutNanos = node.config.connectTimeout().toNanos();
        this.fenceNanos = peerTimeoutNanos - 2 * heartbeatNanos;
        this.housekeepingNanos = Math.min(MAX_HOUSEKEEPING_NANOS, heartbeatNanos / 2);
    }

    @Override
    public String roleName() {
        return "actor.remote-" + name;
    }

    /** Messages sent and not yet confirmed or reported. */
    long retainedMessages() {
        return retained;
    }

    @Override
    public int doWork() {
        now = System.nanoTime();
        int work = takePeerChanges() + takeSent() + takeResolves();
        if (!ended) {
            work += subscription.poll(assembler, FRAGMENT_LIMIT);
        }
        if (now - nextHousekeepingNanos >= 0) {
            nextHousekeepingNanos = now + housekeepingNanos;
            work += housekeeping();
        }
        return work + sendStatuses(false);
    }

    /** Tells the peers this node closes, reports what they have not confirmed, and fails the resolves under way. */
    @Override
    public void onClose() {
        now = System.nanoTime();
        takeSent();
        sendStatuses(true);
        for (Peer peer : peers) {
            reportRetained(peer, Long.MAX_VALUE, "node '" + name + "' closed before node '" + peer.name
                    + "' confirmed them");
        }
        takeResolves();
        for (Resolve resolve : resolving) {
            resolve.notFound("node '" + name + "' closed before node '" + resolve.peer.name + "' answered", null);
        }
        resolving.clear();
    }

    /**
     * Takes the peers added ({@code addPeer}) into the list, and drops those removed
     * ({@code removePeer}): what they had not confirmed is reported, as for a lost peer, then they
     * are forgotten, as a learned peer is after its expiry.
     */
    private int takePeerChanges() {
        int taken = 0;
        for (Peer added = node.addedPeers.poll(); added != null; added = node.addedPeers.poll()) {
            peers.add(added);
            taken++;
        }
        for (Peer removed = node.removedPeers.poll(); removed != null; removed = node.removedPeers.poll()) {
            if (peers.remove(removed)) {
                if (removed.state() != PeerState.LOST) {
                    lose(removed, "it was removed from the peers of node '" + name + "'");
                }
                if (!removed.configured) {
                    learnedPeers--;
                }
            }
            drop(removed, "was removed");
            node.drop(removed);
            taken++;
        }
        return taken;
    }

    /** Takes the resolves callers asked, and asks their peers at once. */
    private int takeResolves() {
        int taken = 0;
        for (Resolve resolve = node.resolves.poll(); resolve != null; resolve = node.resolves.poll()) {
            if (ended) {
                resolve.notFound("node '" + name + "' can no longer send or receive: its Aeron client closed", node.clientFailure);
                continue;
            }
            resolve.nextAttemptNanos = now;
            resolving.add(resolve);
            taken++;
        }
        return taken > 0 ? taken + resolveDue() : 0;
    }

    /**
     * Fails the resolves past their deadline, and asks (again) those whose question is due: the
     * first time, or a heartbeat interval after the last one went unanswered.
     */
    private int resolveDue() {
        int work = 0;
        for (int i = resolving.size() - 1; i >= 0; i--) {
            final Resolve resolve = resolving.get(i);
            if (now - resolve.deadlineNanos >= 0) {
                resolving.remove(i);
                resolve.notFound("no answer within " + resolve.timeout + " (node '" + resolve.peer.name + "' is "
                        + resolve.peer.state() + ")", new TimeoutException("no answer from node '" + resolve.peer.name
                        + "' within " + resolve.timeout));
                work++;
            } else if (now - resolve.nextAttemptNanos >= 0 && resolve.peer.publication.isConnected()
                    && identify(resolve) > 0) {
                resolve.nextAttemptNanos = now + heartbeatNanos;
                work++;
            }
        }
        return work;
    }

    /** Offers the IDENTIFY of {@code resolve}; what the publication's offer returned. */
    private long identify(Resolve resolve) {
        control.putByte(Wire.KIND_OFFSET, Wire.IDENTIFY);
        int at = statusHeaderLength;
        control.putLong(at, resolve.id, Wire.ORDER);
        at = Wire.putShortString(control, at + 8, resolve.actorBytes);
        control.putInt(at, resolve.typeIds.length, Wire.ORDER);
        at += 4;
        for (int typeId : resolve.typeIds) {
            control.putInt(at, typeId, Wire.ORDER);
            at += 4;
        }
        return resolve.peer.publication.offer(control, 0, sign(control, at, resolve.peer));
    }

    /** Appends the tag of the {@code length} bytes of {@code frame} for {@code peer}, with a secret; the length to send. */
    private int sign(ExpandableArrayBuffer frame, int length, Peer peer) {
        return tag == null ? length : tag.sign(frame, length, peer.tagContext, peer.publication.sessionId());
    }

    /**
     * A peer's IDENTIFY, in {@link #frame}: answers whether the name it asks for is exported here
     * and, type by type, whether the exported actor takes the messages. An answer the publication
     * does not take is dropped: the peer asks again. One longer than the publication's longest
     * message is not made, and reported.
     */
    private void answer(Peer peer, DirectBuffer buffer) {
        final Export export = node.exportOf(buffer.getStringWithoutLengthUtf8(frame.targetAt(), frame.targetLength()));
        final int count = export == null ? 0 : frame.count();
        final byte[] type = export == null ? NOTHING : export.type().getName().getBytes(StandardCharsets.UTF_8);
        final long answerLength = statusHeaderLength + 13 + 5L * count + 2 + type.length + tagLength;
        if (answerLength > peer.publication.maxMessageLength()) {
            node.failure("an IDENTIFY from node '" + peer.name + "' asks about " + count + " types: the answer, "
                    + answerLength + " bytes, would be longer than the longest message (" + peer.publication.maxMessageLength()
                    + " bytes); not answered", null);
            return;
        }
        control.putByte(Wire.KIND_OFFSET, Wire.IDENTITY);
        int out = statusHeaderLength;
        control.putLong(out, frame.requestId(), Wire.ORDER);
        control.putByte(out + 8, export == null ? (byte) 0 : (byte) 1);
        control.putInt(out + 9, count, Wire.ORDER);
        out += 13;
        for (int i = 0, in = frame.entriesAt(); i < count; i++, in += 4) {
            final int typeId = buffer.getInt(in, Wire.ORDER);
            final TypeRegistry.Entry entry = node.registry.entry(typeId);
            control.putInt(out, typeId, Wire.ORDER);
            control.putByte(out + 4, entry == null ? Wire.UNKNOWN_TYPE
                    : export.type().isAssignableFrom(entry.type()) ? Wire.ACCEPTED : Wire.REFUSED_TYPE);
            out += 5;
        }
        out = Wire.putShortString(control, out, type);
        peer.publication.offer(control, 0, sign(control, out, peer));
    }

    /** A peer's IDENTITY, in {@link #frame}: completes the resolve it answers, if it is still under way. */
    private void onIdentity(Peer peer, DirectBuffer buffer) {
        final long requestId = frame.requestId();
        Resolve resolve = null;
        for (int i = 0; i < resolving.size() && resolve == null; i++) {
            if (resolving.get(i).id == requestId) {
                resolve = resolving.remove(i);
            }
        }
        if (resolve == null) {
            return;
        }
        if (!frame.exported()) {
            resolve.notFound("node '" + peer.name + "' exports nothing under that name", null);
            return;
        }
        final int count = frame.count();
        final List<String> unknown = new ArrayList<>();
        final List<String> refused = new ArrayList<>();
        for (int i = 0, in = frame.entriesAt(); i < count; i++, in += 5) {
            final int typeId = buffer.getInt(in, Wire.ORDER);
            final byte verdict = buffer.getByte(in + 4);
            for (int k = 0; k < resolve.typeIds.length; k++) {
                if (resolve.typeIds[k] == typeId && verdict != Wire.ACCEPTED) {
                    (verdict == Wire.UNKNOWN_TYPE ? unknown : refused).add(resolve.types.get(k).getName());
                }
            }
        }
        final String exportedType = buffer.getStringWithoutLengthUtf8(frame.typeAt(), frame.typeLength());
        if (unknown.isEmpty() && refused.isEmpty()) {
            try {
                resolve.found(node.proxy(resolve.peer, resolve.actor));
            } catch (RuntimeException stopping) {
                resolve.notFound("the reference could not be made: " + stopping, stopping);
            }
            return;
        }
        final List<String> reasons = new ArrayList<>();
        if (!refused.isEmpty()) {
            reasons.add("exported for " + exportedType + ", which does not take " + String.join(", ", refused));
        }
        if (!unknown.isEmpty()) {
            reasons.add("node '" + peer.name + "' does not know " + String.join(", ", unknown)
                    + " (it registered no such type, or another version of it)");
        }
        resolve.notFound(String.join("; ", reasons), null);
    }

    private int takeSent() {
        int taken = 0;
        for (Sent sent = node.sent.poll(); sent != null; sent = node.sent.poll()) {
            taken++;
            final Route route = sent.route();
            final Peer peer = route.peer;
            if (!route.listed) {
                route.listed = true;
                peer.routes.add(route);
            }
            final long position = sent.position();
            if (sent.epoch() != peer.sendEpoch()) {
                // Addressed to an epoch the peer left: confirmed only if confirmed at that epoch.
                if (sent.epoch() == peer.previousSendEpoch && position <= peer.ackedAtEpochChange) {
                    node.acknowledgedMessages.add(sent.messages().length);
                } else {
                    node.undelivered(route, fencedReason(peer), sent.messages());
                }
            } else if (position <= peer.ackedAtJoin || position > peer.joinFloor && position <= peer.acked) {
                node.acknowledgedMessages.add(sent.messages().length);
            } else if (position <= peer.joinFloor) {
                node.undelivered(route, "node '" + peer.name
                        + "' rejoined the stream after them (it restarted, or its image timed out)", sent.messages());
            } else if (peer.state() == PeerState.LOST) {
                node.undelivered(route, "node '" + peer.name + "' is lost: " + peer.lostReason(), sent.messages());
            } else {
                route.retained.add(sent);
                retained += sent.messages().length;
            }
        }
        return taken;
    }

    /**
     * One frame: with a secret, its tag checked before anything else of it is read; checked whole
     * ({@link Frame}); its sender checked (the node its session is bound to, or, on the session's
     * first frame, whether the node is admitted); then handled by its kind. A frame without a valid
     * tag, from a node not admitted, or claiming another node than its session's is dropped,
     * counted and reported throttled ({@link Rejections}); a malformed frame is reported once,
     * saying what is wrong, and dropped; frames of another protocol version are reported once per
     * session and ignored. Every frame dropped is counted in {@code rejectedFrames}.
     */
    private void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        final int sessionId = header.sessionId();
        if (tag != null ? !tag.verify(buffer, offset, length, tagContext, sessionId) : Frame.isTagged(buffer, offset, length)) {
            rejections.reject(tag != null ? Rejections.Reason.UNAUTHENTICATED : Rejections.Reason.UNEXPECTED_TAG, sessionId,
                    null, now);
            return;
        }
        Inbound from = inbound.get(sessionId);
        try {
            if (!frame.wrap(buffer, offset, length, tagLength)) {
                node.rejectedFrames.increment();
                if (foreignSessions.add(sessionId)) {
                    node.failure("messages of another protocol (the first: " + length + " bytes, version "
                            + frame.version() + "; this node speaks " + Wire.VERSION + ") from session " + sessionId
                            + ": ignored", null);
                }
                return;
            }
            if (from != null && !frame.isNamed(from.nameBytes)) {
                rejections.reject(Rejections.Reason.ANOTHER_NODE, sessionId, from.name, now);
                return;
            }
            if (from == null || from.incarnation != frame.incarnation()) {
                from = open(sessionId);
                if (from == null) {
                    return;
                }
            }
        } catch (MalformedFrameException malformed) {
            node.rejectedFrames.increment();
            node.failure("a malformed frame from " + (from != null && from.peer != null ? "node '" + from.peer.name
                    + "', " : "") + "session " + sessionId + ": " + malformed.getMessage() + "; dropped", null);
            if (from != null) {
                from.position = header.position();
            }
            return;
        }
        final Peer peer = from.peer;
        if (peer == null) {
            if (from.refusal != null) {
                rejections.reject(from.refusal, sessionId, from.name, now);
            } else {
                node.rejectedFrames.increment();
            }
            return;
        }
        // A fresh clock, not the duty cycle's: a stall (a stopped process, a long pause) between
        // two frames of this poll counts too.
        final long heard = System.nanoTime();
        if (heard - peer.lastHeardNanos > fenceNanos && !peer.fencedSinceHeard) {
            fence(peer);
        }
        peer.lastHeardNanos = heard;
        peer.fencedSinceHeard = false;
        switch (frame.kind()) {
            case Wire.DATA -> {
                if (frame.epoch() == peer.receiveEpoch) {
                    deliver(from, buffer);
                }
                peer.statusOwed = true;
            }
            case Wire.STATUS -> onStatus(peer, buffer);
            case Wire.IDENTIFY -> answer(peer, buffer);
            case Wire.IDENTITY -> onIdentity(peer, buffer);
        }
        from.position = header.position();
    }

    /**
     * The first frame of an image, or of a new incarnation on it: who sent it, its name and endpoint
     * checked ({@link Frame#origin()}) before a publication goes to it, and the session bound to it.
     * A node that goes by this node's own name, and one met now to which no publication can be added
     * (Aeron cannot resolve its host, say), are reported once, and their frames dropped (an inbound
     * without a peer). A node not on the allow-list gets an inbound without a peer too, its frames
     * reported throttled. A node that would be a learned peer beyond the cap gets nothing: its
     * frame is rejected, and the next one is checked again (a place may have been freed).
     *
     * @return the inbound, or null if the frame is rejected and the session left unbound
     * @throws MalformedFrameException if the sender's name or endpoint is malformed
     */
    private Inbound open(int sessionId) {
        final NodeAddress origin = frame.origin();
        Peer peer = null;
        Rejections.Reason refusal = null;
        if (origin.name().equals(name)) {
            node.failure("a node with this node's own name sent from " + origin.endpoint()
                    + ": node names must be unique; its messages are ignored", null);
        } else if (node.peers.get(origin.name()) != null || (refusal = refusal(origin.name())) == null) {
            try {
                peer = peer(origin.name(), origin.endpoint());
            } catch (AeronException unreachable) {
                node.failure("node '" + origin.name() + "' at " + origin.endpoint() + " (session " + sessionId
                        + ") cannot be sent to, no publication to it could be added: its messages are ignored", unreachable);
            }
        } else if (refusal == Rejections.Reason.OVER_CAP) {
            rejections.reject(refusal, sessionId, origin.name(), now);
            return null;
        }
        final Inbound opened = new Inbound(sessionId, frame.incarnation(), origin.name(), peer, refusal,
                subscription.imageBySessionId(sessionId));
        inbound.put(sessionId, opened);
        return opened;
    }

    /** Why node {@code nodeName}, not a peer, may not become one now: not allowed, or over the cap; null if it may. */
    private Rejections.Reason refusal(String nodeName) {
        if (allowedPeers != null && !allowedPeers.contains(nodeName)) {
            return Rejections.Reason.NOT_ALLOWED;
        }
        return learnedPeers >= maxLearnedPeers ? Rejections.Reason.OVER_CAP : null;
    }

    /**
     * The peer named {@code name}: a known one, or one learned now at {@code endpoint} (a node that
     * sent to this one, or that a reference received names).
     *
     * @throws IllegalArgumentException if the node is not a peer and may not become one (not on the
     *                                  allow-list, or one learned peer too many)
     */
    Peer peer(String name, String endpoint) {
        Peer peer = node.peers.get(name);
        if (peer == null) {
            final Rejections.Reason refusal = refusal(name);
            if (refusal != null) {
                throw new IllegalArgumentException("node '" + name + "' at " + endpoint + " may not become a peer of node '"
                        + this.name + "': " + (refusal == Rejections.Reason.NOT_ALLOWED
                        ? "it is not on the allow-list (RemoteConfig.Builder.allowPeers: " + allowedPeers + ")"
                        : "this node has learned " + learnedPeers + " peers, its cap (RemoteConfig.Builder.maxLearnedPeers)"));
            }
            peer = node.learn(name, endpoint, now);
            if (!peer.configured) {
                // (A configured one was added by addPeer meanwhile: it comes through the queue.)
                peers.add(peer);
                learnedPeers++;
            }
        }
        return peer;
    }

    /**
     * Sends {@code message} to {@code target} in the context its sender's node wrote ({@code wire}),
     * so the send carries it on ({@link actor.api.ContextPropagator#fromWire}); without it if the
     * propagator reads none.
     */
    private void sendIn(String wire, Export target, Object message) {
        final ContextPropagator propagator = node.propagator;
        final Object context = propagator.fromWire(wire);
        if (context == null) {
            target.ref().send(message);
            return;
        }
        final Object attached = propagator.attach(context);
        try {
            target.ref().send(message);
        } finally {
            propagator.detach(attached);
        }
    }

    /** The DATA batch {@link #frame} holds, checked whole: its messages, in order, to the actor it names. */
    private void deliver(Inbound from, DirectBuffer buffer) {
        final Export target = targetOf(from, buffer, frame.targetAt(), frame.targetLength());
        final int count = frame.count();
        int at = frame.entriesAt();
        int delivered = 0;
        int failed = 0;
        Set<String> problems = null;
        Throwable failure = null;
        final boolean contextual = frame.contextual();
        for (int i = 0; i < count; i++) {
            String context = null;
            if (contextual) {
                final int contextLength = buffer.getShort(at, Wire.ORDER) & 0xFFFF;
                if (contextLength > 0 && node.propagator != null) {
                    context = buffer.getStringWithoutLengthAscii(at + 2, contextLength);
                }
                at += 2 + contextLength;
            }
            final int typeId = buffer.getInt(at, Wire.ORDER);
            final int messageLength = buffer.getInt(at + 4, Wire.ORDER);
            final int payload = at + 8;
            at = payload + messageLength;
            if (target == null) {
                failed++;
                problems = add(problems, "no actor is exported under that name here");
                continue;
            }
            final TypeRegistry.Entry entry = node.registry.entry(typeId);
            if (entry == null) {
                failed++;
                problems = add(problems, "a message of type id " + typeId + ", which this node has not registered "
                        + "(a type it does not know, or another version of it)");
                continue;
            }
            try {
                final Object message = entry.codec().decode(buffer, payload, messageLength);
                if (!target.type().isInstance(message)) {
                    failed++;
                    problems = add(problems, "a " + entry.type().getName() + ", which the actor, exported for "
                            + target.type().getName() + ", does not accept");
                    continue;
                }
                if (context == null) {
                    target.ref().send(message);
                } else {
                    sendIn(context, target, message);
                }
                delivered++;
            } catch (RuntimeException e) {
                failed++;
                failure = failure != null ? failure : e;
                problems = add(problems, "decoding or sending a " + entry.type().getName() + " failed");
            }
        }
        node.receivedMessages.add(delivered);
        if (failed > 0) {
            node.failure(failed + " of " + count + " message(s) from node '" + from.peer.name + "' to actor '"
                    + new String(from.targetName, StandardCharsets.UTF_8) + "' not delivered: "
                    + String.join("; ", problems), failure);
        }
    }

    /** The distinct problems of one batch, in the order met; made on the first. */
    private static Set<String> add(Set<String> problems, String problem) {
        final Set<String> set = problems != null ? problems : new LinkedHashSet<>();
        set.add(problem);
        return set;
    }

    /** The export a batch names: the image's last one if the name is the same, else looked up. */
    private Export targetOf(Inbound from, DirectBuffer buffer, int at, int nameLength) {
        final byte[] last = from.targetName;
        boolean same = last.length == nameLength;
        for (int i = 0; same && i < nameLength; i++) {
            same = buffer.getByte(at + i) == last[i];
        }
        if (!same) {
            final byte[] nameBytes = new byte[nameLength];
            buffer.getBytes(at, nameBytes);
            from.targetName = nameBytes;
            from.target = null;
        }
        if (from.target == null || node.exports.get(from.target.name()) != from.target) {
            from.target = node.exportOf(new String(from.targetName, StandardCharsets.UTF_8));
        }
        return from.target;
    }

    /**
     * A peer's STATUS, in {@link #frame}: its epoch for this node (a new one fences off what this
     * node sent it before: reported, before the confirmations, which from now on may count frames
     * the peer dropped), its confirmations of what this node sent it, and whether it closes.
     */
    private void onStatus(Peer peer, DirectBuffer buffer) {
        final long epoch = frame.epoch();
        final long previous = peer.sendEpoch();
        if (epoch != previous) {
            peer.previousSendEpoch = previous;
            peer.ackedAtEpochChange = peer.acked;
            peer.sendEpoch(epoch);
            if (previous != 0) {
                reportRetained(peer, Long.MAX_VALUE, fencedReason(peer));
            }
        }
        final int entries = frame.count();
        final int ours = peer.publication.sessionId();
        for (int i = 0, entry = frame.entriesAt(); i < entries; i++, entry += Wire.STATUS_ENTRY_LENGTH) {
            if (buffer.getInt(entry, Wire.ORDER) == ours) {
                confirmed(peer, buffer.getLong(entry + 4, Wire.ORDER), buffer.getLong(entry + 12, Wire.ORDER));
            }
        }
        if ((frame.flags() & Wire.FLAG_CLOSING) != 0 && peer.state() != PeerState.LOST) {
            lose(peer, "it closed");
        }
    }

    private void confirmed(Peer peer, long joinPosition, long position) {
        peer.imageSeenNanos = now;
        if (joinPosition > peer.joinFloor) {
            if (peer.joinFloor >= 0) {
                reportRetained(peer, joinPosition, "node '" + peer.name
                        + "' rejoined the stream after them (it restarted, or its image timed out)");
            }
            peer.ackedAtJoin = peer.acked;
            peer.joinFloor = joinPosition;
        }
        if (position > peer.acked) {
            peer.acked = position;
            for (Route route : peer.routes) {
                while (!route.retained.isEmpty() && route.retained.peekFirst().position() <= position) {
                    final int confirmed = route.retained.pollFirst().messages().length;
                    node.acknowledgedMessages.add(confirmed);
                    retained -= confirmed;
                }
            }
        }
    }

    /** Why what was sent to {@code peer} before its epoch changed is reported. */
    private String fencedReason(Peer peer) {
        return "node '" + peer.name + "' fenced them off (it restarted, or had not heard from node '" + name
                + "' for nearly the peer timeout): it drops what was sent to it before";
    }

    /**
     * Draws a new epoch for {@code peer}: its DATA sent before, still on its way, is dropped from now
     * on, and the peer, told the new epoch by the next STATUS, reports what it sent at the old one.
     */
    private void fence(Peer peer) {
        peer.receiveEpoch = Peer.drawEpoch();
        peer.fencedSinceHeard = true;
        peer.statusOwed = true;
    }

    /** Reports, route by route, the batches kept for {@code peer} up to {@code upTo}. */
    private void reportRetained(Peer peer, long upTo, String reason) {
        for (Route route : peer.routes) {
            List<Object> lost = null;
            while (!route.retained.isEmpty() && route.retained.peekFirst().position() <= upTo) {
                final Object[] messages = route.retained.pollFirst().messages();
                if (lost == null) {
                    lost = new ArrayList<>();
                }
                lost.addAll(List.of(messages));
                retained -= messages.length;
            }
            if (lost != null) {
                node.undelivered(route, reason, lost);
            }
        }
    }

    private void lose(Peer peer, String reason) {
        peer.lost(reason, now);
        reportRetained(peer, Long.MAX_VALUE, "node '" + peer.name + "' is lost: " + reason);
    }

    private int housekeeping() {
        int changes = 0;
        if (!ended && subscription.isClosed()) {
            end();
            changes++;
        }
        for (Peer peer : peers) {
            if (!peer.fencedSinceHeard && now - peer.lastHeardNanos > fenceNanos) {
                fence(peer);
                changes++;
            }
            final boolean connected = peer.publication.isConnected();
            switch (peer.state()) {
                case CONNECTING -> {
                    // Connected once the peer has said which epoch to address it at.
                    if (connected && peer.sendEpoch() != 0) {
                        peer.connected(now);
                        changes++;
                    } else if (now - peer.stateSinceNanos > connectTimeoutNanos) {
                        lose(peer, "not connected within " + node.config.connectTimeout().toMillis() + " ms");
                        changes++;
                    }
                }
                case CONNECTED -> {
                    // Lost for silence only (not when the publication disconnects, which Aeron
                    // decides on its own timeout): the peer fences this node before then.
                    if (now - peer.lastHeardNanos > peerTimeoutNanos) {
                        lose(peer, "silent for more than the peer timeout, " + node.config.peerTimeout().toMillis() + " ms");
                        changes++;
                    }
                }
                case LOST -> {
                    // Back only once the peer says it has an image of the publication: a publication
                    // still connected to a dead image would send into the void meanwhile.
                    if (connected && peer.imageSeenNanos - peer.stateSinceNanos > 0) {
                        peer.connected(now);
                        changes++;
                    }
                }
            }
        }
        for (int i = peers.size() - 1; i >= 0; i--) {
            final Peer peer = peers.get(i);
            if (!peer.configured && peer.state() == PeerState.LOST && now - peer.unusedSinceNanos() >= learnedPeerExpiryNanos) {
                peers.remove(i);
                forget(peer);
                changes++;
            }
        }
        inbound.values().removeIf(from -> from.image != null && from.image.isClosed());
        if (now - nextSweepNanos >= 0) {
            nextSweepNanos = now + SWEEP_NANOS;
            changes += node.references.sweep();
        }
        return changes + rejections.summarize(now) + resolveDue();
    }

    /**
     * The Aeron client closed under the node (it timed out: a stall longer than its timeouts, or an
     * external driver that dropped it), so the node can no longer send or receive: says so, as a
     * failure, once; loses every peer (PeerState LOST, for good: their publications are closed), so
     * that what they had not confirmed, and every message sent to them from now on, is reported
     * undelivered; fails the resolves under way; and polls no more.
     */
    private void end() {
        ended = true;
        final Throwable cause = node.clientFailure;
        final String reason = "node '" + name + "' can no longer send or receive: its Aeron client closed"
                + (cause == null ? "" : " (" + cause + ")");
        node.failure(reason + "; every peer is lost, what was sent to them and not confirmed is reported undelivered, "
                + "and so is every message sent from now on: close the node and start it again", cause);
        for (Peer peer : peers) {
            if (peer.state() != PeerState.LOST) {
                lose(peer, reason);
            } else {
                peer.lost(reason, now);
            }
        }
        for (Resolve resolve : resolving) {
            resolve.notFound(reason, cause);
        }
        resolving.clear();
    }

    /**
     * Forgets a learned peer lost and unused past the expiry: its sessions, the resolves asked of it
     * (failed), and, through the node, the peer, its proxies and its publication. It had nothing
     * unconfirmed: what it had not confirmed was reported when it was lost, and what was sent to it
     * since, when the proxies or {@link #takeSent} met it lost.
     */
    private void forget(Peer peer) {
        learnedPeers--;
        drop(peer, "was forgotten: lost and unused for " + node.config.learnedPeerExpiry());
        node.forget(peer);
    }

    /** Forgets {@code peer}'s sessions here and fails the resolves asked of it ({@link Node#drop} does the rest). */
    private void drop(Peer peer, String why) {
        inbound.values().removeIf(from -> from.peer == peer);
        for (int i = resolving.size() - 1; i >= 0; i--) {
            if (resolving.get(i).peer == peer) {
                resolving.remove(i).notFound("node '" + peer.name + "' " + why, null);
            }
        }
    }

    /** Sends each peer its STATUS when one is owed or a heartbeat is due ({@code closing}: to every connected peer, flagged). */
    private int sendStatuses(boolean closing) {
        int sent = 0;
        for (Peer peer : peers) {
            if ((closing || peer.statusOwed || now - peer.nextStatusNanos >= 0) && peer.publication.isConnected()) {
                int entries = 0;
                int at = statusHeaderLength + Wire.EPOCH_LENGTH + 4;
                for (Inbound from : inbound.values()) {
                    if (from.peer == peer) {
                        status.putInt(at, from.sessionId, Wire.ORDER);
                        status.putLong(at + 4, from.image == null ? 0 : from.image.joinPosition(), Wire.ORDER);
                        status.putLong(at + 12, from.position, Wire.ORDER);
                        at += Wire.STATUS_ENTRY_LENGTH;
                        entries++;
                    }
                }
                status.putShort(Wire.FLAGS_OFFSET, (short) (node.headerFlags | (closing ? Wire.FLAG_CLOSING : 0)), Wire.ORDER);
                status.putLong(statusHeaderLength, peer.receiveEpoch, Wire.ORDER);
                status.putInt(statusHeaderLength + Wire.EPOCH_LENGTH, entries, Wire.ORDER);
                if (peer.publication.offer(status, 0, sign(status, at, peer)) > 0) {
                    peer.statusOwed = false;
                    peer.nextStatusNanos = now + heartbeatNanos;
                    sent++;
                }
            }
        }
        return sent;
    }
}
