package actor.executor.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Calls the JIT keeps out of line: a call through a method handle that C2 cannot see as a
 * constant (one read from an instance field is not) is never inlined, so the callee stays a
 * compiled method of its own. The executor's hot code is cut so at two places (a worker's batch
 * run, {@link #runBatch(EnvelopeRunner, CopyQueue)} and {@link #runBatch(EnvelopeRunner, MpscMailbox, int)}
 * from {@link Worker#visit}, and an envelope's first send, {@link #firstHandOff} from
 * {@link Worker#send}): a rule's branch that flips after compilation (a conversation gathered, the
 * machine found crowded) then throws away a small compiled method, which C2 compiles again at once,
 * instead of the pass or the behaviours that inlined it, which beside busy processes stayed in slow
 * code for seconds (docs/scheduling.md, "What a rule costs the JIT"). Each such call costs a few
 * nanoseconds, so only calls made at most once per batch or per envelope's first send are cut.
 *
 * <p>Threading: one per worker, used by its thread only; immutable.
 */
final class OutOfLine {

    private static final MethodHandle FIRST_HAND_OFF = method(Worker.class, "firstHandOff", boolean.class,
            Mailbox.class, Object.class, Object.class);
    private static final MethodHandle RUN_COPY_QUEUE_BATCH = method(EnvelopeRunner.class, "runBatch", int.class,
            CopyQueue.class);
    private static final MethodHandle RUN_MPSC_BATCH = method(EnvelopeRunner.class, "runBatch", int.class,
            MpscMailbox.class, int.class);

    /** The handles above, read from fields so that C2 sees no constant to inline through. */
    private final MethodHandle firstHandOff = FIRST_HAND_OFF;
    private final MethodHandle runCopyQueueBatch = RUN_COPY_QUEUE_BATCH;
    private final MethodHandle runMpscBatch = RUN_MPSC_BATCH;

    /** {@link EnvelopeRunner#runBatch(CopyQueue)}, out of line. */
    int runBatch(EnvelopeRunner runner, CopyQueue batch) {
        try {
            return (int) runCopyQueueBatch.invokeExact(runner, batch);
        } catch (RuntimeException | Error thrown) {
            throw thrown;
        } catch (Throwable checked) {
            throw new IllegalStateException(checked);
        }
    }

    /** {@link EnvelopeRunner#runBatch(MpscMailbox, int)}, out of line. */
    int runBatch(EnvelopeRunner runner, MpscMailbox mailbox, int limit) {
        try {
            return (int) runMpscBatch.invokeExact(runner, mailbox, limit);
        } catch (RuntimeException | Error thrown) {
            throw thrown;
        } catch (Throwable checked) {
            throw new IllegalStateException(checked);
        }
    }

    /** {@link Worker#firstHandOff}, out of line. */
    boolean firstHandOff(Worker worker, Mailbox mailbox, Object registration, Object message) {
        try {
            return (boolean) firstHandOff.invokeExact(worker, mailbox, registration, message);
        } catch (RuntimeException | Error thrown) {
            throw thrown;
        } catch (Throwable checked) {
            throw new IllegalStateException(checked);
        }
    }

    /** The handle of {@code owner}'s package-private instance method. */
    private static MethodHandle method(Class<?> owner, String name, Class<?> returns, Class<?>... parameters) {
        try {
            return MethodHandles.lookup().findVirtual(owner, name, MethodType.methodType(returns, parameters));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
