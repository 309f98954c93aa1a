package actor.bench.suite;

/**
 * A child JVM for {@link ChildRunTest}: {@link RunOne} with a non-daemon thread alive throughout,
 * as Pekko's are, so that a workload that throws leaves the JVM running unless RunOne ends it.
 */
public final class RunOneWithALiveThread {

    private RunOneWithALiveThread() {
    }

    public static void main(String[] args) throws Exception {
        final Thread alive = new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "non-daemon");
        alive.start();
        RunOne.main(args);
    }
}
