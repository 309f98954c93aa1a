package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.tuning.MailboxKind;
import actor.api.Message;
import actor.api.PoisonPill;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A message queued for an actor before it terminated with DESTROY never reaches the incarnation
 * registered again afterwards: it is reported as sent to a terminated actor, as docs/guide.md
 * promises, while messages sent after the re-registration are received.
 */
class ReRegistrationTest {

    static final class Numbered extends Message {
        final int n;

        Numbered(int n) {
            this.n = n;
        }
    }

    /** Registers itself again from its destroy hook, once: the pool-style reuse DESTROY allows. */
    static final class Reused extends Actor<Numbered> {
        final List<Integer> received = new ArrayList<>();
        final CountDownLatch reRegistered = new CountDownLatch(1);

        Reused(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Numbered message) {
            received.add(message.n);
            return Allocation.NODELETE;
        }

        @Override
        protected void onDestroy() {
            if (reRegistered.getCount() > 0) {
                system().register(this);
                reRegistered.countDown();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(MailboxKind.class)
    @Timeout(60)
    void aMessageQueuedBehindADestroyPillIsReportedNotDeliveredToTheNextIncarnation(MailboxKind kind) throws Exception {
        final RecordingErrorHandler errors = new RecordingErrorHandler();
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).spareCarriers(0).mailboxKind(kind)
                .errorHandler(errors).build());
        final Reused reused;
        try (system) {
            final Blocking.Blocker blocker = new Blocking.Blocker(system);
            reused = new Reused(system);
            final Blocking.Block block = Blocking.blockWorker(blocker);
            // Both queued while the only worker is blocked: the pill runs first, its hook registers
            // the actor again, then message 1, sent to the old incarnation, comes up.
            reused.send(PoisonPill.DESTROY);
            reused.send(new Numbered(1));
            block.release.countDown();
            assertTrue(reused.reRegistered.await(10, TimeUnit.SECONDS));
            reused.send(new Numbered(2));
            reused.send(PoisonPill.FINISHED);
        }
        assertEquals(List.of(2), reused.received, "only the message sent after the re-registration");
        assertEquals(1, errors.undeliveredCount(), "the message for the old incarnation is reported: " + errors.all());
    }
}
