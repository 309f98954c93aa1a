package actor.blackbox;

import actor.api.ActorSystemConfig;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Per-actor FIFO per sender, mutual exclusion and exactly-once delivery, with senders on outside
 * threads and on worker threads, and with more workers than this machine has cores.
 */
class DeliveryGuaranteesTest {

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 4, 8})
    @Timeout(120)
    void everyMessageArrivesOnceInSenderOrderAndNoActorRunsTwiceAtOnce(int workers) throws InterruptedException {
        DeliveryStress.run(ActorSystemConfig.builder().workers(workers), 48, 3, 8, 1500);
    }

    @ParameterizedTest(name = "{0} workers, 1 mailbox each")
    @ValueSource(ints = {1, 3, 8})
    @Timeout(120)
    void holdsWithOneMailboxPerWorker(int workers) throws InterruptedException {
        DeliveryStress.run(ActorSystemConfig.builder().workers(workers).shardingFactor(1), 16, 2, 4, 1500);
    }
}
