package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An actor that blocks its worker inside a behaviour until released (at most 30 s), for tests that
 * need a busy worker. A test that needs the worker's other mailboxes held meanwhile turns spare
 * carriers off ({@code spareCarriers(0)}), or one would run them.
 */
final class Blocking {

    private Blocking() {
    }

    static final class Block extends Message {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
    }

    /** Blocks in its behaviour until the block is released, then finishes. */
    static final class Blocker extends Actor<Block> {
        Blocker(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Block block) {
            block.entered.countDown();
            try {
                block.release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Allocation.FINISHED;
        }
    }

    /** Sends {@code blocker} a block and waits until its worker is inside it; release it with {@code block.release}. */
    static Block blockWorker(Blocker blocker) throws InterruptedException {
        final Block block = new Block();
        blocker.send(block);
        assertTrue(block.entered.await(10, TimeUnit.SECONDS), "the blocker's worker entered the block");
        return block;
    }
}
