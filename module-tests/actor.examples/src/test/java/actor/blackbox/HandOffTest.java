package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import actor.api.StatisticsMode;
import actor.stats.Counts;
import actor.steal.VictimSelectors;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A conversation of one message at a time between actors on different workers (a ping-pong pair)
 * is pulled onto one worker: the receiving worker was idle and its mailbox empty, so the sender's
 * worker takes that mailbox and runs both sides, instead of a cross-core hand-off per message.
 * With stealing off nothing moves.
 */
class HandOffTest {

    static final class Ball extends Message {
        final int left;

        Ball(int left) {
            this.left = left;
        }
    }

    /** Returns each ball to its partner until none are left; records where it last ran. */
    static final class Player extends Actor<Ball> {
        Player partner;
        final CountDownLatch done;
        volatile String lastThread;

        Player(ActorSystem system, CountDownLatch done) {
            super(system);
            this.done = done;
        }

        @Override
        protected Allocation receive(Ball ball) {
            lastThread = Thread.currentThread().getName();
            if (ball.left == 0) {
                done.countDown();
            } else {
                partner.send(new Ball(ball.left - 1));
            }
            return Allocation.NODELETE;
        }
    }

    private static Counts play(String selector, Player[] players) throws InterruptedException {
        final CountDownLatch done = new CountDownLatch(1);
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().name("hand-off").workers(2)
                .victimSelector(selector).statistics(StatisticsMode.ON).build());
        try (system) {
            players[0] = Placed.onWorker(system, 0, s -> new Player(s, done));
            players[1] = Placed.onWorker(system, 1, s -> new Player(s, done));
            players[0].partner = players[1];
            players[1].partner = players[0];
            players[0].send(new Ball(20_000));
            assertTrue(done.await(30, TimeUnit.SECONDS), "the rally finished");
            for (Player player : players) {
                player.send(PoisonPill.FINISHED);
            }
        }
        return system.statistics().total();
    }

    @Test
    @Timeout(60)
    void aPingPongPairOnTwoWorkersEndsUpOnOne() throws Exception {
        final Player[] players = new Player[2];
        final Counts total = play(VictimSelectors.LONGEST_VICTIM, players);
        assertTrue(total.pulls() >= 1, "a hand-off pulled a mailbox: " + total);
        assertEquals(players[0].lastThread, players[1].lastThread, "both sides ended on one worker");
        assertEquals(0, total.lostWakeUps());
    }

    @Test
    @Timeout(60)
    void withStealingOffNothingMoves() throws Exception {
        final Player[] players = new Player[2];
        final Counts total = play(VictimSelectors.NONE, players);
        assertEquals(0, total.pulls(), total.toString());
        assertNotEquals(players[0].lastThread, players[1].lastThread, "each side stayed on its worker");
    }
}
