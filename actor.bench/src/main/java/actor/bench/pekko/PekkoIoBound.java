package actor.bench.pekko;

import actor.bench.suite.IoSimulator;
import actor.bench.suite.IoWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;

/**
 * The I/O-bound rows: {@code ioActors} actors, spawned beforehand and placed by Pekko, each handle
 * {@code ioRequests} requests one at a time, each request waiting for one read from the shared
 * {@link IoSimulator}. The calling thread tells every actor all of its requests up front; an actor
 * that has handled its last one adds its order-sensitive checksum ({@link IoWork}) to the tally and
 * stops, and the run ends when the last has. Two forms:
 * <ul>
 *   <li>{@link #blocking()} ({@code io-block}): the behaviour waits in {@code join()}. On a
 *       dispatcher thread that is a {@code ForkJoinPool} managed block, for which the pool may
 *       start compensating threads (Pekko's {@code maximum-pool-size} and {@code minimum-runnable}
 *       defaults allow it), so more reads than the parallelism can be in flight;</li>
 *   <li>{@link #pipeToSelf()} ({@code io-await}'s peer): a request starts the read with
 *       {@link ActorContext#pipeToSelf} and switches to a waiting behaviour that stashes further
 *       requests in a {@link StashBuffer}; the result's message unstashes the next request, which
 *       starts the next read. One request at a time, in order, as actorkit's {@code await}. (It
 *       unstashes one request rather than all: {@code unstashAll} would hand every stashed request
 *       to the idle behaviour, whose first one switches back to waiting and re-stashes the rest,
 *       once per result.)</li>
 * </ul>
 * {@link #pipeToSelfMany()} ({@code io-await-many}'s peer) is the second form with
 * {@code ioManyActors} actors.
 * Each iteration records {@code peak_in_flight}: the most reads in flight at once.
 */
public final class PekkoIoBound implements Workload {

    private sealed interface IoMessage permits Request, Completed {
    }

    /** Request {@code index} (from 0) of an actor; one object per index, told to every actor. */
    private record Request(int index) implements IoMessage {
    }

    /** A read's outcome, piped to the actor that started it. */
    private record Completed(Long result, Throwable failure) implements IoMessage {
    }

    /**
     * What the actors report: the sum of their checksums, and {@code done}, completed by the last
     * actor to finish, or failed by the first read that failed.
     */
    private record Tally(AtomicLong checksums, AtomicInteger left, CompletableFuture<Void> done) {

        void finished(long checksum) {
            checksums.addAndGet(checksum);
            if (left.decrementAndGet() == 0) {
                done.complete(null);
            }
        }
    }

    /** How a form's behaviour is made for one actor. */
    @FunctionalInterface
    private interface ClientFactory {
        Behavior<IoMessage> make(IoSimulator io, int index, int requests, Tally tally);
    }

    /** What both forms' actors share: their keys, checksum and count. */
    private abstract static class Client extends AbstractBehavior<IoMessage> {
        final IoSimulator io;
        private final int index;
        private final int requests;
        private final Tally tally;
        private long checksum;
        private int handled;

        Client(ActorContext<IoMessage> context, IoSimulator io, int index, int requests, Tally tally) {
            super(context);
            this.io = io;
            this.index = index;
            this.requests = requests;
            this.tally = tally;
        }

        final long key(Request request) {
            return IoWork.key(index, requests, request.index());
        }

        /** Takes one request's result; whether it was the actor's last (then it has reported). */
        final boolean handled(long result) {
            checksum = IoWork.fold(checksum, result);
            if (++handled == requests) {
                tally.finished(checksum);
                return true;
            }
            return false;
        }

        /** Fails the run: a simulated read failed. */
        final Behavior<IoMessage> failed(Throwable failure) {
            tally.done().completeExceptionally(new IllegalStateException("a simulated read failed", failure));
            return Behaviors.stopped();
        }
    }

    /** Blocks its dispatcher thread in {@code join()} until the read completes. */
    private static final class BlockingClient extends Client {
        BlockingClient(ActorContext<IoMessage> context, IoSimulator io, int index, int requests, Tally tally) {
            super(context, io, index, requests, tally);
        }

        @Override
        public Receive<IoMessage> createReceive() {
            return newReceiveBuilder().onMessage(Request.class, this::onRequest).build();
        }

        private Behavior<IoMessage> onRequest(Request request) {
            final long result;
            try {
                result = io.read(key(request)).join();
            } catch (CompletionException e) {
                return failed(e.getCause());
            }
            return handled(result) ? Behaviors.stopped() : this;
        }
    }

