package actor.cluster.internal;

import actor.cluster.Member;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The owner choice: rendezvous (highest random weight) hashing. Every member of the agreed
 * membership gets a score for an entity's key, a 64-bit mix of the key's hash and the member's
 * name's; the highest score owns it. So every member that holds the same membership chooses the
 * same owner without talking; each member owns about 1/n of the keys; when a member leaves, only
 * its keys move (each to the member that scored second), and when one joins, only the keys it now
 * scores highest on move to it.
 *
 * <p>The score uses the member's name, not its incarnation: a node that restarts under its name
 * owns the same entities again.
 *
 * <p>Threading: pure functions.
 */
public final class Rendezvous {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Rendezvous() {
    }

    /**
     * {@return the owner of {@code key} among {@code members}, or null if there are none}
     *
     * @param members the agreed membership (any order)
     * @param key     the entity's key ({@link #key})
     */
    public static Member owner(List<Member> members, String key) {
        final long keyHash = hash(key);
        Member best = null;
        long bestScore = 0;
        for (int i = 0, n = members.size(); i < n; i++) {
            final Member member = members.get(i);
            final long score = score(keyHash, hash(member.name()));
            if (best == null || Long.compareUnsigned(score, bestScore) > 0
                    || score == bestScore && member.name().compareTo(best.name()) < 0) {
                best = member;
                bestScore = score;
            }
        }
        return best;
    }

    /** {@return the key of entity {@code id} of type {@code type}} */
    public static String key(String type, String id) {
        return type + '/' + id;
    }

    /** The score of a member for a key: both hashes mixed (the murmur3 finalizer over their combination). */
    static long score(long keyHash, long memberHash) {
        long h = keyHash ^ (memberHash * GOLDEN);
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /** FNV-1a over the UTF-8 bytes, then mixed. */
    static long hash(String text) {
        long h = FNV_OFFSET;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= FNV_PRIME;
        }
        return score(h, 0);
    }
}
