package actor.executor.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.ContextPropagator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a send from outside the workers allocates on the sending thread (HotSpot's per-thread
 * allocation counter, no timing): nothing on a system without a {@link ContextPropagator}, whose
 * send path is the one it was before propagation existed; the {@link Traced} wrapper of each
 * message on a system with one.
 */
class SendAllocationTest {

    private static final int SENDS = 20_000;
    /** Sends in flight at most: the copy queue never grows past its floor, so it never allocates. */
    private static final int IN_FLIGHT = 16;
    private static final String MESSAGE = "tick";
    private static final MethodHandle ALLOCATED_BYTES;

    static {
        try {
            final Class<?> bean = Class.forName("com.sun.management.ThreadMXBean");
            SendAllocationTest.class.getModule().addReads(bean.getModule());
            final Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                    .invoke(null);
            ALLOCATED_BYTES = MethodHandles.lookup().findVirtual(bean, "getCurrentThreadAllocatedBytes",
                    MethodType.methodType(long.class)).bindTo(threads);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A propagator that allocates nothing itself: what the executor allocates is all there is. */
    private static final class ConstantContext implements ContextPropagator {
        private static final Object CONTEXT = new Object();

        @Override
        public Object capture() {
            return CONTEXT;
        }

        @Override
        public Object attach(Object context) {
            return context;
        }

        @Override
        public void detach(Object attached) {
        }

        @Override
        public Object beforeBehaviour(Object context, Actor<?> actor, Object message, int worker, long queueWaitNanos) {
            return context;
        }

        @Override
        public void afterBehaviour(Object started, Throwable failure) {
        }
    }

    /** Counts what it receives. */
    private static final class Sink extends Actor<String> {
        final AtomicLong received = new AtomicLong();

        Sink(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(String message) {
            received.incrementAndGet();
            return Allocation.NODELETE;
        }
    }

    private static long allocatedByThisThread() throws Throwable {
        return (long) ALLOCATED_BYTES.invokeExact();
    }

    /** Bytes the calling thread allocated to send {@link #SENDS} messages, at most {@link #IN_FLIGHT} unreceived. */
    private static long sendRound(Sink sink) throws Throwable {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        final long before = allocatedByThisThread();
        final long base = sink.received.get();
        for (int i = 0; i < SENDS; i++) {
            while (i - (sink.received.get() - base) >= IN_FLIGHT) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the sink received " + (sink.received.get() - base) + " of " + i);
                }
                Thread.onSpinWait();
            }
            sink.send(MESSAGE);
        }
        return allocatedByThisThread() - before;
    }

    /** The least a round allocated (the 32 B wrappers of a traced system, 640,000 B a round, with compressed oops), after warm-up rounds (the JIT compiles the send on this thread meanwhile). */
    private static long leastPerRound(ActorSystemConfig.Builder config) throws Throwable {
        final ActorSystem system = ActorSystem.start(config.workers(1).build());
        try {
            final Sink sink = new Sink(system);
            for (int round = 0; round < 10; round++) {
                sendRound(sink);
            }
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 5; round++) {
                least = Math.min(least, sendRound(sink));
            }
            return least;
        } finally {
            assertTrue(system.shutdown(Duration.ofSeconds(10)));
        }
    }

    @Test
    @Timeout(120)
    void withoutAPropagatorASendAllocatesNothing() throws Throwable {
        final long bytes = leastPerRound(ActorSystemConfig.builder().withoutContextPropagator());
        assertEquals(0, bytes, bytes + " bytes for " + SENDS + " sends: not 0 B per send");
    }

    @Test
    @Timeout(120)
    void withAPropagatorEachSendAllocatesItsWrapper() throws Throwable {
        final long bytes = leastPerRound(ActorSystemConfig.builder().contextPropagator(new ConstantContext()));
        assertTrue(bytes >= 16L * SENDS, bytes + " bytes for " + SENDS + " sends: no wrapper per send");
    }
}
