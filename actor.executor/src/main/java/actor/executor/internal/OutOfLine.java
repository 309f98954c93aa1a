package actor.executor.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Calls the JIT keeps out of line: a call through a method handle that C2 cannot see as a
 * constant (one read from an instance field is not) is never inlined, so the callee stays a
 * compiled method of its own. The executor's hot code is cut so at two places (a worker's batch
 * run, {@link Worker#visit}, and an envelope's first send, {@link Worker#send}): a rule's branch
 * that flips after compilation (a conversation gathered, the machine found crowded) then throws
 * away a small compiled method, which C2 compiles again at once, instead of the pass or the
 * behaviours that inlined it, which beside busy processes stayed in slow code for seconds
 * (docs/scheduling.md, "What a rule costs the JIT"). Each such call costs a few nanoseconds, so
 * only calls made at most once per batch or per envelope's first send are cut.
 */
final class OutOfLine {

    private OutOfLine() {
    }

    /** The handle of {@code owner}'s (package-private or private) instance method, from {@code lookup}. */
    static MethodHandle method(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> returns,
                               Class<?>... parameters) {
        try {
            return lookup.findVirtual(owner, name, MethodType.methodType(returns, parameters));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
