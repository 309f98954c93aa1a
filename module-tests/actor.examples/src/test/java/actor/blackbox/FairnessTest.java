package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No rule starves a message (issue 30): dining philosophers that ask again at once when denied, the
 * shape in which following a conversation and pulling pairs together could keep the fork holder's
 * release waiting while denied philosophers run again and again. The hold of a grant is how many
 * messages the arbitrator handles between granting a philosopher its forks and that philosopher
 * giving them back, that is, while the grant waits in the philosopher's mailbox.
 *
 * <p>On one worker the order of visits is the worker's alone, so the bound is exact: while the grant
 * waits, the worker's passes reach the philosopher's mailbox within two of them, and in each the
 * arbitrator handles at most every other philosopher's two outstanding messages (a release and a
 * request) and one followed conversation of at most {@value #FOLLOW_LIMIT} visits (one message each,
 * half of them the arbitrator's). The random-policy execution runs this test with a random half of
 * the rules off: the bound must hold under any of them.
 */
class FairnessTest {

    /** What docs/scheduling.md promises: a followed conversation gives way after at most this many visits. */
    private static final int FOLLOW_LIMIT = 64;
    private static final int SEATS = 20;
    private static final int ROUNDS = 5_000;
    /** Denials a grant may cost at most: a quarter of the table. */
    private static final int DENIALS_PER_GRANT = SEATS / 4;
    /** Two passes, each with every other philosopher's two messages and one followed conversation. */
    private static final long HOLD_BOUND = 2L * (2 * (SEATS - 1) + FOLLOW_LIMIT / 2);

    abstract static sealed class Note extends Message permits Hungry, Done, Answer, Start {
    }

    static final class Hungry extends Note {
        final Diner diner;

        Hungry(Diner diner) {
            this.diner = diner;
        }
    }

    static final class Done extends Note {
        final int seat;

        Done(int seat) {
            this.seat = seat;
        }
    }

    static final class Answer extends Note {
        final boolean granted;

        Answer(boolean granted) {
            this.granted = granted;
        }
    }

    static final class Start extends Note {
    }

    /** Grants both forks when free, else denies; records each grant's hold. Fields read after stop(). */
    static final class Arbitrator extends Actor<Note> {
        private final boolean[] taken;
        private final long[] grantedAt;
        private final long[] holds = new long[SEATS * ROUNDS];
        private long handled;
        private int grants;
        long denials;

        Arbitrator(ActorSystem system) {
            super(system);
            this.taken = new boolean[SEATS];
            this.grantedAt = new long[SEATS];
        }

        @Override
        protected Allocation receive(Note note) {
            handled++;
            if (note instanceof Hungry hungry) {
                final int left = hungry.diner.seat;
                final int right = (left + 1) % SEATS;
                final boolean granted = !taken[left] && !taken[right];
                if (granted) {
                    taken[left] = true;
                    taken[right] = true;
                    grantedAt[left] = handled;
                } else {
                    denials++;
                }
                hungry.diner.send(new Answer(granted));
                return Allocation.NODELETE;
            }
            final int seat = ((Done) note).seat;
            taken[seat] = false;
            taken[(seat + 1) % SEATS] = false;
            holds[grants++] = handled - grantedAt[seat];
            return grants == holds.length ? Allocation.FINISHED : Allocation.NODELETE;
        }

        long[] sortedHolds() {
            final long[] sorted = Arrays.copyOf(holds, grants);
            Arrays.sort(sorted);
            return sorted;
        }
    }

    /** Asks for its forks; asks again at once when denied; eats {@link #ROUNDS} times. */
    static final class Diner extends Actor<Note> {
        final int seat;
        private final Arbitrator arbitrator;
        private final CountDownLatch sated;
        private int left = ROUNDS;

        Diner(ActorSystem system, int seat, Arbitrator arbitrator, CountDownLatch sated) {
            super(system);
            this.seat = seat;
            this.arbitrator = arbitrator;
            this.sated = sated;
        }

        @Override
        protected Allocation receive(Note note) {
            if (note instanceof Answer answer && answer.granted) {
                arbitrator.send(new Done(seat));
                if (--left == 0) {
                    sated.countDown();
                    return Allocation.FINISHED;
                }
                send(new Start());
                return Allocation.NODELETE;
            }
            arbitrator.send(new Hungry(this));
            return Allocation.NODELETE;
        }
    }

    /** Runs the table on {@code system} to its end and returns the arbitrator, stopped. */
    private static Arbitrator dine(ActorSystem system) throws InterruptedException {
        final CountDownLatch sated = new CountDownLatch(SEATS);
        final Arbitrator arbitrator = new Arbitrator(system);
        final Diner[] diners = new Diner[SEATS];
        for (int i = 0; i < SEATS; i++) {
            diners[i] = new Diner(system, i, arbitrator, sated);
        }
        for (Diner diner : diners) {
            diner.send(new Start());
        }
        assertTrue(sated.await(60, TimeUnit.SECONDS), "every philosopher ate " + ROUNDS + " times: "
                + sated.getCount() + " still hungry");
        assertTrue(system.stop(Duration.ofSeconds(30)), "the arbitrator finished after the last release");
        assertEquals(SEATS * ROUNDS, arbitrator.grants, "grants released");
        return arbitrator;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(120)
    void onOneWorkerAGrantWaitsABoundedNumberOfTheArbitratorsMessages(MailboxKind kind) throws Exception {
        final Arbitrator arbitrator = dine(ActorSystem.start(ActorSystemConfig.builder().name("table").workers(1)
                .mailboxKind(kind).build()));
        final long[] holds = arbitrator.sortedHolds();
        assertTrue(holds[holds.length - 1] <= HOLD_BOUND, "a grant waited " + holds[holds.length - 1]
                + " of the arbitrator's messages; the bound is " + HOLD_BOUND + " (median " + holds[holds.length / 2]
                + ", denials " + arbitrator.denials + ")");
    }

    /**
     * With more workers the operating system may preempt the worker that holds a grant (the
     * machine may be shared), so only the typical hold is bounded: the median grant waits no
     * longer than the one-worker bound, oversubscribed or not, and with the full policy a grant
     * costs fewer than {@link #DENIALS_PER_GRANT} denials (about 0.5 here at 2 workers; the report
     * behind issue 30 saw 11 at 2 workers, where one worker makes about 4).
     */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void onMoreWorkersTheTypicalGrantWaitsNoLonger(int workers) throws Exception {
        final Arbitrator arbitrator = dine(ActorSystem.start(ActorSystemConfig.builder().name("table")
                .workers(workers).build()));
        final long[] holds = arbitrator.sortedHolds();
        assertTrue(holds[holds.length / 2] <= HOLD_BOUND, "the median grant waited " + holds[holds.length / 2]
                + " of the arbitrator's messages; the bound is " + HOLD_BOUND);
        if (System.getProperty("actor.policy") == null) {
            // NOTE: denials measure the full policy's efficiency, not fairness: with rules switched
            // off (the random-policy execution) 4 workers made 6.4 a grant, and the hold bound above
            // is what must hold under any policy.
            assertTrue(arbitrator.denials < (long) DENIALS_PER_GRANT * holds.length, "denials " + arbitrator.denials
                    + " for " + holds.length + " grants");
        }
    }
}
