package actor.testkit;

import actor.api.ActorError;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An actor system for one test: every problem it reports (a behaviour that threw, a dead letter,
 * an undelivered message...) is recorded, and {@link #close()} ends the system with
 * {@link ActorSystem#shutdown(Duration)} and fails the test if anything was reported or an actor
 * would not terminate. Expected problems are taken with {@link #takeErrors()} before the end.
 *
 * <pre>{@code
 * try (ActorTestKit kit = ActorTestKit.start()) {
 *     TestProbe<TellerMsg> teller = kit.probe();
 *     Account account = new Account(kit.system(), "alice", 100);
 *     account.send(new Withdraw(30, teller.ref()));
 *     assertEquals(new Done("alice", true), teller.expectMessage());
 * }   // shuts the system down; fails if anything went wrong
 * }</pre>
 *
 * <p>Threading: one test thread; problems are recorded from any thread.
 */
public final class ActorTestKit implements AutoCloseable {

    /** How long {@link #close()} lets the actors finish before it aborts the system. */
    public static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);

    private final ActorSystem system;
    private final List<ActorError> errors = new CopyOnWriteArrayList<>();

    private ActorTestKit(ActorSystemConfig.Builder config) {
        this.system = ActorSystem.start(config.errorHandler(errors::add).build());
    }

    /** {@return a kit on a system with two workers and otherwise the default configuration} */
    public static ActorTestKit start() {
        return start(ActorSystemConfig.builder().workers(2));
    }

    /**
     * {@return a kit on a system made from {@code config}, whose error handler is replaced by the kit's recorder}
     *
     * @param config the configuration
     */
    public static ActorTestKit start(ActorSystemConfig.Builder config) {
        return new ActorTestKit(Objects.requireNonNull(config, "config"));
    }

    /** {@return the system under test} */
    public ActorSystem system() {
        return system;
    }

    /**
     * {@return a new probe on the system}
     *
     * @param <M> the message type the probe accepts
     */
    public <M> TestProbe<M> probe() {
        return new TestProbe<>(system);
    }

    /** {@return the problems reported so far, which then no longer fail {@link #close()}} */
    public List<ActorError> takeErrors() {
        final List<ActorError> taken = List.copyOf(errors);
        errors.removeAll(taken);
        return taken;
    }

    /**
     * Shuts the system down ({@link ActorSystem#shutdown(Duration)}, at most
     * {@link #SHUTDOWN_TIMEOUT}), then fails if any problem was reported and not taken. Dead letters
     * and undelivered messages reported during the shutdown itself are its consequences (an actor
     * still sending to one that took its pill), not failures of the test.
     *
     * @throws AssertionError listing the problems, or saying that actors did not terminate
     */
    private static boolean isShutdownConsequence(ActorError error) {
        return error instanceof ActorError.DeadLetter || error instanceof ActorError.UndeliveredMessages;
    }

    @Override
    public void close() {
        final int beforeShutdown = errors.size();
        final boolean clean;
        try {
            clean = system.shutdown(SHUTDOWN_TIMEOUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while shutting the test system down", e);
        }
        final List<ActorError> left = new ArrayList<>(errors.subList(0, beforeShutdown));
        for (ActorError error : errors.subList(beforeShutdown, errors.size())) {
            if (!isShutdownConsequence(error)) {
                left.add(error);
            }
        }
        if (!clean || !left.isEmpty()) {
            final StringBuilder message = new StringBuilder("the test system '").append(system.config().name())
                    .append("' ").append(clean ? "reported " : "had to be aborted and reported ")
                    .append(left.size()).append(" problem(s)");
            for (ActorError error : left) {
                message.append("\n  ").append(error.describe());
            }
            throw new AssertionError(message.toString());
        }
    }
}
