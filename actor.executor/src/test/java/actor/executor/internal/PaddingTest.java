package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * Backs the padding claims: in the real layout the JVM chose (read with JOL), every group of hot
 * fields shared between threads has at least {@link #PAD} bytes of padding fields before and after
 * it, up to the next other field or the object's ends, and no other field among it. So no other
 * object, no neighbouring mailbox or worker, and no other group shares its cache line (or the
 * adjacent line a prefetcher pairs with it).
 */
class PaddingTest {

    private static final long PAD = 128;

    @Test
    void theCopyQueueMailboxLockAndItsGulpStateEachSitBetweenPads() {
        final ClassLayout layout = ClassLayout.parseClass(CopyQueueMailbox.class);
        assertPadded(layout, List.of("lock"));
        assertPadded(layout, List.of("beingProcessed", "adopted", "closed", "owner", "index", "executor", "live", "listed", "endedSincePrune", "joinedFirst", "joinedSecond", "suspensions", "cachedSuspended", "cachedSuspension", "watches", "timerHolders", "queue"));
    }

    @Test
    void theMpscMailboxLockAndItsGulpStateEachSitBetweenPads() {
        final ClassLayout layout = ClassLayout.parseClass(MpscMailbox.class);
        assertPadded(layout, List.of("lock"));
        assertPadded(layout, List.of("beingProcessed", "adopted", "closed", "owner", "index", "executor", "live", "listed", "endedSincePrune", "joinedFirst", "joinedSecond", "suspensions", "cachedSuspended", "cachedSuspension", "watches", "timerHolders", "queue", "late"));
    }

    @Test
    void theMpscQueueProducersLineAndItsConsumersLineEachSitBetweenPads() {
        final ClassLayout layout = ClassLayout.parseClass(MpscLinkedQueue.class);
        assertPadded(layout, List.of("produced", "tail"));
        assertPadded(layout, List.of("head", "consumed", "stub"));
    }

    @Test
    void theWorkerSleepFlagSitsBetweenPads() {
        assertPadded(ClassLayout.parseClass(WorkerSleep.class), List.of("sleeping"));
    }

    @Test
    void theWorkerProgressCountAndTheThievesObservationEachSitBetweenPads() {
        assertPadded(ClassLayout.parseClass(WorkerProgress.class), List.of("count", "nanosPerMessage", "handOffsPer256", "idle", "loaded", "feeder", "messagesRun"));
        assertPadded(ClassLayout.parseClass(WorkerProgress.class), List.of("stall"));
    }

    @Test
    void theLiveActorStateWordSitsBetweenPads() {
        assertPadded(ClassLayout.parseClass(LiveActorCount.class), List.of("state"));
    }

    private static boolean isPad(FieldLayout field) {
        return field.name().matches("[abc][0-7]{3}");
    }

    private static void assertPadded(ClassLayout layout, List<String> hot) {
        final String picture = layout.toPrintable();
        long first = Long.MAX_VALUE;
        long end = 0;
        for (FieldLayout field : layout.fields()) {
            if (hot.contains(field.name())) {
                first = Math.min(first, field.offset());
                end = Math.max(end, field.offset() + field.size());
            }
        }
        assertTrue(first != Long.MAX_VALUE, "hot fields " + hot + " not found in\n" + picture);
        long before = first;
        long after = layout.instanceSize() - end;
        for (FieldLayout field : layout.fields()) {
            if (hot.contains(field.name()) || isPad(field)) {
                continue;
            }
            assertTrue(field.offset() + field.size() <= first || field.offset() >= end,
                    "field " + field.name() + " sits among " + hot + "\n" + picture);
            if (field.offset() < first) {
                before = Math.min(before, first - (field.offset() + field.size()));
            } else {
                after = Math.min(after, field.offset() - end);
            }
        }
        assertTrue(before >= PAD, "only " + before + " bytes of padding before " + hot + "\n" + picture);
        assertTrue(after >= PAD, "only " + after + " bytes of padding after " + hot + "\n" + picture);
    }
}
