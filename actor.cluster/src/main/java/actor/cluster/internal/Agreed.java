package actor.cluster.internal;

import actor.cluster.Member;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One agreed membership: its epoch (each decision of a majority side makes the next one), its
 * members, sorted, and those of the previous one it downed. Epochs form one chain: a decision
 * needs a strict majority of the previous membership, which two disjoint sides cannot both hold.
 *
 * @param epoch   1 for the membership that formed the cluster, then one more per decision
 * @param members the members, sorted
 * @param downed  the members of the previous membership this one downed (the others it dropped left)
 */
public record Agreed(long epoch, List<Member> members, List<Member> downed) implements Comparable<Agreed> {

    private static final Comparator<Agreed> ORDER = Comparator.comparingLong(Agreed::epoch)
            .thenComparingInt(a -> a.members().size())
            .thenComparing(a -> a.members().toString());

    /** Copies and sorts. */
    public Agreed {
        members = members.stream().sorted().toList();
        downed = List.copyOf(downed);
    }

    /**
     * By epoch; two of the same epoch (two clusters formed apart, when the initial members were
     * too few) by size, then by members, so that every member picks the same.
     */
    @Override
    public int compareTo(Agreed other) {
        return ORDER.compare(this, other);
    }

    /** {@return whether {@code member} is one of the members} */
    public boolean contains(Member member) {
        return members.contains(member);
    }

    /** {@return the bytes of {@link #read}} */
    byte[] write() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(epoch);
            writeMembers(out, members);
            writeMembers(out, downed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * {@return the membership {@link #write} wrote}
     *
     * @throws IOException if the bytes are not one (cut short, a malformed member)
     */
    static Agreed read(DataInputStream in) throws IOException {
        final long epoch = in.readLong();
        final List<Member> members = readMembers(in);
        return new Agreed(epoch, members, readMembers(in));
    }

    static void writeMember(DataOutputStream out, Member member) throws IOException {
        out.writeUTF(member.name());
        out.writeUTF(member.endpoint());
        out.writeLong(member.incarnation());
    }

    static Member readMember(DataInputStream in) throws IOException {
        try {
            return new Member(in.readUTF(), in.readUTF(), in.readLong());
        } catch (IllegalArgumentException malformed) {
            throw new IOException("a malformed member: " + malformed.getMessage(), malformed);
        }
    }

    private static void writeMembers(DataOutputStream out, List<Member> list) throws IOException {
        out.writeInt(list.size());
        for (Member member : list) {
            writeMember(out, member);
        }
    }

    private static List<Member> readMembers(DataInputStream in) throws IOException {
        final int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException("member count " + count + " past the message's end");
        }
        final List<Member> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(readMember(in));
        }
        return list;
    }
}
