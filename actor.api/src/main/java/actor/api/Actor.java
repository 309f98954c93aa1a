package actor.api;

import actor.api.spi.ActorExecutor;
import actor.api.spi.Registration;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.function.Function;

/**
 * Base class of every actor.
 *
 * <p>An actor accepts one message type {@code M}, plus the builtin {@link PoisonPill}s. {@code M} can
 * be any type: a record, an enum, or a (sealed) interface its messages implement, so one message
 * class may belong to the protocols of several actors; extend {@link Message} only for messages
 * that manage their own lifetime. Sending any other type does not compile. The executor calls
 * {@link #receive(Object)} once per message, never on two threads at once, and in the order each
 * sender sent; the returned {@link Allocation} decides whether the actor keeps receiving. Give
 * others {@link #ref()}, a send-only reference, rather than the actor itself.
 *
 * <pre>{@code
 * final class Counter extends Actor<Counter.Add> {
 *     record Add(int n) { }
 *     private long total;
 *     Counter(ActorSystem system) { super(system); }
 *     @Override protected Allocation receive(Add add) { total += add.n(); return Allocation.NODELETE; }
 * }
 * }</pre>
 *
 * <p>Creating an actor registers it with a running system, which gives it a <em>ticket</em>: the
 * mailbox (one of the system's sharded queues) that holds all its messages. Actors created outside
 * the system's workers are spread over the workers (the i-th on worker {@code i mod N}); actors
 * created by a behaviour go to mailboxes of the worker running it, near their creator, unless the
 * system's {@link actor.api.tuning.PlacementPolicy} spreads them too; {@link actor.api.tuning.Hub} actors go where the fewest hubs are
 * ({@link actor.api.tuning.PlacementPolicy}). Ticket
 * {@code t} starts in the slice of worker {@code floor(((t + 1) * N - 1) / M)} (N workers, M
 * mailboxes); work stealing may move it later. When a behaviour returns anything but
 * {@link Allocation#NODELETE} the actor terminates; a message sent to it afterwards is a dead letter
 * (counted and reported, {@link ActorError.DeadLetter}; it throws {@link ActorTerminatedException}
 * with {@linkplain ActorSystemConfig.Builder#strictSends strict sends}).
 *
 * <p>An actor's queue is unbounded unless it is created with a {@link MailboxBound}
 * ({@link #Actor(ActorSystem, MailboxBound)}): then at most that many of its messages are queued at
 * once, the bound's policy decides what a send beyond that does, and {@link #trySend} offers a
 * message without ever waiting or throwing at the bound.
 *
 * <p>Threading: {@code send} may be called from any thread. A behaviour runs on a worker thread and
 * may create actors and send messages. Fields of a subclass need no synchronization as long as
 * only behaviours touch them after construction.
 *
 * @param <M> the message type this actor accepts
 */
public abstract class Actor<M> {

    /** The longest timeout in nanoseconds; longer ones count as it. */
    private static final Duration LONGEST_NANOS = Duration.ofNanos(Long.MAX_VALUE);

