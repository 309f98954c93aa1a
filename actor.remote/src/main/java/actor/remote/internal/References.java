package actor.remote.internal;

import actor.api.ActorRef;
import actor.remote.NodeAddress;
import actor.remote.codec.ActorRefCodec;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A node's {@link ActorRefCodec}: how references to actors travel inside messages. A reference is
 * written as the node that has the actor, its endpoint, and the name the actor is exported under
 * there:
 *
 * <pre>
 * nodeLength:short node:bytes endpointLength:short endpoint:bytes actorLength:short actor:bytes   (UTF-8)
 * </pre>
 *
 * <ul>
 *   <li>A reference to a proxy (a looked-up remote actor) is written as that remote actor, so it
 *       denotes the same actor wherever it is sent on.</li>
 *   <li>Any other reference (a local actor's, an ask's reply-to) is exported under a generated
 *       name on its first encoding, once per reference: {@value #GENERATED_PREFIX}, this run's
 *       incarnation and a counter, so a name never denotes another actor after the node restarts.
 *       The export ends, and the name with it, once the reference {@linkplain ActorRef#isTerminated()
 *       says} its actor has terminated ({@link #sweep()}, run by the agent), or with the node.</li>
 *   <li>Reading a reference gives the local actor's own reference when the node named is this one,
 *       and otherwise the proxy a lookup of that actor returns (made on first use, the node learned
 *       from the endpoint if it is not a peer yet and may become one: on the allow-list, under the
 *       cap on learned peers; else the reference is refused). The bytes are read with a {@link FrameReader}
 *       (every length against the reference's end, nothing after the actor's name), and the node's
 *       name and endpoint are checked as the configuration's are, so a malformed reference, or one
 *       whose endpoint is more than {@code host:port}, is refused (and the message that carries it
 *       reported) before anything is made from it.</li>
 * </ul>
 *
 * <p>Encoding costs one concurrent-map read and a copy of bytes made once per reference.
 *
 * <p>Threading: {@link #encode} runs on workers, several at once; {@link #decode} and {@link #sweep}
 * on the agent; {@link #proxyMade} and {@link #proxyEnded} on the thread that makes a proxy. The
 * map of wire forms is concurrent; the decoding cache belongs to the agent.
 */
final class References implements ActorRefCodec {

    /** The first character of generated export names; the names of {@code export} may not start with it. */
    static final char GENERATED_PREFIX = '$';

    private final Node node;
    /** This node's name as written at the start of a reference (names are unique; endpoints may be written in several ways). */
    private final byte[] home;
    /** The start of this run's generated names: the prefix and the incarnation. */
    private final String generatedStart;
    private final AtomicLong generated = new AtomicLong();
    /**
     * The wire form of every reference encoded or proxied: generated exports (put by the first
     * encoding, removed by the sweep) and proxies (put when made, removed when replaced).
     */
    private final Map<ActorRef<?>, byte[]> forms = new ConcurrentHashMap<>();
    /** Agent only: reads the references decoded. */
    private final FrameReader reader = new FrameReader("reference");
    /** Agent only: the last reference decoded, its bytes, and the export it resolved to if it was one of this node's. */
    private byte[] lastForm = new byte[0];
    private ActorRef<?> lastRef;
    private Export lastExport;

    References(Node node) {
        this.node = node;
        final byte[] name = node.config.name().getBytes(StandardCharsets.UTF_8);
        this.home = new byte[2 + name.length];
        Wire.putShortString(new UnsafeBuffer(home), 0, name);
        this.generatedStart = GENERATED_PREFIX + Long.toString(node.incarnation, 36) + ".";
    }

    @Override
    public int encode(ActorRef<?> ref, MutableDirectBuffer buffer, int offset) {
        if (ref == null) {
            throw new NullPointerException("a null reference to an actor: references in messages may not be null");
        }
        byte[] form = forms.get(ref);
        if (form == null) {
            form = forms.computeIfAbsent(ref, this::exportGenerated);
        }
        buffer.putBytes(offset, form);
        return form.length;
    }

    /** Exports {@code ref} under a new generated name; its wire form. Called once per reference, under the map's lock. */
    @SuppressWarnings("unchecked")
    private byte[] exportGenerated(ActorRef<?> ref) {
        final String name = generatedStart + Long.toString(generated.incrementAndGet(), 36);
        // NOTE: publication point: the export is in the concurrent map before its name is written into
        // any message, so nothing sent to the name can arrive before the agent can find it.
        node.exports.put(name, new Export(name, Object.class, (ActorRef<Object>) ref, true));
        return form(node.config.name(), node.config.endpoint(), name);
    }

    /**
     * {@inheritDoc}
     *
     * @throws MalformedFrameException if the bytes are not a reference (a length past its end, bytes
     *                                 after it, an empty actor name), or its node's name or endpoint
     *                                 is malformed
     * @throws IllegalArgumentException if it names an actor of this node that is not exported
     */
    @Override
    public ActorRef<?> decode(DirectBuffer buffer, int offset, int length) {
        if (sameAsLast(buffer, offset, length) && stillValid()) {
            return lastRef;
        }
        final FrameReader in = reader.wrap(buffer, offset, length);
        final int nodeLength = in.readLength("node name");
        in.skip(nodeLength, "node name");
        final int endpointLength = in.readLength("endpoint");
        final int endpointAt = in.position();
        in.skip(endpointLength, "endpoint");
        final int actorLength = in.readLength("actor name");
        final int actorAt = in.position();
        in.skip(actorLength, "actor name");
        in.expectEnd("the reference");
        if (actorLength == 0) {
            throw new MalformedFrameException("a reference to an actor with an empty name");
        }
        final NodeAddress address = Frame.address("a reference's ", buffer.getStringWithoutLengthUtf8(offset + 2, nodeLength),
                buffer.getStringWithoutLengthUtf8(endpointAt, endpointLength));
        final String actor = buffer.getStringWithoutLengthUtf8(actorAt, actorLength);
        final ActorRef<?> ref;
        Export export = null;
        if (isHome(buffer, offset, 2 + nodeLength)) {
            export = node.exports.get(actor);
            if (export == null) {
                throw new IllegalArgumentException("a reference to actor '" + actor + "' of this node, which is not "
                        + "exported (any more: its actor terminated, or this node restarted since)");
            }
            ref = export.ref();
        } else {
            ref = node.proxy(node.agent.peer(address.name(), address.endpoint()), actor);
        }
        final byte[] form = new byte[length];
        buffer.getBytes(offset, form);
        lastForm = form;
        lastRef = ref;
        lastExport = export;
        return ref;
    }

    private boolean isHome(DirectBuffer buffer, int offset, int length) {
        return length == home.length && startsWith(buffer, offset, home);
    }

    private static boolean startsWith(DirectBuffer buffer, int offset, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (buffer.getByte(offset + i) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean sameAsLast(DirectBuffer buffer, int offset, int length) {
        return lastForm.length == length && startsWith(buffer, offset, lastForm);
    }

    /** Whether the last reference decoded still stands: its proxy runs, or its export is still in place. */
    private boolean stillValid() {
        if (lastExport != null) {
            return node.exports.get(lastExport.name()) == lastExport;
        }
        return lastRef != null && !lastRef.isTerminated();
    }

    /** Called when a proxy to {@code route} is made: a reference to it is written as the remote actor. */
    void proxyMade(Proxy proxy, Route route) {
        forms.put(proxy.ref(), form(route.peer.name, route.peer.endpoint, route.actor));
    }

    /** Called when a terminated proxy is replaced. */
    void proxyEnded(Proxy proxy) {
        forms.remove(proxy.ref());
    }

    /**
     * Ends the generated exports whose references say their actor has terminated (agent only).
     *
     * @return how many ended
     */
    int sweep() {
        int ended = 0;
        for (Export export : node.exports.values()) {
            if (export.generated() && export.ref().isTerminated() && node.exports.remove(export.name(), export)) {
                forms.remove(export.ref());
                ended++;
            }
        }
        return ended;
    }

    /** The wire form of actor {@code actor} on node {@code nodeName} at {@code endpoint}. */
    private static byte[] form(String nodeName, String endpoint, String actor) {
        final byte[] nodeBytes = nodeName.getBytes(StandardCharsets.UTF_8);
        final byte[] endpointBytes = endpoint.getBytes(StandardCharsets.UTF_8);
        final byte[] actorBytes = actor.getBytes(StandardCharsets.UTF_8);
        final byte[] form = new byte[6 + nodeBytes.length + endpointBytes.length + actorBytes.length];
        final UnsafeBuffer out = new UnsafeBuffer(form);
        Wire.putShortString(out, Wire.putShortString(out, Wire.putShortString(out, 0, nodeBytes), endpointBytes), actorBytes);
        return form;
    }
}