    /**
     * Idle ({@code this}): a request starts its read and switches to {@link #waiting}, which
     * stashes requests until the read's result arrives.
     */
    private static final class PipeClient extends Client {
        private final StashBuffer<IoMessage> stash;
        private final Behavior<IoMessage> waiting;

        PipeClient(ActorContext<IoMessage> context, StashBuffer<IoMessage> stash, IoSimulator io, int index,
                   int requests, Tally tally) {
            super(context, io, index, requests, tally);
            this.stash = stash;
            this.waiting = Behaviors.receive(IoMessage.class)
                    .onMessage(Request.class, this::onRequestWhileWaiting)
                    .onMessage(Completed.class, this::onCompleted)
                    .build();
        }

        @Override
        public Receive<IoMessage> createReceive() {
            return newReceiveBuilder().onMessage(Request.class, this::onRequest).build();
        }

        private Behavior<IoMessage> onRequest(Request request) {
            getContext().pipeToSelf(io.read(key(request)), Completed::new);
            return waiting;
        }

        private Behavior<IoMessage> onRequestWhileWaiting(Request request) {
            stash.stash(request);
            return Behaviors.same();
        }

        private Behavior<IoMessage> onCompleted(Completed completed) {
            if (completed.failure() != null) {
                return failed(completed.failure());
            }
            if (handled(completed.result())) {
                return Behaviors.stopped();
            }
            return stash.isEmpty() ? this : stash.unstash(this, 1, Function.identity());
        }
    }

    private static final String NAME = "PekkoIoBound";

    private final ToIntFunction<Sizes> actors;
    private final ClientFactory factory;

    private PekkoIoBound(ToIntFunction<Sizes> actors, ClientFactory factory) {
        this.actors = actors;
        this.factory = factory;
    }

    /** {@code io-block}: each request blocks the behaviour's thread until its read completes. */
    public static PekkoIoBound blocking() {
        return new PekkoIoBound(Sizes::ioActors, (io, index, requests, tally) ->
                Behaviors.setup(context -> new BlockingClient(context, io, index, requests, tally)));
    }

    /** {@code io-await}'s peer: each request pipes its read's result to the actor, which stashes the requests behind it. */
    public static PekkoIoBound pipeToSelf() {
        return new PekkoIoBound(Sizes::ioActors, PekkoIoBound::pipeClient);
    }

    /** {@code io-await-many}'s peer: {@link #pipeToSelf()} with {@code ioManyActors} actors. */
    public static PekkoIoBound pipeToSelfMany() {
        return new PekkoIoBound(Sizes::ioManyActors, PekkoIoBound::pipeClient);
    }

    private static Behavior<IoMessage> pipeClient(IoSimulator io, int index, int requests, Tally tally) {
        return Behaviors.withStash(requests,
                stash -> Behaviors.setup(context -> new PipeClient(context, stash, io, index, requests, tally)));
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = this.actors.applyAsInt(spec.sizes());
        final int requests = spec.sizes().ioRequests();
        final Request[] stream = new Request[requests];
        for (int r = 0; r < requests; r++) {
            stream[r] = new Request(r);
        }
        final Tally tally = new Tally(new AtomicLong(), new AtomicInteger(actors), new CompletableFuture<>());
        final long elapsed;
        try (IoSimulator io = new IoSimulator(spec.sizes().ioDelayMicros())) {
            final var started = PekkoSystems.startWith(NAME, spec, context -> {
                final List<ActorRef<IoMessage>> clients = new ArrayList<>(actors);
                for (int a = 0; a < actors; a++) {
                    clients.add(context.spawn(factory.make(io, a, requests, tally), "client-" + a));
                }
                return clients;
            });
            try {
                final List<ActorRef<IoMessage>> clients = started.value();
                final long t0 = System.nanoTime();
                for (Request request : stream) {
                    for (ActorRef<IoMessage> client : clients) {
                        client.tell(request);
                    }
                }
                PekkoSystems.await(tally.done(), NAME);
                elapsed = System.nanoTime() - t0;
            } finally {
                PekkoSystems.terminate(started.system(), NAME);
            }
            spec.extras().put("peak_in_flight", (double) io.peakInFlight());
        }
        PekkoSystems.check(NAME, "sum of the checksums", IoWork.expected(actors, requests), tally.checksums().get());
        return elapsed;
    }
}