    private static final VarHandle VH_CURRENT;
    private static final VarHandle VH_HOME;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            VH_CURRENT = lookup.findVarHandle(Actor.class, "current", Registration.class);
            VH_HOME = lookup.findVarHandle(Actor.class, "home", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /*
     * Registration state, in two fields, because every live actor pays for each field it has
     * (issue 30: an actor and its registration fit in 48 bytes). {@code current} is the
     * publication point: register() and terminate() write {@code home} first and {@code current}
     * last (release); every reader loads {@code current} first (acquire) and {@code home} after it,
     * so it sees it at least as new as the state it loaded.
     *
     * States of current: null (not registered yet: only inside the constructor) -> a Registration
     * made by the executor (the constructor's plain publication) -> an Ended (release, by the
     * worker that ran the last behaviour; shared by every actor of that system, ticket and status)
     * -> a Claim (CAS, by the one register() that wins; it remembers the Ended it replaced) -> a new
     * Registration (release, by that register(); or the Ended again if refused). A thread writes
     * {@code home} only while it alone owns the actor: the constructor, the register() that holds
     * the Claim, or the worker running the live actor's last behaviour; ref() only installs its
     * Ref by CAS, so an owner's write is never lost. Every registration is a new object that
     * carries its own executor and ticket, so a sender always uses a matching pair, and a message
     * queued for an earlier registration is recognised by identity and never reaches a later one.
     */
    /**
     * The live registration, an {@link Ended}, a {@link Claim}, or null inside the constructor.
     * Accessed through {@code VH_CURRENT} only: CAS by registering threads, release stores by the
     * owner of the transition, acquire loads by everyone else.
     */
    private Registration current;
    /**
     * The system of the latest registration (null after a DELETE), or the {@link Ref} that holds
     * it once {@link #ref()} made one. Writers: the owner (see above), by CAS or, once it is a
     * Ref, a plain write of the Ref's system, both before its release of current; ref() installs
     * its Ref by CAS. Readers: any, after an acquire load of current.
     */
    private Object home;

    /**
     * Creates the actor and registers it with {@code system}, which must be running.
     *
     * @param system the system whose workers run this actor's behaviours
     * @throws NullPointerException      if {@code system} is null
     * @throws SystemNotRunningException if the system was never started, is stopping with no live
     *                                   actors left, or has stopped
     */
    // NOTE: registering this actor is the constructor's job, before a subclass's fields are set: the
    // actor gets messages only once a send names it, which needs the constructed object.
    @SuppressWarnings("this-escape")
    protected Actor(ActorSystem system) {
        if (system == null) {
            throw new NullPointerException("system");
        }
        // NOTE: no other thread can reach an actor under construction, so no register() races with
        // this first one: it skips the claim (the CAS to a Claim) and the re-registration checks.
        final Registration made = system.executor().register(this, null, null);
        home = system;
        publish(made);
    }

    /**
     * Creates the actor with a {@link MailboxBound}: at most {@code bound.capacity()} messages are
     * queued for it at once, and the bound's policy decides what a send beyond that does (refuse,
     * drop and report, or make a sender that is not a worker wait). Pekko's
     * {@code spawn(behavior, name, MailboxSelector.bounded(capacity))}. The actor keeps its bound if
     * it is {@linkplain ActorSystem#register registered again}.
     *
     * @param system the system whose workers run this actor's behaviours
     * @param bound  the bound of its queue
     * @throws NullPointerException      if {@code system} or {@code bound} is null
     * @throws SystemNotRunningException if the system was never started, is stopping with no live
     *                                   actors left, or has stopped
     */
    @SuppressWarnings("this-escape")
    protected Actor(ActorSystem system, MailboxBound bound) {
        if (system == null) {
            throw new NullPointerException("system");
        }
        if (bound == null) {
            throw new NullPointerException("bound");
        }
        final Registration made = system.executor().register(this, null, bound);
        home = system;
        publish(made);
    }

    /**
     * The behaviour: handles one message and says what becomes of this actor.
     *
     * @param message the message, never null
     * @return {@link Allocation#NODELETE} to keep receiving, anything else to terminate
     */
    protected abstract Allocation receive(M message);

    /**
     * The behaviour for the builtin poison pills. The default returns {@code pill.status()}, which
     * terminates this actor; override it to do something first (or to ignore a pill).
     *
     * @param pill one of {@link PoisonPill#DELETE}, {@link PoisonPill#DESTROY},
     *             {@link PoisonPill#FINISHED}
     * @return the status applied to this actor
     */
    protected Allocation onPoisonPill(PoisonPill pill) {
        return pill.status();
    }

    /**
     * Hook run by the executor when this actor terminates with {@link Allocation#DELETE} or
     * {@link Allocation#DESTROY}, on the worker thread that ran the last behaviour. The default does
     * nothing. An exception thrown here goes to the system's {@link ErrorHandler}; the actor is
     * terminated regardless.
     */
    protected void onDestroy() {
    }

    /**
     * Queues {@code message} for this actor and returns this actor, so sends can be cascaded:
     * {@code actor.send(a).send(b)}. Messages from one sender are received in the order sent. If
     * this actor has terminated, nothing is queued and the message is a dead letter
     * ({@link ActorSystem#deadLetters()}, {@link ActorError.DeadLetter}).
     *
     * <p>If this actor has a {@link MailboxBound} and that many messages are queued for it, the
     * bound's policy applies: {@link MailboxFullException} ({@code REFUSE}; {@code WAIT} after the
     * wait, or at once on a worker), or the message is dropped and reported ({@code DROP}).
     *
     * @param message the message, not copied: the behaviour receives this very object
     * @return this actor
     * @throws NullPointerException     if {@code message} is null
     * @throws ActorTerminatedException if this actor has terminated and its system has
     *                                  {@linkplain ActorSystemConfig.Builder#strictSends strict sends}
     * @throws MailboxFullException     if this actor's bound refused the message
     */
    public final Actor<M> send(M message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        post(message);
        return this;
    }

    /**
     * Queues {@code message} unless this actor's {@link MailboxBound} is reached: then returns false
     * and does nothing else, whatever the bound's policy (no wait, no report: the caller decides).
     * An unbounded actor always has room. To a terminated actor the message is a dead letter, as
     * for {@link #send(Object)}, and this returns false.
     *
     * <pre>{@code
     * if (!ingest.trySend(event)) {
     *     replyTo.send(new Busy(event.id()));        // shed it, answer "busy", retry later...
     * }
     * }</pre>
     *
     * @param message the message, not copied
     * @return true if the message was queued
     * @throws NullPointerException     if {@code message} is null
     * @throws ActorTerminatedException if this actor has terminated and its system has
     *                                  {@linkplain ActorSystemConfig.Builder#strictSends strict sends}
     */
    public final boolean trySend(M message) {
        if (message == null) {
            throw new NullPointerException("message");
        }
        // NOTE: the same acquire load as post().
        final Registration to = acquireCurrent();
        if (!isLive(to)) {
            final DeadLetters sink = deadLettersOf(to);
            if (sink == null || sink.strict()) {
                throw terminatedError(message);
            }
            sink.deliver(this, message, terminalStatusOrFinished());
            return false;
        }
        return to.executor().trySend(to, message);
    }

    /**
     * Queues a builtin poison pill for this actor; every actor accepts them. To a terminated actor
     * it is a dead letter, as for {@link #send(Object)}. A {@link MailboxBound} never refuses a pill:
     * it is queued behind what the actor has, however many.
     *
     * @param pill one of {@link PoisonPill#DELETE}, {@link PoisonPill#DESTROY},
     *             {@link PoisonPill#FINISHED}; {@link #onPoisonPill} decides what it does
     * @return this actor
     * @throws NullPointerException     if {@code pill} is null
     * @throws ActorTerminatedException if this actor has terminated and its system has
     *                                  {@linkplain ActorSystemConfig.Builder#strictSends strict sends}
     */
    public final Actor<M> send(PoisonPill pill) {
        if (pill == null) {
            throw new NullPointerException("pill");
        }
        post(pill);
        return this;
    }

    private void post(Object message) {
        // NOTE: publication point (reader side): the acquire load gives an immutable registration, so
        // executor and ticket always match. A sender racing with termination (or with a move to
        // another system) may still use the old registration; its message is then queued and
        // reported as undelivered by the executor (never run), so that race is benign.
        final Registration to = acquireCurrent();
        if (!isLive(to)) {
            final DeadLetters sink = deadLettersOf(to);
            if (sink == null || sink.strict()) {
                throw terminatedError(message);
            }
            sink.deliver(this, message, terminalStatusOrFinished());
            return;
        }
        to.executor().send(to, message);
    }

    /**
     * A timer's send: queues {@code message} as {@link #send(Object)} does, unless this actor has
     * terminated, when nothing is sent and there is no dead letter (a timer ends with its target).
     *
     * @return false if this actor had terminated
     */
    final boolean sendUnlessTerminated(Object message) {
        // NOTE: the same acquire load as post(): a send racing with the termination is queued and
        // reported as undelivered by the executor, as any message queued behind a termination.
        final Registration to = acquireCurrent();
        if (!isLive(to)) {
            return false;
        }
        to.executor().send(to, message);
        return true;
    }

    /**
     * A receptionist's listing ({@link Receptionist}): queued as {@link #sendUnlessTerminated} does,
     * but past this actor's {@link MailboxBound}, which neither counts nor refuses it (no more than
     * a death-watch notification): a subscription's news is the system's, not a producer's.
     *
     * @return false if this actor had terminated
     */
    final boolean notifyUnlessTerminated(Object message) {
        // NOTE: the same acquire load as post().
        final Registration to = acquireCurrent();
        if (!isLive(to)) {
            return false;
        }
        to.executor().sendPastBound(to, message);
        return true;
    }

    /** {@return the actor behind {@code ref} if it is one of {@link #ref()}'s references, else null} */
    static Actor<?> actorOf(ActorRef<?> ref) {
        return ref instanceof Ref<?> view ? view.actor : null;
    }

    /**
     * Suspends this actor until {@code stage} completes, without blocking the worker: call it from
     * a behaviour (or a continuation) and return what it returns. The worker goes on with other
     * actors at once. Until the stage completes this actor runs nothing: the messages sent to it
     * meanwhile stay queued, in order. Then {@code continuation} runs as its next behaviour, on
     * whichever worker gets there first, and its {@link Allocation} applies as a behaviour's
     * does; the held-back messages follow. One stage at a time: a continuation may await again.
     *
     * <pre>{@code
     * protected Allocation receive(Lookup lookup) {
     *     return await(client.get(lookup.key()), (value, failure) -> {
     *         lookup.replyTo().send(failure == null ? new Found(value) : new NotFound(lookup.key()));
     *         return Allocation.NODELETE;
     *     });
     * }
     * }</pre>
     *
     * <p>To ask another actor and wait for its reply, {@link #ask ask} does the same without a
     * future. A stop waits for
     * a suspended actor (it is live); {@link ActorSystem#shutdown} pills it behind what is held back,
     * so it ends once its stage completes, or is aborted after the bound: the messages it held back
     * are then reported as undelivered, and a completion that arrives after the system ended is
     * reported too, without running the continuation.
     *
     * @param <T>          the stage's result type
     * @param stage        what the actor waits for; completed by any thread
     * @param continuation what it does then
     * @return {@link Allocation#NODELETE}: the actor stays live while suspended
     * @throws NullPointerException  if an argument is null
     * @throws IllegalStateException if not called from this actor's running behaviour, if this
     *                               behaviour already awaits a stage, or if {@link Stash#unstashAll}
     *                               runs the behaviour
     */
    protected final <T> Allocation await(java.util.concurrent.CompletionStage<T> stage,
                                         Continuation<? super T> continuation) {
        if (stage == null) {
            throw new NullPointerException("stage");
        }
        if (continuation == null) {
            throw new NullPointerException("continuation");
        }
        final Registration to = acquireCurrent();
        if (!isLive(to)) {
            throw new IllegalStateException(this + " is not live; await from its own behaviour");
        }
        if (Stash.unstashingOnThisThread()) {
            throw new IllegalStateException(this + " cannot await inside Stash.unstashAll: the next stashed "
                    + "message would run before the continuation; stash it again, or await outside unstashAll");
        }
        to.executor().await(to, stage, continuation);
        return Allocation.NODELETE;
    }

    /**
     * Asks {@code target} a question from this actor's behaviour and suspends this actor until the
     * answer, as {@link #await} does for a stage: {@code request} builds the request around a
     * reply-to reference, which is sent to {@code target}; the first message sent to that reply-to
     * resumes this actor, and {@code continuation} runs as its next behaviour with it. Meanwhile the
     * messages sent to this actor stay queued, in order, and come after the continuation. Call it
     * from a behaviour (or a continuation) and return what it returns. Pekko's
     * {@code context.ask}, with the reply handled before anything else, as a hand-written exchange
     * that stashes what comes meanwhile would.
     *
     * <pre>{@code
     * protected Allocation receive(SeriesMsg msg) {
     *     if (msg instanceof NextTerm) {
     *         return ask(computer, replyTo -> new Compute(term, replyTo), TIMEOUT, this::computed);
     *     } ...
     * }
     *
     * private Allocation computed(Term next, Throwable failure) {   // failure: a TimeoutException
     *     term = next.value();
     *     return Allocation.NODELETE;
     * }
     * }</pre>
     *
     * <p>The reply type {@code R} is inferred from the continuation when it names its parameter's
     * type: a method reference, as above, or a lambda with typed parameters,
     * {@code (Term next, Throwable failure) -> ...}; with untyped ones, name it on the reply-to:
     * {@code (ActorRef<Term> replyTo) -> new Compute(term, replyTo)}.
     *
     * <p>If no reply comes within {@code timeout}, the continuation gets a
     * {@link java.util.concurrent.TimeoutException} as its failure (and a null result), and a
     * reply that comes later is a dead letter ({@link ActorError.DeadLetter}, as for
     * {@link ActorSystem#ask}). A timeout never comes early; it comes at most an eighth of it late
     * (and a tick of the timer wheel, about 1 ms) when the ask follows others closely. The reply-to
     * {@linkplain ActorRef#isTerminated() is terminated} once the ask has ended. If {@code request}
     * or the send throws, this actor is not suspended and the exception propagates.
     *
     * <p>Cost: one small object per ask, the reply-to, and no future, no clock read: the reply
     * resumes this actor through its own mailbox as an ordinary message would. The timeouts of an
     * actor's asks share one watchdog on the system's timer wheel, which looks at the ask open every
     * eighth of its timeout while the actor keeps asking and idles otherwise, so an answered ask
     * costs the timer thread nothing.
     *
     * @param <Q>          the request type the target accepts
     * @param <R>          the reply type
     * @param target       the actor asked
     * @param request      builds the request from the reply-to reference
     * @param timeout      positive
     * @param continuation what this actor does with the reply (or the failure)
     * @return {@link Allocation#NODELETE}: the actor stays live while suspended
     * @throws NullPointerException     if an argument, or the request built, is null
     * @throws IllegalArgumentException if {@code timeout} is not positive
     * @throws IllegalStateException    if not called from this actor's running behaviour, if this
     *                                  behaviour already awaits or asks, or if {@link Stash#unstashAll}
     *                                  runs the behaviour
     */
    protected final <Q, R> Allocation ask(ActorRef<Q> target, Function<ActorRef<R>, ? extends Q> request,
                                          Duration timeout, Continuation<? super R> continuation) {
        if (target == null) {
            throw new NullPointerException("target");
        }
        if (request == null) {
            throw new NullPointerException("request");
        }
        if (continuation == null) {
            throw new NullPointerException("continuation");
        }
        if (timeout == null) {
            throw new NullPointerException("timeout");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout = " + timeout + ": must be positive");
        }
        final Registration self = liveSelf("ask");
        if (Stash.unstashingOnThisThread()) {
            throw new IllegalStateException(this + " cannot ask inside Stash.unstashAll: the next stashed "
                    + "message would run before the continuation; stash it again, or ask outside unstashAll");
        }
        final long timeoutNanos = timeout.compareTo(LONGEST_NANOS) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
        // NOTE: the executor's reply-to takes any reply; the request function, typed ActorRef<R>, lets
        // only an R be sent to it, so the continuation gets an R.
        @SuppressWarnings("unchecked") final Function<? super ActorRef<Object>, ? extends Q> build =
                (Function<? super ActorRef<Object>, ? extends Q>) (Function<?, ?>) request;
        self.executor().ask(self, target, build, timeoutNanos, continuation);
        return Allocation.NODELETE;
    }

    /**
     * Creates a child of this actor through {@code constructor}, as {@link ActorSystem#spawnRef}
     * does, and returns its reference: the child ends with this actor. Call it from this actor's
     * behaviour (or a continuation), as Pekko's {@code context.spawnAnonymous(behavior)}.
     *
     * @see #spawnChild(Function, String)
     */
    protected final <C> OwnedRef<C> spawnChild(Function<? super ActorSystem, ? extends Actor<C>> constructor) {
        return adopt(constructor, null);
    }

    /**
     * Creates a child of this actor named {@code name} through {@code constructor} (given this
     * actor's system), as {@link ActorSystem#spawnRef(Function, String)} does, and returns its
     * reference; the child ends with this actor. Call it from this actor's behaviour (or a
     * continuation), as Pekko's {@code context.spawn(behavior, name)}.
     *
     * <pre>{@code
     * protected Allocation receive(Start start) {
     *     for (int i = 0; i < start.workers(); i++) {
     *         workers.add(spawnChild(Worker::new, "worker-" + i));   // Worker(ActorSystem)
     *     }
     *     ...
     * }
     * }</pre>
     *
     * <p>Once this actor has ended, whatever ended it, each child that is still live gets
     * {@link PoisonPill#FINISHED} behind the messages queued for it by then, so it handles them
     * first and then ends as its {@link #onPoisonPill} decides; its own children then follow it in
     * the same way. A child that ends first is forgotten: its parent's end sends it nothing and
     * reports nothing. Ending a child earlier is a pill through the reference returned (Pekko's
     * {@code context.stop(child)}). The bond is kept as a death watch of this actor by the child,
     * beside the child's own watches: unwatching the parent does not end it. Actors created
     * otherwise ({@code new}, {@link ActorSystem#spawnRef}) have no parent and pay nothing for this.
     *
     * @param <C>         the child's message type
     * @param constructor builds the child on the system it is given, typically a constructor
     *                    reference; if it throws, the actors it registered are ended and the
     *                    exception propagates, as for {@link ActorSystem#spawn}
     * @param name        the child's name, for logs, errors and reports; names need not be unique
     * @return the child's reference, which can also end it
     * @throws NullPointerException     if an argument is null, or {@code constructor} returns null
     * @throws IllegalArgumentException if {@code name} is blank, or the child was registered with
     *                                  another system than this actor's
     * @throws IllegalStateException    if not called from this actor's running behaviour (the child
     *                                  made is then ended at once)
     */
    protected final <C> OwnedRef<C> spawnChild(Function<? super ActorSystem, ? extends Actor<C>> constructor, String name) {
        return adopt(constructor, ActorSystem.checkedName(name));
    }

    private <C> OwnedRef<C> adopt(Function<? super ActorSystem, ? extends Actor<C>> constructor, String name) {
        if (constructor == null) {
            throw new NullPointerException("constructor");
        }
        final Registration self = liveSelf("spawnChild");
        final Actor<C> child = system().spawn(constructor);
        final OwnedRef<C> own = child.ownedRef(name);
        final Registration born = child.acquireCurrent();
        if (isLive(born)) {
            try {
                self.executor().adopt(born, self, PoisonPill.FINISHED);
            } catch (RuntimeException refused) {
                child.send(PoisonPill.ABANDONED);
                throw refused;
            }
        }
        return own;
    }

    /**
     * Death watch: this actor gets {@code notification}, as one of its messages, once {@code target}
     * has ended (a behaviour or a pill returned anything but {@link Allocation#NODELETE}, or the
     * failure policy stopped it). Call it from this actor's behaviour (or a continuation), as Pekko's
     * {@code context.watchWith(target, notification)}.
     *
     * <pre>{@code
     * protected Allocation receive(SupervisorMsg msg) {
     *     if (msg instanceof Start start) {
     *         watch(new Worker(system(), start.job()), new WorkerEnded(start.job()));
     *     } ...
     * }
     * }</pre>
     *
     * <p>Exactly one notification per watch, also when {@code target} had already ended (it is then
     * sent at once) or ends while this call runs. It comes after every message {@code target} sent
     * this actor before it ended. The watch ends with this actor: a watcher that ends first gets
     * nothing, and no dead letter is counted. Watching a target already watched with an equal
     * notification does nothing (one notification); with another one it throws, as in Pekko
     * ({@link #unwatch(Actor)} first). A watch is of the target's current registration: if the
     * target is registered again after a {@link Allocation#DESTROY}, watch it again.
     *
     * @param target       the actor to watch, local (a remote one cannot be watched yet)
     * @param notification the message this actor gets once {@code target} has ended
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if {@code target} is this actor
     * @throws IllegalStateException    if not called from this actor's running behaviour, or this
     *                                  actor watches {@code target} with a notification not equal to
     *                                  {@code notification}
     */
    protected final void watch(Actor<?> target, M notification) {
        if (target == null) {
            throw new NullPointerException("target");
        }
        if (notification == null) {
            throw new NullPointerException("notification");
        }
        if (target == this) {
            throw new IllegalArgumentException(this + " cannot watch itself: its notification would come after its end");
        }
        final Registration self = liveSelf("watch");
        // NOTE: publication point (reader side): the acquire load gives the target's registration,
        // live or ended; the target's mailbox orders the watch with the end (the executor's death watch).
        final Registration seen = target.acquireCurrent();
        self.executor().watch(self, target, isLive(seen) ? seen : null, notification);
    }

    /**
     * Death watch of the actor behind {@code target}, a reference from {@link #ref()}: as
     * {@link #watch(Actor, Object)}.
     *
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if {@code target} is not a reference to a local actor (a router,
     *                                  a remote actor), or refers to this actor
     * @throws IllegalStateException    as for {@link #watch(Actor, Object)}
     */
    protected final void watch(ActorRef<?> target, M notification) {
        watch(localActor(target), notification);
    }

    /**
     * Ends this actor's watch of {@code target}, if it has one: once this returns, the watch's
     * notification is not delivered, even if it is already queued (as Pekko's {@code unwatch}).
     * Call it from this actor's behaviour; it does nothing if {@code target} is not watched.
     *
     * @param target the watched actor
     * @throws NullPointerException  if {@code target} is null
     * @throws IllegalStateException if not called from this actor's running behaviour
     */
    protected final void unwatch(Actor<?> target) {
        if (target == null) {
            throw new NullPointerException("target");
        }
        final Registration self = liveSelf("unwatch");
        self.executor().unwatch(self, target);
    }

    /**
     * As {@link #unwatch(Actor)}, for the actor behind {@code target}, a reference from {@link #ref()}.
     *
     * @throws NullPointerException     if {@code target} is null
     * @throws IllegalArgumentException if {@code target} is not a reference to a local actor
     * @throws IllegalStateException    if not called from this actor's running behaviour
     */
    protected final void unwatch(ActorRef<?> target) {
        unwatch(localActor(target));
    }

    /**
     * This actor's live registration, for a call ({@code call}) that its own behaviour must make
     * (here, and {@link ActorTimers}'s starts).
     */
    final Registration liveSelf(String call) {
        final Registration self = acquireCurrent();
        if (!isLive(self)) {
            throw new IllegalStateException(this + " is not live; " + call + " from its own behaviour");
        }
        return self;
    }

    /** The actor behind {@code target}, one of {@link #ref()}'s references. */
    private static Actor<?> localActor(ActorRef<?> target) {
        if (target == null) {
            throw new NullPointerException("target");
        }
        final Actor<?> actor = actorOf(target);
        if (actor == null) {
            throw new IllegalArgumentException(target + " is not a reference to a local actor (Actor.ref()); "
                    + "routers and remote references cannot be watched");
        }
        return actor;
    }

    /**
     * A send-only reference to this actor, to hand to other actors (as the reply-to of a request)
     * instead of the actor itself: it can send {@code M} and nothing else. References to the same
     * actor are equal.
     *
     * @return the reference (the same object on every call)
     */
    @SuppressWarnings("unchecked")
    public final ActorRef<M> ref() {
        Object seen = VH_HOME.getAcquire(this);
        while (!(seen instanceof Ref<?>)) {
            // NOTE: publication point: the CAS publishes the Ref with the system it copied; if an
            // owner changed the system meanwhile, the CAS fails and this copies the new one.
            final Ref<M> made = new Ref<>(this, (ActorSystem) seen);
            final Object witness = VH_HOME.compareAndExchange(this, seen, made);
            if (witness == seen) {
                return made;
            }
            seen = witness;
        }
        return (Ref<M>) seen;
    }

    /**
     * {@return the system this actor was last registered with, for creating further actors}
     *
     * @throws IllegalStateException if this actor terminated with {@link Allocation#DELETE}, which
     *                               detaches it from its system
     */
    protected final ActorSystem system() {
        acquireCurrent();
        final ActorSystem current = homeSystem();
        if (current == null) {
            throw new IllegalStateException(this + " was deleted; it no longer belongs to a system");
        }
        return current;
    }

    /**
     * {@return true once a behaviour (or poison pill) terminated this actor and it was not registered
     * again} Also true while a {@link ActorSystem#register} of it is under way.
     */
    public final boolean isTerminated() {
        return !isLive(acquireCurrent());
    }

    /**
     * {@return the mailbox index this actor's messages go to} It is kept after termination, for
     * diagnostics; -1 if the actor was never registered.
     */
    public final int ticket() {
        final Registration now = acquireCurrent();
        return now == null ? -1 : now.ticket();
    }

    /**
     * {@return how errors, dead letters and reports name this actor: its class and ticket, e.g.
     * {@code com.example.Account#3}, after its name if it was spawned with one:
     * {@code 'alice' (com.example.Account#3)}}
     */
    @Override
    public String toString() {
        return describe();
    }

    /** {@link #toString()}'s default, which no subclass overrides: for the executor's reports. */
    final String describe() {
        final String name = name();
        final String id = getClass().getName() + "#" + ticket();
        return name == null ? id : "'" + name + "' (" + id + ")";
    }

    /** {@return the name this actor was spawned with, or null} */
    final String name() {
        return VH_HOME.getAcquire(this) instanceof Ref<?> view ? view.name : null;
    }

    /** This actor's reference as its creator holds it, named {@code name} unless that is null. */
    final OwnedRef<M> ownedRef(String name) {
        final Ref<M> own = (Ref<M>) ref();
        if (name != null) {
            own.name = name;
        }
        return own;
    }

    /**
     * Registers this actor with {@code target}. Exactly one of several concurrent calls wins the
     * CAS from the Ended to its Claim; the others see that Claim or a live registration and are
     * refused, so the executor counts the actor once.
     */
    final void register(ActorSystem target) {
        Registration seen = acquireCurrent();
        final Claim claim;
        while (true) {
            if (!(seen instanceof Ended ended)) {
                throw new IllegalStateException(this + " is already registered and live"
                        + (seen instanceof Claim ? " (another thread is registering it)" : "")
                        + "; terminate it first");
            }
            if (ended.status == Allocation.DELETE) {
                // NOTE: DELETE is final (no register gets past it), so refusing without the CAS is safe.
                throw deletedError();
            }
            final Claim attempt = new Claim(ended);
            final Registration witness = (Registration) VH_CURRENT.compareAndExchange(this, seen, attempt);
            if (witness == seen) {
                claim = attempt;
                break;
            }
            seen = witness;
        }
        // This thread owns the actor until its release store of current below.
        final Registration made;
        try {
            made = target.executor().register(this, claim.previous, claim.previous.bound());
        } catch (RuntimeException | Error refused) {
            VH_CURRENT.setRelease(this, claim.previous);
            throw refused;
        }
        setHomeSystem(target);
        publish(made);
    }

    /** Publishes the registration {@code made}; the caller owns the actor and has set its system. */
    private void publish(Registration made) {
        // NOTE: publication point: the release store orders the owner's writes of home before the
        // registration; senders and workers read it with acquire before reading home.
        VH_CURRENT.setRelease(this, made);
        Spawning.note(this);
    }

    /** Whether {@code registration} is this actor's live one (a message queued for it may run). Called by workers. */
    final boolean isCurrent(Registration registration) {
        return acquireCurrent() == registration;
    }

    /**
     * Whether the actor has terminated since {@code registration} was made: false while it is live,
     * before its constructor or a register() has published it, and while a register() of the actor
     * is under way (then it may be an ended one, which the caller keeps until it asks again).
     */
    final boolean hasEnded(Registration registration) {
        final Registration now = acquireCurrent();
        return now != registration && now != null && !(now instanceof Claim);
    }

    /** Called by the worker that ran the actor's last behaviour, while the actor is live. */
    final void terminate(Allocation status) {
        final Registration live = acquireCurrent();
        final Ended shared = homeSystem().ended(status, live.ticket());
        // NOTE: a bounded actor that may be registered again keeps its bound in an Ended of its own
        // (a DELETE is final: it asks nothing more).
        final MailboxBound bound = status == Allocation.DELETE ? null : live.bound();
        final Ended ended = bound == null ? shared : shared.withBound(bound);
        if (status == Allocation.DELETE) {
            // NOTE: a deleted actor keeps no reference to its system or executor.
            setHomeSystem(null);
        }
        // NOTE: publication point: a register that reads this Ended (its CAS) sees its status, so
        // it refuses a deleted actor.
        VH_CURRENT.setRelease(this, ended);
    }

    /**
     * Reports {@code message} as a dead letter of this actor, which is ending with {@code status}:
     * what its {@link Stash} still held when a behaviour that {@link Stash#unstashAll} ran ended it.
     * Reported whether sends are strict or not: no sender is there to fail.
     */
    final void deadLetter(Object message, Allocation status) {
        final Registration now = acquireCurrent();
        final DeadLetters sink = isLive(now) ? homeSystem().deadLetterSink() : deadLettersOf(now);
        sink.deliver(this, message, status);
    }

    /** Reports {@code reply}, which came after this actor's ask from its behaviour had ended, as a dead letter of an ask. */
    final void lateReply(Object reply) {
        final Registration now = acquireCurrent();
        final DeadLetters sink = isLive(now) ? homeSystem().deadLetterSink() : deadLettersOf(now);
        if (sink != null) {
            sink.deliver(null, reply, Allocation.FINISHED);
        }
    }

    final Allocation dispatch(Object message) {
        if (message instanceof PoisonPill pill) {
            // NOTE: the pill of a failed spawn ends the actor without running its code.
            return pill == PoisonPill.ABANDONED ? pill.status() : onPoisonPill(pill);
        }
        @SuppressWarnings("unchecked") final M typed = (M) message;
        return receive(typed);
    }

    /**
     * {@link #ref()}: sends to the actor, equal to every other reference to it; also the
     * {@link OwnedRef} its creator gets from {@link ActorSystem#spawnRef} or {@link #spawnChild}, and
     * where an actor's name lives: an actor pays for a name only once it has a reference, and the
     * field fits in the reference's alignment padding (24 bytes with or without it, compressed
     * oops), so a reference of an unnamed actor is no larger either.
     */
    private static final class Ref<M> implements OwnedRef<M> {
        private final Actor<M> actor;
        /** The actor's system, as {@code home} would hold it: written and read under the rules of {@code home}. */
        private ActorSystem system;
        /**
         * The actor's name, or null: written once (volatile) by the thread that spawned it named,
         * before the spawn returns; read by any thread that describes the actor. A description made
         * on another thread while the spawn is under way may lack it.
         */
        private volatile String name;

        Ref(Actor<M> actor, ActorSystem system) {
            this.actor = actor;
            this.system = system;
        }

        @Override
        public void send(M message) {
            actor.send(message);
        }

        @Override
        public void send(PoisonPill pill) {
            actor.send(pill);
        }

        @Override
        public boolean trySend(M message) {
            return actor.trySend(message);
        }

        @Override
        public boolean isTerminated() {
            return actor.isTerminated();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Ref<?> that && that.actor == actor;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(actor);
        }

        @Override
        public String toString() {
            return "ActorRef[" + actor + "]";
        }
    }

    /** The registration, loaded with acquire: the owner's writes before its release store are visible after. */
    private Registration acquireCurrent() {
        return (Registration) VH_CURRENT.getAcquire(this);
    }

    /** Whether {@code state}, a value of current, is a live registration (not an Ended, a Claim, or null). */
    private static boolean isLive(Registration state) {
        return state != null && state.actor() != null;
    }

    /** The system of the latest registration, null after a DELETE; read after an acquire load of current. */
    private ActorSystem homeSystem() {
        final Object now = home;
        return now instanceof Ref<?> view ? view.system : (ActorSystem) now;
    }

    /** Sets the system of the latest registration; only by the owner, before its release of current. */
    private void setHomeSystem(ActorSystem system) {
        Object seen = VH_HOME.getAcquire(this);
        while (!(seen instanceof Ref<?>)) {
            final Object witness = VH_HOME.compareAndExchange(this, seen, system);
            if (witness == seen) {
                return;
            }
            seen = witness;
        }
        ((Ref<?>) seen).system = system;
    }

    /** The dead-letter sink for a send that found {@code state}, not live; null if never registered. */
    private DeadLetters deadLettersOf(Registration state) {
        if (state instanceof Ended ended) {
            return ended.deadLetters;
        }
        if (state instanceof Claim claim) {
            return claim.previous.deadLetters;
        }
        return null;
    }

    private IllegalStateException deletedError() {
        return new IllegalStateException(this + " was deleted (Allocation.DELETE) and cannot be "
                + "registered again; create a new actor, or terminate with DESTROY to reuse it");
    }

    private ActorTerminatedException terminatedError(Object message) {
        return new ActorTerminatedException(getClass().getName(), name(), ticket(), terminalStatusOrFinished(),
                message.getClass().getName());
    }

    /** How the actor terminated (FINISHED while a re-registration is under way). */
    private Allocation terminalStatusOrFinished() {
        return acquireCurrent() instanceof Ended ended ? ended.status : Allocation.FINISHED;
    }

    /**
     * The state of an actor while one {@link #register} call owns it: made by that call, so the
     * call that wins the CAS knows it holds the claim, and other threads see what the actor last
     * ended as. Never queued.
     */
    private static final class Claim extends Registration {
        final Ended previous;

        Claim(Ended previous) {
            super(null);
            this.previous = previous;
        }

        @Override
        public ActorExecutor executor() {
            return previous.executor();
        }

        @Override
        public int ticket() {
            return previous.ticket();
        }
    }
}
