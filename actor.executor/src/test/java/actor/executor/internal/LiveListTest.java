package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live list prunes ended registrations lazily ({@link Mailbox#ended}): once the actors of a
 * mailbox have all ended, the list holds none of them, so a running system keeps no terminated
 * actor reachable, and the mailbox counts as actor-less again for a hand-off.
 */
class LiveListTest {

    private static final int ACTORS = 100;

    static final class Ends extends Actor<String> {
        private final CountDownLatch ended;

        Ends(ActorSystem system, CountDownLatch ended) {
            super(system);
            this.ended = ended;
        }

        @Override
        protected Allocation receive(String message) {
            return Allocation.NODELETE;
        }

        @Override
        protected void onDestroy() {
            ended.countDown();
        }
    }

    /** Runs last, so that the worker's memory of the registration it ran last is not an ended actor's. */
    static final class Keeper extends Actor<CountDownLatch> {
        Keeper(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CountDownLatch ran) {
            ran.countDown();
            return Allocation.NODELETE;
        }
    }

    @Test
    @Timeout(60)
    void everyEndedActorOfAMailboxCanBeCollectedWhileTheSystemRuns() throws InterruptedException {
        final List<WeakReference<Ends>> refs = new ArrayList<>();
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("live-list").workers(1)
                .mailboxes(1).build())) {
            final CountDownLatch ended = new CountDownLatch(ACTORS);
            final Keeper keeper = new Keeper(system);
            for (int i = 0; i < ACTORS; i++) {
                final Ends actor = new Ends(system, ended);
                refs.add(new WeakReference<>(actor));
                actor.send(PoisonPill.DELETE);
            }
            assertTrue(ended.await(30, TimeUnit.SECONDS), "every actor ended");
            final CountDownLatch ran = new CountDownLatch(1);
            keeper.send(ran);
            assertTrue(ran.await(30, TimeUnit.SECONDS), "the keeper ran");
            int collected = 0;
            for (int attempt = 0; attempt < 20 && collected < ACTORS; attempt++) {
                System.gc();
                Thread.sleep(10);
                collected = (int) refs.stream().filter(ref -> ref.get() == null).count();
            }
            assertEquals(ACTORS, collected, "ended actors collected");
            assertEquals(1, system.liveActors(), "the keeper is still live");
            keeper.send(PoisonPill.DELETE);
        }
    }
}
