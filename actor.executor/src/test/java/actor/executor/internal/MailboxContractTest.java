package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.tuning.MailboxKind;
import actor.stats.internal.WorkerCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract of {@link Mailbox}, single-threaded, run against both kinds: what a send, a gulp and
 * its batches, a steal, the sleep re-checks and the final sweep do. The races between them are the
 * jcstress tests' ({@code actor.jcstress}) and the stress tests' ({@code module-tests}).
 */
class MailboxContractTest {

    private static final Termination TERMINATION = new Termination(2, null);
    /** A re-check that finds nothing, to leave a worker announced asleep. */
    private static final WorkerSleep.Recheck FINDS_NOTHING = new WorkerSleep.Recheck() {
        @Override
        public boolean mayHaveWork() {
            return false;
        }

        @Override
        public void countUnclaimed() {
        }
    };

    private final WorkerSleep owner = new WorkerSleep(0, TERMINATION);
    private final WorkerSleep thief = new WorkerSleep(1, TERMINATION);
    private final WorkerCounters counters = new WorkerCounters();
    private final List<Object> late = new ArrayList<>();

    private Mailbox mailbox(MailboxKind kind) {
        final Mailbox mailbox = kind == MailboxKind.MPSC
                ? new MpscMailbox(0, (to, message) -> late.add(message))
                : new CopyQueueMailbox(0, new CopyQueue(4));
        mailbox.owner = owner;
        return mailbox;
    }

