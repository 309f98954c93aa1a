package actor.remote.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** The bytes the calling thread has allocated so far (HotSpot's ThreadMXBean), read without allocating. */
final class AllocatedBytes {

    private static final MethodHandle ALLOCATED_BYTES;

    static {
        try {
            final Class<?> bean = Class.forName("com.sun.management.ThreadMXBean");
            AllocatedBytes.class.getModule().addReads(bean.getModule());
            final Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                    .invoke(null);
            ALLOCATED_BYTES = MethodHandles.lookup().findVirtual(bean, "getCurrentThreadAllocatedBytes",
                    MethodType.methodType(long.class)).bindTo(threads);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private AllocatedBytes() {
    }

    /** {@return the bytes the calling thread has allocated since it started} */
    static long ofThisThread() throws Throwable {
        return (long) ALLOCATED_BYTES.invokeExact();
    }
}
