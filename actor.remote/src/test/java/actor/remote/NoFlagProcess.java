package actor.remote;

import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import java.time.Duration;

/**
 * A JVM started without the flag Agrona needs ({@link MissingFlagTest}): starts a node at the
 * endpoint in {@code args[0]} twice, and prints what each start threw, one line each:
 * {@code FAILED <class> caused by <class of its cause>: <message>} (or {@code STARTED}).
 */
public final class NoFlagProcess {

    private NoFlagProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        final ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().workers(1).build());
        try {
            for (int start = 0; start < 2; start++) {
                try (RemoteNode node = RemoteNode.start(system, RemoteConfig.builder().name("unflagged").endpoint(args[0]).build())) {
                    System.out.println("STARTED " + node);
                } catch (RuntimeException | LinkageError e) {
                    System.out.println("FAILED " + e.getClass().getName() + " caused by "
                            + (e.getCause() == null ? null : e.getCause().getClass().getName()) + ": " + e.getMessage());
                }
            }
        } finally {
            system.shutdown(Duration.ofSeconds(5));
        }
    }
}
