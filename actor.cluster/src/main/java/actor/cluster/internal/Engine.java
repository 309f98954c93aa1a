package actor.cluster.internal;

import actor.cluster.ClusterConfig;
import actor.cluster.Member;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG2;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.util.ExtendedUUID;

/**
 * The membership engine: a JGroups channel that carries views and the membership's messages, and
 * nothing else (entity messages travel over {@code actor.remote}). The stack, bottom up, built in
 * code from the configuration: TCP on the bind endpoint; TCPPING to the seeds (discovery); MERGE3
 * (sides that were apart merge, every 1 to 3 s); FD_SOCK2 (a member whose process dies is suspected
 * as soon as its socket closes) and FD_ALL3 (one silent for the failure detection time is
 * suspected); VERIFY_SUSPECT2 (a suspicion is checked before the member is excluded); NAKACK2 and
 * UNICAST3 (reliable, ordered multicast and unicast); STABLE; GMS (views); FRAG2.
 *
 * <p>Each member's address is a JGroups {@link ExtendedUUID} that carries its {@link Member} (name,
 * endpoint, incarnation), so every view names the members it holds. Three messages: AGREED (a
 * membership), JOIN and LEAVING (of the sender).
 *
 * <p>Threading: JGroups calls the receiver on its own threads; the callbacks hand everything to the
 * membership thread. {@link #send} may be called from any thread.
 */
public final class Engine implements AutoCloseable {

    /** The key of the member in each address. */
    private static final String MEMBER_KEY = "actor.cluster.member";
    private static final byte AGREED = 1;
    private static final byte JOIN = 2;
    private static final byte LEAVING = 3;

    private static final System.Logger LOG = System.getLogger("actor.cluster");

    /** What arrives, on JGroups' threads. */
    public interface Listener {

        /** A new view: its members, oldest first. */
        void view(List<Member> members);

        /** A membership multicast by a member. */
        void agreed(Agreed agreed);

        /** {@code member} asks to join. */
        void joinRequest(Member member);

        /** {@code member} leaves. */
        void leaving(Member member);
    }

    private final JChannel channel;

    private Engine(JChannel channel) {
        this.channel = channel;
    }

    /**
     * Connects {@code self} to the cluster of {@code config}; the listener gets the first view
     * before this returns.
     *
     * @throws IllegalStateException if JGroups cannot start (the bind endpoint is in use, say)
     */
    public static Engine connect(Member self, ClusterConfig config, Listener listener) {
        final byte[] selfBytes = memberBytes(self);
        try {
            final long detection = config.failureDetection().toMillis();
            final TCP tcp = new TCP();
            tcp.setBindAddress(config.bind().getAddress());
            tcp.setBindPort(config.bind().getPort());
            tcp.setPortRange(0);
            final TCPPING discovery = new TCPPING();
            discovery.initialHosts(config.seeds().isEmpty() ? List.of(config.bind()) : config.seeds());
            discovery.portRange(0);
            final FD_SOCK2 socketDetection = new FD_SOCK2();
            socketDetection.setBindAddress(config.bind().getAddress());
            final GMS gms = new GMS();
            gms.setJoinTimeout(Math.max(500, detection / 2));
            gms.printLocalAddress(false);
            final JChannel channel = new JChannel(tcp, discovery,
                    new MERGE3().setMinInterval(1000).setMaxInterval(3000),
                    socketDetection,
                    new FD_ALL3().setTimeout(detection).setInterval(Math.max(5, detection / 4)),
                    new VERIFY_SUSPECT2().setTimeout(Math.max(5, Math.min(1000, detection / 4))),
                    new NAKACK2().useMcastXmit(false),
                    new UNICAST3(),
                    new STABLE(),
                    gms,
                    new FRAG2());
            channel.addAddressGenerator(() -> ExtendedUUID.randomUUID(self.name()).put(MEMBER_KEY, selfBytes));
            channel.setDiscardOwnMessages(true);
            channel.setReceiver(new Receiver() {
                @Override
                public void viewAccepted(View view) {
                    final List<Member> members = new ArrayList<>(view.size());
                    for (Address address : view.getMembers()) {
                        final Member member = memberOf(address);
                        if (member != null) {
                            members.add(member);
                        }
                    }
                    listener.view(members);
                }

                @Override
                public void receive(Message message) {
                    Engine.receive(message, listener);
                }
            });
            channel.connect(config.clusterName());
            return new Engine(channel);
        } catch (Exception e) {
            throw new IllegalStateException("member " + self + " could not join cluster '" + config.clusterName()
                    + "' on " + config.bind() + ": " + e, e);
        }
    }

    private static void receive(Message message, Listener listener) {
        final Member from = memberOf(message.getSrc());
        if (from == null) {
            return;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(message.getArray(), message.getOffset(),
                message.getLength()))) {
            switch (in.readByte()) {
                case AGREED -> listener.agreed(Agreed.read(in));
                case JOIN -> listener.joinRequest(from);
                case LEAVING -> listener.leaving(from);
                default -> LOG.log(System.Logger.Level.WARNING, "a membership message of unknown kind from " + from + ": ignored");
            }
        } catch (IOException malformed) {
            LOG.log(System.Logger.Level.WARNING, "a malformed membership message from " + from + ": ignored", malformed);
        }
    }

    /** The member an address carries, or null (a JGroups member that is not one of ours). */
    static Member memberOf(Address address) {
        if (!(address instanceof ExtendedUUID extended)) {
            return null;
        }
        final byte[] bytes = extended.get(MEMBER_KEY);
        if (bytes == null) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return Agreed.readMember(in);
        } catch (IOException malformed) {
            LOG.log(System.Logger.Level.WARNING, "a malformed member in address " + address + ": ignored", malformed);
            return null;
        }
    }

    private static byte[] memberBytes(Member member) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            Agreed.writeMember(out, member);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Multicasts {@code agreed}. */
    public void multicast(Agreed agreed) {
        final byte[] body = agreed.write();
        final byte[] message = new byte[body.length + 1];
        message[0] = AGREED;
        System.arraycopy(body, 0, message, 1, body.length);
        send(message);
    }

    /** Multicasts this member's join request. */
    public void requestJoin() {
        send(new byte[] {JOIN});
    }

    /** Multicasts that this member leaves. */
    public void leave() {
        send(new byte[] {LEAVING});
    }

    private void send(byte[] message) {
        try {
            channel.send(new BytesMessage(null, message));
        } catch (Exception e) {
            LOG.log(System.Logger.Level.DEBUG, "a membership message not sent (the channel closes?)", e);
        }
    }

    /** Leaves the JGroups cluster and closes the channel. */
    @Override
    public void close() {
        channel.close();
    }
}
