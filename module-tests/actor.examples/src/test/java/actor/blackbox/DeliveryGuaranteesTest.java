package actor.blackbox;

import actor.api.ActorSystemConfig;
import actor.api.tuning.MailboxKind;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Per-actor FIFO per sender, mutual exclusion and exactly-once delivery, with senders on outside
 * threads and on worker threads, and with more workers than this machine has cores; for every
 * mailbox kind.
 */
class DeliveryGuaranteesTest {

    static Stream<Arguments> kindsAndWorkers() {
        return Stream.of(MailboxKind.values())
                .flatMap(kind -> Stream.of(1, 2, 4, 8).map(workers -> Arguments.of(kind, workers)));
    }

    static Stream<Arguments> kindsAndWorkersOneMailboxEach() {
        return Stream.of(MailboxKind.values())
                .flatMap(kind -> Stream.of(1, 3, 8).map(workers -> Arguments.of(kind, workers)));
    }

    @ParameterizedTest(name = "{0}, {1} workers")
    @MethodSource("kindsAndWorkers")
    @Timeout(120)
    void everyMessageArrivesOnceInSenderOrderAndNoActorRunsTwiceAtOnce(MailboxKind kind, int workers)
            throws InterruptedException {
        DeliveryStress.run(ActorSystemConfig.builder().workers(workers).mailboxKind(kind), 48, 3, 8, 1500);
    }

    @ParameterizedTest(name = "{0}, {1} workers, 1 mailbox each")
    @MethodSource("kindsAndWorkersOneMailboxEach")
    @Timeout(120)
    void holdsWithOneMailboxPerWorker(MailboxKind kind, int workers) throws InterruptedException {
        DeliveryStress.run(ActorSystemConfig.builder().workers(workers).shardingFactor(1).mailboxKind(kind),
                16, 2, 4, 1500);
    }
}
