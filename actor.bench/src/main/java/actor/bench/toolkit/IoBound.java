package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Continuation;
import actor.bench.suite.IoSimulator;
import actor.bench.suite.IoWork;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Sizes;
import actor.bench.suite.Workload;
import java.util.function.ToIntFunction;

/**
 * The I/O-bound rows: {@code ioActors} actors each handle {@code ioRequests} requests one at a
 * time, each request waiting for one read from the shared {@link IoSimulator} ({@code ioDelayMicros}
 * a read). The main thread sends every actor all of its requests up front; an actor that has
 * handled its last one terminates, and the run ends when the last has ({@code stop()} returns).
 * Each actor's results are folded into an order-sensitive checksum ({@link IoWork}), checked after
 * the run. Two forms, and the second with more actors:
 * <ul>
 *   <li>{@link #blocking()} ({@code io-block}): the behaviour waits in {@code join()}, holding its
 *       worker, so at most one read per worker is in flight;</li>
 *   <li>{@link #awaiting()} ({@code io-await}): the behaviour returns
 *       {@link Actor#await await(read, continuation)}; the worker moves on, the actor's further
 *       requests stay queued until the continuation has run, and every actor can have a read in
 *       flight;</li>
 *   <li>{@link #awaitingMany()} ({@code io-await-many}): the await form with {@code ioManyActors}
 *       actors, so many reads in flight that the work of handing completions to the actors, not
 *       the device's latency, bounds the run.</li>
 * </ul>
 * Each iteration records {@code peak_in_flight}: the most reads in flight at once.
 */
public final class IoBound implements Workload {

    /** Request {@code index} (from 0) of an actor; one object per index, sent to every actor. */
    record Request(int index) {
    }

    /** How a form's actor is made. */
    @FunctionalInterface
    private interface ClientFactory {
        Client make(ActorSystem system, IoSimulator io, int index, int requests);
    }

    /** An actor that handles its requests one at a time, each by one read. */
    abstract static sealed class Client extends Actor<Request> permits BlockingClient, AwaitingClient {
        final IoSimulator io;
        private final int index;
        private final int requests;
        /** Written by behaviours only; read by main after stop() (the workers have exited). */
        private long checksum;
        private int handled;

        Client(ActorSystem system, IoSimulator io, int index, int requests) {
            super(system);
            this.io = io;
            this.index = index;
            this.requests = requests;
        }

        /** The key {@code request} reads. */
        final long key(Request request) {
            return IoWork.key(index, requests, request.index());
        }

        /** Takes one request's result; the actor terminates after its last. */
        final Allocation handled(long result) {
            checksum = IoWork.fold(checksum, result);
            return ++handled == requests ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    /** Blocks its worker in {@code join()} until the read completes. */
    static final class BlockingClient extends Client {
        BlockingClient(ActorSystem system, IoSimulator io, int index, int requests) {
            super(system, io, index, requests);
        }

        @Override
        protected Allocation receive(Request request) {
            return handled(io.read(key(request)).join());
        }
    }

    /** Suspends itself until the read completes; the result arrives in the continuation. */
    static final class AwaitingClient extends Client {
        /** One continuation for all of this actor's reads. */
        private final Continuation<Long> resume = this::resumed;

        AwaitingClient(ActorSystem system, IoSimulator io, int index, int requests) {
            super(system, io, index, requests);
        }

        @Override
        protected Allocation receive(Request request) {
            return await(io.read(key(request)), resume);
        }

        private Allocation resumed(Long result, Throwable failure) {
            if (failure != null) {
                throw new IllegalStateException("a simulated read failed", failure);
            }
            return handled(result);
        }
    }

    private final String name;
    private final ToIntFunction<Sizes> actors;
    private final ClientFactory factory;

    private IoBound(String name, ToIntFunction<Sizes> actors, ClientFactory factory) {
        this.name = name;
        this.actors = actors;
        this.factory = factory;
    }

    /** {@code io-block}: each request blocks the behaviour's worker until its read completes. */
    public static IoBound blocking() {
        return new IoBound("io-block", Sizes::ioActors, BlockingClient::new);
    }

    /** {@code io-await}: each request suspends its actor, not its worker, until its read completes. */
    public static IoBound awaiting() {
        return new IoBound("io-await", Sizes::ioActors, AwaitingClient::new);
    }

    /** {@code io-await-many}: {@code io-await} with {@code ioManyActors} actors. */
    public static IoBound awaitingMany() {
        return new IoBound("io-await-many", Sizes::ioManyActors, AwaitingClient::new);
    }

    @Override
    public long run(RunSpec spec) {
        final int actors = this.actors.applyAsInt(spec.sizes());
        final int requests = spec.sizes().ioRequests();
        final Request[] stream = new Request[requests];
        for (int r = 0; r < requests; r++) {
            stream[r] = new Request(r);
        }
        final long elapsed;
        final Client[] clients = new Client[actors];
        try (IoSimulator io = new IoSimulator(spec.sizes().ioDelayMicros())) {
            final ActorSystem system = Toolkit.start(spec);
            for (int a = 0; a < actors; a++) {
                clients[a] = factory.make(system, io, a, requests);
            }
            final long start = System.nanoTime();
            for (Request request : stream) {
                for (Client client : clients) {
                    client.send(request);
                }
            }
            Toolkit.stop(system);
            elapsed = System.nanoTime() - start;
            spec.extras().put("peak_in_flight", (double) io.peakInFlight());
        }
        long checksums = 0;
        long handled = 0;
        for (Client client : clients) {
            checksums += client.checksum;
            handled += client.handled;
        }
        Toolkit.check(name, "requests handled", (long) actors * requests, handled);
        Toolkit.check(name, "sum of the checksums", IoWork.expected(actors, requests), checksums);
        return elapsed;
    }
}
