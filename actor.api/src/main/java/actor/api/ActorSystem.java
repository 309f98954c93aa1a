package actor.api;

import actor.api.spi.ActorExecutor;
import actor.api.spi.ExecutorProvider;
import actor.stats.Statistics;
import java.time.Duration;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A running actor system: an executor with N worker threads and M sharded mailboxes.
 *
 * <pre>{@code
 * try (ActorSystem system = ActorSystem.start()) {     // N = available processors
 *     Greeter greeter = new Greeter(system);
 *     greeter.send(new Greeter.Text("Hello")).send(PoisonPill.FINISHED);
 * }                                                     // close() waits for every actor to terminate
 * }</pre>
 *
 * <p>A program may run several systems, one after another or at once. A system stops when a stop
 * was requested ({@link #stop()}, {@link #stop(Duration)}, {@link #close()}) and its last live actor
 * has terminated; until then actors may still create actors. Messages still queued at that point
 * are reported to the {@link ErrorHandler}, never silently dropped. All methods are thread-safe.
 *
 * <h2>Ending a system</h2>
 * <table class="striped">
 * <caption>The five ways to end a system</caption>
 * <thead>
 * <tr><th scope="col">Method</th><th scope="col">What it does</th><th scope="col">Use it</th></tr>
 * </thead>
 * <tbody>
 * <tr><th scope="row">{@link #stop()}</th><td>waits for the actors to end on their own</td>
 *     <td>when the program has told its actors to finish (poison pills, returned statuses)</td></tr>
 * <tr><th scope="row">{@link #stop(Duration)}</th><td>the same, with a bound; the system keeps
 *     running if actors are still live</td><td>to wait a while, then decide</td></tr>
 * <tr><th scope="row">{@link #shutdown(Duration)}</th><td>tells every actor to finish
 *     ({@link PoisonPill#FINISHED}), then aborts what is left after the bound</td>
 *     <td>to end a system from outside, whatever its actors are doing; Pekko's {@code terminate()}</td></tr>
 * <tr><th scope="row">{@link #abort()}</th><td>ends it now, reporting what did not run</td>
 *     <td>when it will not stop otherwise, or from inside a behaviour</td></tr>
 * <tr><th scope="row">{@link #close()}</th><td>{@code stop()} that gives up once the system is
 *     quiet</td><td>in try-with-resources, so an exception thrown in the block surfaces</td></tr>
 * </tbody>
 * </table>
 */
public final class ActorSystem implements AutoCloseable {

    private final ActorSystemConfig config;
    private final ActorExecutor executor;
    private final DeadLetters deadLetters;
    /** The pool of {@link #blocking}; it makes its threads on first use and is ended with the system. */
    private final BlockingPool blockingPool;
    /**
     * The terminal states of this system's actors, {@code [status * mailboxes + ticket]} for the
     * statuses DELETE, DESTROY, FINISHED, each made on first use ({@link #ended}). Written by any
     * terminating worker with a plain store: a racing worker makes an equal twin, and each actor
     * publishes the one it uses with its own release store.
     */
    private final Ended[] ended;
    /**
     * The receptionist, made on first use ({@link #receptionist()}). Written once under
     * {@code this}; read by any thread (volatile: the write publishes it).
     */
    private volatile Receptionist receptionist;
    /** Guards the one-time end of debug tracking; written under {@code this}. */
    private boolean debugReleased;

    private ActorSystem(ActorSystemConfig config, ActorExecutor executor, DeadLetters deadLetters) {
        this.config = config;
        this.executor = executor;
        this.deadLetters = deadLetters;
        this.blockingPool = new BlockingPool(config.name(), config.blockingThreads());
        this.ended = new Ended[3 * config.mailboxes()];
    }

    /**
     * {@return a running system with one worker per available processor and the default
     * configuration}
     *
     * @throws IllegalStateException if no executor is on the module path (add {@code actor.executor})
     */
    public static ActorSystem start() {
        return start(ActorSystemConfig.builder().build());
    }

    /**
     * {@return a running system with {@code workers} worker threads and otherwise the default
     * configuration}
     *
     * @param workers the number of worker threads
     * @throws IllegalStateException    if no executor is on the module path (add {@code actor.executor})
     * @throws IllegalArgumentException if {@code workers} is outside [1, {@link ActorSystemConfig#MAX_WORKERS}]
     */
    public static ActorSystem start(int workers) {
        return start(ActorSystemConfig.builder().workers(workers).build());
    }

    /**
     * {@return a system started with {@code config}} Its workers are running when this returns.
     *
     * @param config the configuration, from {@link ActorSystemConfig#builder()}
     * @throws IllegalStateException if no executor is on the module path (add {@code actor.executor})
     */
    public static ActorSystem start(ActorSystemConfig config) {
        Objects.requireNonNull(config, "config");
        if (config.checks() == Checks.DEBUG) {
            DebugTracking.systemStarted(config.errorHandler());
        }
        try {
            final DeadLetters deadLetters = new DeadLetters(config.errorHandler(), config.strictSends());
            return new ActorSystem(config, Providers.provider().start(config, AccessImpl.INSTANCE, deadLetters::count),
                    deadLetters);
        } catch (RuntimeException | Error e) {
            if (config.checks() == Checks.DEBUG) {
                DebugTracking.systemStopped(config.errorHandler());
            }
            throw e;
        }
    }

    /**
     * Waits for the actors to end on their own, however long that takes: requests a stop and blocks
     * until every actor has terminated and the workers have exited. If the calling thread is
     * interrupted meanwhile it keeps waiting and its interrupt status is set again on return.
     * Calling it again, or after {@link #stop(Duration)}, is harmless. It never waits silently:
     * after {@link ActorSystemConfig.Builder#stopWarningAfter} (5 s by default), and then at
     * doubling intervals, it reports the live actors by class with their tickets
     * ({@link ActorError.StopWaiting}); {@link #shutdown(Duration)} ends them instead.
     *
     * <p>Not from a behaviour: it would wait for its own worker to exit. To end a system from
     * inside, terminate its actors (return a status other than {@link Allocation#NODELETE}, or send
     * a {@link PoisonPill}) and let a thread outside the system call {@code stop()}; or call
     * {@link #abort()}.
     *
     * @throws IllegalStateException if called from a behaviour (a worker thread of this system);
     *                               nothing is stopped then
     * @throws OutOfMemoryError      if a worker ran out of memory, which aborted the system
     */
    public void stop() {
        executor.stop();
        blockingPool.shutdown();
        releaseDebugTracking();
    }

    /**
     * Waits at most {@code timeout} for the actors to end on their own: {@link #stop()} with a
     * bound.
     *
     * @param timeout the longest wait, zero or more
     * @return true if the system stopped; false if actors are still live after {@code timeout}. The
     *         system then keeps running (and accepting actors while any are live); call a stop
     *         method again to wait longer.
     * @throws NullPointerException     if {@code timeout} is null
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws IllegalStateException    if called from a behaviour (a worker thread of this system),
     *                                  as for {@link #stop()}; nothing is stopped then
     * @throws InterruptedException     if interrupted while waiting
     */
    public boolean stop(Duration timeout) throws InterruptedException {
        final boolean stopped = executor.stop(toNanos(timeout));
        if (stopped) {
            blockingPool.shutdown();
            releaseDebugTracking();
        }
        return stopped;
    }

    /**
     * Tells every actor to finish, then aborts what is left after {@code timeout}: requests a stop,
     * sends {@link PoisonPill#FINISHED} to every live actor (behind what is already queued for it,
     * so that is handled first; actors created meanwhile get one too), and waits at most
     * {@code timeout} for every actor to terminate. If some are still live then (an actor that
     * ignores the pill, a behaviour that never returns) it {@linkplain #abort() aborts} the system,
     * which reports them. Pekko users know this as {@code terminate()}. A pill that reaches an actor
     * which terminated on its own meanwhile is reported as undelivered, like any message queued
     * behind a termination.
     *
     * @param timeout how long the actors get to terminate before the system is aborted
     * @return true if every actor terminated in time; false if the system had to be aborted
     * @throws NullPointerException     if {@code timeout} is null
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws IllegalStateException    if called from a behaviour (a worker thread of this system),
     *                                  as for {@link #stop()}; nothing is stopped then
     * @throws InterruptedException     if interrupted while waiting; the system is aborted first
     */
    public boolean shutdown(Duration timeout) throws InterruptedException {
        final boolean clean;
        try {
            clean = executor.shutdown(toNanos(timeout));
        } catch (InterruptedException aborted) {
            blockingPool.shutdownNow();
            throw aborted;
        }
        if (clean) {
            blockingPool.shutdown();
        } else {
            blockingPool.shutdownNow();
        }
        releaseDebugTracking();
        return clean;
    }

    /**
     * Ends the system now, without waiting for the live actors: for a system that will not stop on
     * its own, typically after {@link #stop(Duration)} returned false. Each worker finishes the
     * behaviour it is running (worker threads are interrupted, so a behaviour blocked in an
     * interruptible wait fails instead of hanging) and exits. Every message not yet run is reported
     * as undelivered, and the actors still live are reported
     * ({@link ActorError.LiveActorsAbandoned}); sending to them afterwards is reported too. Returns
     * once the workers have exited, or after {@link ActorSystemConfig.Builder#stopWarningAfter} if a
     * behaviour ignores the interrupt (a {@code CompletableFuture.join()}, a busy loop): it then
     * reports where those workers are ({@link ActorError.WorkersStuck}) and returns without them;
     * each exits when its behaviour returns. A new system can be started at any time. Calling it on
     * a stopped system does nothing.
     *
     * <p>From a behaviour it does not wait: it marks the system aborted (it accepts no new actors
     * from then on), interrupts the other workers and returns at once. The calling behaviour
     * finishes; nothing else runs, and what it sent is reported. A thread outside blocked in (or
     * later calling) {@link #stop()} or {@link #stop(Duration)} returns once every worker has
     * exited.
     */
    public void abort() {
        executor.abort();
        blockingPool.shutdownNow();
        releaseDebugTracking();
    }

    /**
     * For try-with-resources: {@link #stop()} that gives up once the system is quiet. It waits
     * until every actor has terminated, reporting the live ones after
     * {@link ActorSystemConfig.Builder#stopWarningAfter} ({@link ActorError.StopWaiting}). Unlike
     * {@code stop()} it never waits forever on a system that has nothing left to do: once no
     * behaviour has run and nothing has been queued for
     * {@link ActorSystemConfig.Builder#closeWhenQuietFor} (10 s by default) while actors are still
     * live, nothing inside the system can make them terminate, so it sends each of them
     * {@link PoisonPill#FINISHED} and reports them ({@link ActorError.ClosedQuietSystem}). A
     * periodic timer ({@link #schedulePeriodic}) never ends by itself and would keep the system
     * from ever going quiet: the periodic timers still live once close() has waited
     * {@code closeWhenQuietFor} are cancelled and reported ({@link ActorError.PeriodicTimersCancelled}).
     *
     * <p>That is what lets an exception out of a try-with-resources block that threw before its
     * actors were told to finish: Java runs {@code close()} before the exception leaves the block,
     * and {@code close()} returns once the system has been quiet that long: within about
     * {@code closeWhenQuietFor}, or twice that with periodic timers, once nothing else runs. A
     * system whose actors wait for messages from a thread outside (a network callback, a timer)
     * should be ended with {@link #stop()} or {@link #shutdown(Duration)} instead, or given a
     * longer quiet time.
     *
     * @throws IllegalStateException if called from a behaviour (a worker thread of this system)
     */
    @Override
    public void close() {
        executor.close();
        blockingPool.shutdown();
        releaseDebugTracking();
    }

    /**
     * Sends {@code message} to {@code target} once, after {@code delay}, from the system's timer
     * thread (started on first use). The schedule ends with its target, as Pekko's timers end with
     * their actor: if the target has terminated by then, the send is dropped quietly (no dead
     * letter, strict sends or not). A message the timer queued before the target terminated is
     * like any other message queued behind a termination: reported as undelivered. The schedule
     * ends with the system too: once it has stopped, nothing more is sent.
     *
     * @param <M>     the message type
     * @param delay   zero or positive
     * @param target  the receiver ({@link Actor#ref()})
     * @param message the message
     * @return a handle that cancels the send
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code delay} is negative
     * @throws SystemNotRunningException if the system no longer accepts actors
     */
    public <M> Cancellable scheduleOnce(Duration delay, ActorRef<M> target, M message) {
        return schedule(delay, null, target, message);
    }

    /**
     * Sends {@code message} to {@code target} after {@code initialDelay} and then every
     * {@code period} (a fixed rate: a late send does not shift the next ones), until cancelled,
     * the target has terminated (the first send that finds it terminated is dropped quietly and
     * cancels the schedule: {@link Cancellable#isCancelled()} then returns true), or the system has
     * stopped. A live periodic timer keeps the system busy: a waiting stop names it
     * ({@link ActorError.StopWaiting}), and {@link #close()} cancels it after
     * {@link ActorSystemConfig.Builder#closeWhenQuietFor} ({@link ActorError.PeriodicTimersCancelled}).
     * As {@link #scheduleOnce} otherwise.
     *
     * @param <M>          the message type
     * @param initialDelay zero or positive
     * @param period       positive
     * @param target       the receiver ({@link Actor#ref()})
     * @param message      the message, sent each time
     * @return a handle that cancels the schedule
     * @throws NullPointerException      if an argument is null
     * @throws IllegalArgumentException  if {@code initialDelay} is negative or {@code period} is not positive
     * @throws SystemNotRunningException if the system no longer accepts actors
     */
    public <M> Cancellable schedulePeriodic(Duration initialDelay, Duration period, ActorRef<M> target, M message) {
        Objects.requireNonNull(period, "period");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period = " + period + ": must be positive");
        }
        return schedule(initialDelay, period, target, message);
    }

    /**
     * Asks {@code target} a question and returns its answer as a future: {@code request} builds the
     * request around a reply-to reference, which completes the future with the first message sent
     * to it. If no reply arrives within {@code timeout} the future fails with a
     * {@link TimeoutException}, and a reply that comes later is a dead letter. Callable from any
     * thread; from a behaviour, ask with {@link Actor#ask} instead, which suspends the actor until
     * the reply without a future, rather than waiting on this one, which would block the worker. A thread that waits on the returned future
     * ({@code join}, {@code get}) spins for up to 20 microseconds before it blocks, as a reply from
     * a running worker usually comes sooner than a parked thread would be woken.
     *
     * <pre>{@code
     * CompletableFuture<Balance> balance = system.ask(account.ref(), replyTo -> new GetBalance(replyTo),
     *         Duration.ofSeconds(1));
     * }</pre>
     *
     * @param <Q>     the request type the target accepts
     * @param <R>     the reply type
     * @param target  the actor asked
     * @param request builds the request from the reply-to reference
     * @param timeout positive
     * @return the reply, or a failure: {@link TimeoutException} after the timeout
     * @throws NullPointerException      if an argument, or the request built, is null
     * @throws IllegalArgumentException  if {@code timeout} is not positive
     * @throws SystemNotRunningException if the system no longer accepts actors
     */
    public <Q, R> CompletableFuture<R> ask(ActorRef<Q> target, Function<ActorRef<R>, ? extends Q> request,
                                           Duration timeout) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(request, "request");
        final long timeoutNanos = toNanos(timeout);
        if (timeoutNanos == 0) {
            throw new IllegalArgumentException("timeout = " + timeout + ": must be positive");
        }
        final CompletableFuture<R> reply = new AskFuture<>();
        final ActorRef<R> replyTo = new AskReply<>(reply, deadLetters);
        final Q question = Objects.requireNonNull(request.apply(replyTo), "the request built");
        final Cancellable timer = executor.schedule(timeoutNanos, 0, () -> reply.completeExceptionally(
                new TimeoutException("no reply from " + target + " within " + timeout)));
        reply.whenComplete((answer, failure) -> timer.cancel());
        try {
            target.send(question);
        } catch (RuntimeException refused) {
            reply.completeExceptionally(refused);
            throw refused;
        }
        return reply;
    }

    /**
     * Runs {@code task}, code that knows it blocks (a JDBC query, a file read, a legacy client), on
     * this system's blocking pool instead of a worker, and returns its outcome as a future. A
     * behaviour awaits it ({@link Actor#await}): the actor is suspended, its worker runs other
     * actors meanwhile, and the messages sent to it wait, in order, behind the continuation.
     *
     * <pre>{@code
     * final class Customers extends Actor<Lookup> {  // Lookup(long id, ActorRef<String> replyTo)
     *     private final CustomerDao dao;              // JDBC: each call blocks its thread
     *     private Lookup pending;                     // no lock: nothing else runs while it awaits
     *
     *     protected Allocation receive(Lookup lookup) {
     *         pending = lookup;
     *         return await(system().blocking(() -> dao.load(lookup.id())), this::loaded);
     *     }
     *
     *     private Allocation loaded(Customer customer, Throwable failure) {
     *         pending.replyTo().send(failure == null ? customer.name() : "no customer " + pending.id());
     *         return Allocation.NODELETE;
     *     }
     * }
     * }</pre>
     *
     * <p>The pool is bounded and elastic: it has no thread before the first call; then a task gets a
     * new daemon thread ({@code <name>-blocking-<n>}) while fewer than
     * {@link ActorSystemConfig.Builder#blockingThreads} (64 by default) exist, and otherwise waits
     * in line, first come first served: nothing is refused while the system runs. A thread idle for
     * a minute exits. The future completes with the task's result, or with the exception it threw,
     * as is: the cause of {@code join()}'s {@code CompletionException} and {@code get()}'s
     * {@code ExecutionException}, the failure a continuation receives. Cancelling the future does
     * not interrupt a running task; a task not yet started is then skipped.
     *
     * <p>The pool ends with the system. A stop ({@link #stop()}, {@link #close()}, a
     * {@link #shutdown} in time) first waits for the live actors, so for the tasks they await, then
     * ends the pool as {@link java.util.concurrent.ExecutorService#shutdown()} does: the tasks
     * already taken (from threads outside the system) still run, then the threads exit.
     * {@link #abort()}, and a {@code shutdown} that aborts, end it as {@code shutdownNow()} does:
     * the running tasks are interrupted, and the futures of those that never ran fail with
     * {@link SystemNotRunningException}. A system that ends without such a call returning (a
     * {@link #stop(Duration)} that timed out before the last actor ended, a worker out of memory)
     * ends its pool on the next call of this method. A task that an actor awaits must not stop the
     * system: the stop would wait for that actor, which waits for the task.
     *
     * @param <T>  the result type
     * @param task the blocking code, run once on a thread of the pool
     * @return the task's result, or its failure
     * @throws NullPointerException      if {@code task} is null
     * @throws SystemNotRunningException if the system has stopped or was aborted
     */
    public <T> CompletableFuture<T> blocking(Callable<? extends T> task) {
        Objects.requireNonNull(task, "task");
        if (!isRunning()) {
            blockingPool.shutdown();                    // ended, maybe unseen by a stop method: refused below
        }
        return blockingPool.submit(task);
    }

    /**
     * The future an {@link #ask} returns. A caller that waits for it ({@code join}, {@code get})
     * spins for up to {@link #SPIN_NANOS} before it blocks: an actor on a running worker replies
     * within microseconds, sooner than the caller's thread would park and be woken again (a
     * futex wake-up and a trip through the operating system's scheduler on either side). Futures
     * derived from it ({@code thenApply}, ...) are plain {@link CompletableFuture}s.
     */
    static final class AskFuture<R> extends CompletableFuture<R> {
        /** Longest spin of a waiting caller before it blocks. */
        static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

        @Override
        public R join() {
            spinWhileNotDone(SPIN_NANOS);
            return super.join();
        }

        @Override
        public R get() throws InterruptedException, ExecutionException {
            spinWhileNotDone(SPIN_NANOS);
            return super.get();
        }

        @Override
        public R get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            spinWhileNotDone(Math.min(SPIN_NANOS, unit.toNanos(timeout)));
            return super.get(timeout, unit);
        }

        @Override
        public <U> CompletableFuture<U> newIncompleteFuture() {
            return new CompletableFuture<>();
        }

        private void spinWhileNotDone(long nanos) {
            if (isDone()) {
                return;
            }
            final long start = System.nanoTime();
            while (!isDone() && System.nanoTime() - start < nanos) {
                Thread.onSpinWait();
            }
        }
    }

    /** The reply-to of an {@link #ask}: completes its future with the first reply; terminated once the future is done. */
    private static final class AskReply<R> implements ActorRef<R> {
        private final CompletableFuture<R> reply;
        private final DeadLetters deadLetters;

        AskReply(CompletableFuture<R> reply, DeadLetters deadLetters) {
            this.reply = reply;
            this.deadLetters = deadLetters;
        }

        @Override
        public void send(R message) {
            Objects.requireNonNull(message, "message");
            if (!reply.complete(message)) {
                deadLetters.deliver(null, message, Allocation.FINISHED);
            }
        }

        @Override
        public boolean isTerminated() {
            return reply.isDone();
        }

        @Override
        public String toString() {
            return "ActorRef[reply to an ask]";
        }
    }

    private <M> Cancellable schedule(Duration delay, Duration period, ActorRef<M> target, M message) {
        final long delayNanos = toNanos(period == null ? "delay" : "initialDelay", delay);
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(message, "message");
        return executor.scheduleSend(delayNanos, period == null ? 0 : toNanos("period", period), target, message);
    }

    /**
     * Creates an actor through {@code constructor}, typically a constructor reference, and ends it
     * if the constructor fails. With plain {@code new}, a constructor that throws after
     * {@code super(system)} leaves a registered, live actor nobody can reach, which a waiting
     * {@link #stop()} then reports (and {@link #close()} and {@link #shutdown} end). Here, if
     * {@code constructor} throws, every actor it registered on this thread (not those of nested
     * spawns that succeeded) gets a poison pill that terminates it with {@link Allocation#FINISHED}
     * without running its code, behind the messages already queued for it; then the exception
     * propagates.
     *
     * <pre>{@code
     * Account account = system.spawn(Account::new);     // Account(ActorSystem system)
     * }</pre>
     *
     * @param <A>         the actor's class
     * @param constructor builds the actor on this system (it receives this system)
     * @return the actor built
     * @throws NullPointerException if {@code constructor} is null or returns null
     */
    public <A extends Actor<?>> A spawn(Function<? super ActorSystem, ? extends A> constructor) {
        Objects.requireNonNull(constructor, "constructor");
        final Spawning frames = Spawning.open();
        final int mark = frames.mark();
        final A actor;
        try {
            actor = Objects.requireNonNull(constructor.apply(this), "the actor built");
        } catch (Throwable failure) {
            for (Actor<?> abandoned : frames.close(mark, true)) {
                try {
                    if (!abandoned.isTerminated()) {
                        abandoned.send(PoisonPill.ABANDONED);
                    }
                } catch (ActorTerminatedException alreadyEnded) {
                    failure.addSuppressed(alreadyEnded);
                }
            }
            throw failure;
        }
        frames.close(mark, false);
        return actor;
    }

    /**
     * Creates an actor through {@code constructor}, as {@link #spawn} does, and returns its
     * reference rather than the actor: its creator sends to it and can end it
     * ({@link OwnedRef#send(PoisonPill)}), and hands others an {@link ActorRef}. Pekko's
     * {@code systemActorOf}, or {@code context.spawnAnonymous} for an actor with no parent; a
     * behaviour makes a child that ends with it by {@link Actor#spawnChild}.
     *
     * <pre>{@code
     * OwnedRef<AccountMsg> account = system.spawnRef(Account::new);    // Account(ActorSystem system)
     * }</pre>
     *
     * @param <M>         the actor's message type
     * @param constructor builds the actor on this system, typically a constructor reference
     * @return the actor's reference, which can also end it
     * @throws NullPointerException if {@code constructor} is null or returns null
     */
    public <M> OwnedRef<M> spawnRef(Function<? super ActorSystem, ? extends Actor<M>> constructor) {
        return spawn(constructor).ownedRef(null);
    }

    /**
     * As {@link #spawnRef(Function)}, and names the actor {@code name}: errors, dead letters, a
     * waiting stop's list of live actors, undelivered messages and the executor's Flight Recorder
     * events name it so, beside its class and ticket ({@code 'alice' (com.example.Account#3)}).
     * Names need not be unique; an actor has no name unless spawned with one, and pays nothing then.
     *
     * <pre>{@code
     * OwnedRef<AccountMsg> alice = system.spawnRef(s -> new Account(s, 100), "alice");
     * }</pre>
     *
     * @param <M>         the actor's message type
     * @param constructor builds the actor on this system
     * @param name        the actor's name, not blank
     * @return the actor's reference, which can also end it
     * @throws NullPointerException     if an argument is null, or {@code constructor} returns null
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public <M> OwnedRef<M> spawnRef(Function<? super ActorSystem, ? extends Actor<M>> constructor, String name) {
        final String checked = checkedName(name);
        return spawn(constructor).ownedRef(checked);
    }

    /** {@code name}, checked to be an actor's name. */
    static String checkedName(String name) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        if (name.isBlank()) {
            throw new IllegalArgumentException("name = \"" + name + "\": an actor's name must not be blank");
        }
        return name;
    }

    /**
     * Registers again an actor that terminated with {@link Allocation#DESTROY} or
     * {@link Allocation#FINISHED}, so it receives messages again. On the system it last belonged to
     * it keeps its mailbox (ticket); elsewhere it gets a new one. Of several threads registering
     * the same actor at once exactly one succeeds; the others get {@link IllegalStateException}.
     *
     * @param <A>   the actor's class, kept for the return value
     * @param actor the terminated actor
     * @return {@code actor}
     * @throws IllegalStateException     if the actor is live (or being registered by another
     *                                   thread), or was deleted
     * @throws SystemNotRunningException if this system no longer accepts actors
     */
    public <A extends Actor<?>> A register(A actor) {
        Objects.requireNonNull(actor, "actor");
        actor.register(this);
        return actor;
    }

    /**
     * {@return this system's receptionist, the registry of its actors by {@link ServiceKey}} Made on
     * first call; its state ends with the system.
     */
    public Receptionist receptionist() {
        final Receptionist seen = receptionist;
        if (seen != null) {
            return seen;
        }
        synchronized (this) {
            if (receptionist == null) {
                receptionist = new Receptionist(this);
            }
            return receptionist;
        }
    }

    /** {@return whether this system accepts new actors: not yet asked to stop, or stopping with live actors} */
    public boolean isRunning() {
        return executor.isRunning();
    }

    /** {@return the actors registered and not yet terminated (a snapshot)} */
    public long liveActors() {
        return executor.liveActors();
    }

    /**
     * {@return the messages sent to actors of this system after they had terminated} They were
     * refused, counted here and reported to the error handler ({@link ActorError.DeadLetter}). Always
     * 0 with {@link ActorSystemConfig.Builder#strictSends strict sends}, which throw instead.
     */
    public long deadLetters() {
        return deadLetters.count();
    }

    /**
     * {@return the statistics: a live snapshot while the system runs (it may lag by a few
     * operations), the exact final one after it stopped}
     *
     * @throws IllegalStateException if statistics are off ({@link ActorSystemConfig.Builder#statistics})
     */
    public Statistics statistics() {
        return executor.statistics();
    }

    /** {@return this system's configuration} */
    public ActorSystemConfig config() {
        return config;
    }

    @Override
    public String toString() {
        return "ActorSystem[" + config.name() + ", workers=" + config.workers() + ", mailboxes="
                + config.mailboxes() + (isRunning() ? ", running]" : ", stopped]");
    }

    private static long toNanos(Duration timeout) {
        return toNanos("timeout", timeout);
    }

    private static long toNanos(String name, Duration duration) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " = " + duration + ": must be zero or positive");
        }
        return duration.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : duration.toNanos();
    }

    ActorExecutor executor() {
        return executor;
    }

    DeadLetters deadLetterSink() {
        return deadLetters;
    }

    /** The shared terminal state of an actor with {@code ticket} that ended with {@code status} (not NODELETE). */
    Ended ended(Allocation status, int ticket) {
        final int slot = (status.ordinal() - Allocation.DELETE.ordinal()) * config.mailboxes() + ticket;
        Ended state = ended[slot];
        if (state == null) {
            // NOTE: benign race: Ended is immutable (final fields), so a twin made by another worker
            // is as good, and a reader that sees the reference sees its fields.
            state = new Ended(status, ticket, deadLetters, status == Allocation.DELETE ? null : this);
            ended[slot] = state;
        }
        return state;
    }

    private synchronized void releaseDebugTracking() {
        if (config.checks() == Checks.DEBUG && !debugReleased) {
            debugReleased = true;
            DebugTracking.systemStopped(config.errorHandler());
        }
    }

    /**
     * The executor provider, looked up once; null if there is none. The missing provider is reported
     * by {@link #provider()}, not by this class's initializer, which would throw
     * {@link ExceptionInInitializerError} once and {@link NoClassDefFoundError} after.
     */
    private static final class Providers {
        static final ExecutorProvider PROVIDER = ServiceLoader.load(ExecutorProvider.class).findFirst().orElse(null);

        static ExecutorProvider provider() {
            if (PROVIDER == null) {
                throw new IllegalStateException("no actor executor found: put the actor.executor module "
                        + "(artifact dev.actorkit:actor.executor) on the module path or class path");
            }
            return PROVIDER;
        }
    }
}