    /** One visit as {@link Worker} makes it, without re-gulps: the messages of the batch, or null. */
    private List<Object> gulpOnce(Mailbox mailbox, WorkerSleep me) {
        final List<Object> ran = new ArrayList<>();
        if (mailbox instanceof CopyQueueMailbox copyQueue) {
            final CopyQueue batch = copyQueue.tryGulp(me, new CopyQueue(4), counters);
            if (batch == null) {
                return null;
            }
            batch.drainTo((to, message) -> ran.add(message));
            assertNull(copyQueue.finishBatch(batch, false));
        } else {
            final MpscMailbox mpsc = (MpscMailbox) mailbox;
            final int batch = mpsc.tryGulp(me, counters);
            if (batch == 0) {
                return null;
            }
            assertEquals(batch, mpsc.drain(envelope -> ran.add(envelope.message), batch));
            assertEquals(0, mpsc.finishBatch(false));
        }
        return ran;
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void theOwnerGulpsEverythingQueuedInSendOrder(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        assertFalse(mailbox.hasMessagesRacy());
        assertNull(gulpOnce(mailbox, owner), "nothing to gulp");
        for (int m = 0; m < 10; m++) {
            assertTrue(mailbox.push("to", m));
        }
        assertTrue(mailbox.hasMessagesRacy());
        assertEquals(10, mailbox.sizeRacy());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), gulpOnce(mailbox, owner));
        assertFalse(mailbox.hasMessagesRacy());
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void onlyTheOwnerGulpsAndAnotherWorkersTryIsAMissedGulp(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        mailbox.push("to", 1);
        assertNull(gulpOnce(mailbox, thief));
        assertEquals(1, counters.snapshot().missedGulps());
        assertEquals(List.of(1), gulpOnce(mailbox, owner));
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void aBatchInProgressKeepsThievesOutUntilItIsReleased(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        mailbox.push("to", 1);
        mailbox.push("to", 2);
        if (mailbox instanceof CopyQueueMailbox copyQueue) {
            final CopyQueue batch = copyQueue.tryGulp(owner, new CopyQueue(4), counters);
            copyQueue.push("to", 3);
            copyQueue.push("to", 4);
            assertEquals(-1, mailbox.tryTakeFor(thief, 2), "being processed");
            batch.drainTo((to, message) -> { });
            assertNull(copyQueue.finishBatch(batch, false));
        } else {
            final MpscMailbox mpsc = (MpscMailbox) mailbox;
            final int batch = mpsc.tryGulp(owner, counters);
            mpsc.push("to", 3);
            mpsc.push("to", 4);
            assertEquals(-1, mailbox.tryTakeFor(thief, 2), "being processed");
            assertEquals(2, mpsc.drain(envelope -> { }, batch), "the batch is what was queued at the gulp");
            assertEquals(0, mpsc.finishBatch(false));
        }
        assertEquals(-1, mailbox.tryTakeFor(thief, 3), "fewer than the minimum");
        assertEquals(2, mailbox.tryTakeFor(thief, 2));
        assertSame(thief, mailbox.ownerLocked());
        assertTrue(mailbox.mayHaveWorkFor(owner), "no longer the old owner's");
        assertNull(gulpOnce(mailbox, owner), "the old owner may not gulp it");
        assertEquals(List.of(3, 4), gulpOnce(mailbox, thief));
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void aRegulpTakesWhatArrivedDuringTheBatch(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        mailbox.push("to", 1);
        final List<Object> ran = new ArrayList<>();
        if (mailbox instanceof CopyQueueMailbox copyQueue) {
            CopyQueue batch = copyQueue.tryGulp(owner, new CopyQueue(4), counters);
            copyQueue.push("to", 2);
            batch.drainTo((to, message) -> ran.add(message));
            batch = copyQueue.finishBatch(batch, true);
            batch.drainTo((to, message) -> ran.add(message));
            assertNull(copyQueue.finishBatch(batch, true));
        } else {
            final MpscMailbox mpsc = (MpscMailbox) mailbox;
            int batch = mpsc.tryGulp(owner, counters);
            mpsc.push("to", 2);
            mpsc.drain(envelope -> ran.add(envelope.message), batch);
            batch = mpsc.finishBatch(true);
            assertEquals(1, batch);
            mpsc.drain(envelope -> ran.add(envelope.message), batch);
            assertEquals(0, mpsc.finishBatch(true));
        }
        assertEquals(List.of(1, 2), ran);
        assertEquals(0, mailbox.tryTakeFor(thief, 0), "released after the last batch");
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void aSendClaimsTheWakeUpOfAnAnnouncedOwnerAndTheReCheckSeesItsMessage(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        assertFalse(mailbox.mayHaveWorkFor(owner), "empty and owned");
        assertTrue(owner.announceAndRecheck(FINDS_NOTHING));
        mailbox.push("to", 1);
        assertFalse(owner.isSleeping(), "the send claimed the wake-up");
        assertTrue(mailbox.mayHaveWorkFor(owner));
        assertFalse(mailbox.hasUnclaimedMessages(owner), "claimed, not lost");
        assertNull(mailbox.claimOwnerIfMessages(), "nobody left to wake");
        assertTrue(owner.announceAndRecheck(FINDS_NOTHING));
        assertSame(owner, mailbox.claimOwnerIfMessages(), "a thief's re-check wakes the owner of a full mailbox");
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void aMessageQueuedBeforeAnAnnounceThatDidNotLookIsALostWakeUp(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        mailbox.push("to", 1);
        // NOTE: a re-check that does not look is the protocol violation the count exists to catch.
        assertTrue(owner.announceAndRecheck(FINDS_NOTHING));
        assertTrue(mailbox.hasUnclaimedMessages(owner));
    }

    @Test
    void anMpscSendStillBetweenItsOfferAndItsClaimIsNotCountedAsALostWakeUp() {
        final MpscMailbox mailbox = (MpscMailbox) mailbox(MailboxKind.MPSC);
        assertTrue(owner.announceAndRecheck(FINDS_NOTHING));
        // What a send has done right after its offer: queued, not yet claimed, not yet marked.
        final MpscMailbox.Envelope inFlight = new MpscMailbox.Envelope("to", 1);
        mailbox.queue.offer(inFlight);
        assertFalse(mailbox.hasUnclaimedMessages(owner), "a send in progress");
        inFlight.markClaimDone();
        assertTrue(mailbox.hasUnclaimedMessages(owner), "its claim attempt is over and the flag is still set");
    }

    @ParameterizedTest
    @EnumSource(MailboxKind.class)
    void theFinalSweepReportsWhatIsQueuedAndLaterSendsAreRefused(MailboxKind kind) {
        final Mailbox mailbox = mailbox(kind);
        mailbox.push("to", 1);
        mailbox.push("to", 2);
        final List<Object> swept = new ArrayList<>();
        mailbox.closeAndDrain((to, message) -> swept.add(message));
        assertEquals(List.of(1, 2), swept);
        assertFalse(mailbox.push("to", 3), "closed: the caller reports it");
        assertFalse(mailbox.hasMessagesRacy());
        assertEquals(-1, mailbox.tryTakeFor(thief, 0), "a closed mailbox is never stolen");
        assertEquals(List.of(), late);
    }

    /**
     * A sender holding the lock makes the gulp wait for it, which then takes everything queued, in
     * order. A re-gulp after a batch is given up instead, and the mailbox released to the next gulp.
     */
    @Test
    @Timeout(30)
    void aGulpWaitsForASenderHoldingTheLockAndAReGulpDoesNot() throws Exception {
        final CopyQueueMailbox mailbox = (CopyQueueMailbox) mailbox(MailboxKind.COPY_QUEUE);
        for (int m = 0; m < 3; m++) {
            assertTrue(mailbox.push("to", m));
        }
        mailbox.lock();
        final CompletableFuture<CopyQueue> waited = CompletableFuture.supplyAsync(
                () -> mailbox.tryGulp(owner, new CopyQueue(4), counters));
        Thread.sleep(50);
        assertFalse(waited.isDone(), "the gulp waits for the lock");
        mailbox.unlock();
        final CopyQueue batch = waited.get(10, TimeUnit.SECONDS);
        final List<Object> ran = new ArrayList<>();
        batch.drainTo((to, message) -> ran.add(message));
        assertEquals(List.of(0, 1, 2), ran);

        assertTrue(mailbox.push("to", 3));
        mailbox.lock();
        assertNull(mailbox.finishBatch(new CopyQueue(4), true), "no re-gulp while a sender holds the lock");
        mailbox.unlock();
        assertEquals(List.of(3), gulpOnce(mailbox, owner), "released: the next gulp takes the message");
    }
}
