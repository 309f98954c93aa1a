package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.tuning.MailboxKind;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@link MpscLinkedQueue} holds the node it handed out last as its head until the next take. What
 * that node carries must not outlive its delivery: the MPSC mailbox's envelope drops its
 * registration and message when it is run ({@link MpscMailbox.Envelope#handTo}), and the timer
 * thread lets go of the schedule taken last once its queue is empty
 * ({@link MpscLinkedQueue.Counted#forgetTaken}), so neither keeps an ended actor reachable.
 */
class QueueRetentionTest {

    static final class Ends extends Actor<String> {
        private final CountDownLatch ended;

        Ends(ActorSystem system, CountDownLatch ended) {
            super(system);
            this.ended = ended;
        }

        /** Ends on "end". */
        @Override
        protected Allocation receive(String message) {
            return "end".equals(message) ? Allocation.DELETE : Allocation.NODELETE;
        }

        @Override
        protected void onDestroy() {
            ended.countDown();
        }
    }

    @Test
    void anEnvelopeRunByTheConsumerKeepsNeitherItsRegistrationNorItsMessage() {
        final MpscMailbox mailbox = new MpscMailbox(0, (to, message) -> { });
        mailbox.queue.offer(new MpscMailbox.Envelope("to", "message"));
        final MpscMailbox.Envelope[] taken = new MpscMailbox.Envelope[1];
        assertEquals(1, mailbox.drain(envelope -> {
            taken[0] = envelope;
            envelope.handTo((to, message) -> assertEquals("to message", to + " " + message));
        }, 1));
        assertTrue(taken[0] == mailbox.queue.head, "the queue still holds the envelope run last");
        assertNull(taken[0].registration);
        assertNull(taken[0].message);
    }

    /**
     * The ended actor's poison pill is the last envelope its mailbox ran (the keeper is placed in
     * the other mailbox: actors created outside the workers cycle through the slice).
     */
    @Test
    @Timeout(60)
    void anMpscMailboxKeepsNoEndedActorOfTheEnvelopeItRanLast() throws InterruptedException {
        final WeakReference<Ends> ref;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("mpsc-retention").workers(1)
                .mailboxes(2).mailboxKind(MailboxKind.MPSC).build())) {
            final CountDownLatch ended = new CountDownLatch(1);
            Ends ends = new Ends(system, ended);
            final LiveListTest.Keeper keeper = new LiveListTest.Keeper(system);
            ref = new WeakReference<>(ends);
            ends.send("end");
            ends = null;
            assertTrue(ended.await(30, TimeUnit.SECONDS), "the actor ended");
            keepAfter(keeper);
            assertTrue(collected(ref), "the ended actor was collected");
            keeper.send(PoisonPill.DELETE);
        }
    }

    @Test
    @Timeout(60)
    void theTimerThreadKeepsNoTargetOfTheScheduleItTookLast() throws InterruptedException {
        final WeakReference<Ends> ref;
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("timer-retention").workers(1)
                .mailboxes(1).build())) {
            final CountDownLatch ended = new CountDownLatch(1);
            Ends ends = new Ends(system, ended);
            final LiveListTest.Keeper keeper = new LiveListTest.Keeper(system);
            ref = new WeakReference<>(ends);
            system.scheduleOnce(Duration.ofMillis(1), ends.ref(), "end");
            ends = null;
            assertTrue(ended.await(30, TimeUnit.SECONDS), "the actor ended");
            keepAfter(keeper);
            assertTrue(collected(ref), "the ended actor was collected");
            keeper.send(PoisonPill.DELETE);
        }
    }

    private static void keepAfter(LiveListTest.Keeper keeper) throws InterruptedException {
        final CountDownLatch ran = new CountDownLatch(1);
        keeper.send(ran);
        assertTrue(ran.await(30, TimeUnit.SECONDS), "the keeper ran");
    }

    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int attempt = 0; attempt < 20 && ref.get() != null; attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        return ref.get() == null;
    }
}
