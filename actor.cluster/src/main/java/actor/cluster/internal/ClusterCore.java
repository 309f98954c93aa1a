package actor.cluster.internal;

import actor.api.ActorRef;
import actor.cluster.ClusterConfig;
import actor.cluster.ClusterEvent;
import actor.cluster.EntityType;
import actor.cluster.Member;
import actor.remote.RemoteNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A running member: the membership thread, the state machine on it ({@link Membership}), the
 * engine that feeds it ({@link Engine}), the sharding it installs memberships into
 * ({@link Sharding}), and the subscribers to its events. {@code actor.cluster.Cluster} is its public face.
 *
 * <p>Threading: everything the engine delivers, every tick, every subscription and the leave run on
 * the membership thread (one daemon thread), in order. {@link #members} and {@link #active} are
 * volatile copies for other threads, written on it.
 */
public final class ClusterCore implements Membership.Output, Engine.Listener {

    private static final System.Logger LOG = System.getLogger("actor.cluster");
    /** Longest wait for the leader to remove a member that leaves. */
    private static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(3);

    private final Member self;
    private final ClusterConfig config;
    private final ScheduledExecutorService thread;
    private final Membership membership;
    private final Sharding sharding;
    /** Membership thread only; set by the first task, before any callback of the engine runs. */
    private Engine engine;
    /** Membership thread only. */
    private final List<ActorRef<? super ClusterEvent>> subscribers = new ArrayList<>();
    /** The events of the task under way, published once it is done; membership thread only. */
    private final List<ClusterEvent> pending = new ArrayList<>();
    /** Written on the membership thread; read by any. */
    private volatile List<Member> members = List.of();
    /** Written on the membership thread; read by any. */
    private volatile boolean active;
    /** Written on the membership thread when it closes; read by {@link #post}. */
    private volatile boolean closed;

    private ClusterCore(RemoteNode remote, ClusterConfig config) {
        this.self = new Member(remote.name(), remote.config().endpoint(), remote.incarnation());
        this.config = config;
        this.thread = Executors.newSingleThreadScheduledExecutor(task -> {
            final Thread membershipThread = new Thread(task, "actor.cluster-" + remote.name());
            membershipThread.setDaemon(true);
            return membershipThread;
        });
        this.sharding = new Sharding(remote, self, config);
        this.membership = new Membership(self, config.initialMembers(), config.downAfter().toNanos(), this);
    }

    /**
     * Joins {@code remote} to the cluster of {@code config}.
     *
     * @throws IllegalStateException if JGroups cannot start
     */
    public static ClusterCore join(RemoteNode remote, ClusterConfig config) {
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(config, "config");
        final ClusterCore core = new ClusterCore(remote, config);
        // NOTE: the engine connects on the membership thread, so the callbacks it posts while
        // connecting (the first view) run after it is set.
        final Future<?> connected = core.thread.submit(() -> core.engine = Engine.connect(core.self, config, core));
        try {
            connected.get();
        } catch (ExecutionException failed) {
            core.thread.shutdownNow();
            throw failed.getCause() instanceof RuntimeException e ? e : new IllegalStateException(failed.getCause());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            core.thread.shutdownNow();
            throw new IllegalStateException("interrupted while member " + core.self + " joined", interrupted);
        }
        final long tick = Math.max(10, Math.min(250, config.downAfter().toMillis() / 10));
        core.thread.scheduleWithFixedDelay(core.publishing(() -> core.membership.tick(System.nanoTime())), tick, tick,
                TimeUnit.MILLISECONDS);
        return core;
    }

    private void post(Runnable task) {
        if (closed) {
            return;
        }
        try {
            thread.execute(publishing(task));
        } catch (RejectedExecutionException closing) {
            LOG.log(System.Logger.Level.DEBUG, "member " + self + " closed: a membership task dropped", closing);
        }
    }

    /**
     * {@code task}, then the events it made sent to the subscribers: so a subscriber that reacts to
     * an event finds the membership it announces installed ({@link #members}, the entities' owners).
     */
    private Runnable publishing(Runnable task) {
        return () -> {
            task.run();
            for (ClusterEvent event : pending) {
                for (ActorRef<? super ClusterEvent> subscriber : subscribers) {
                    subscriber.send(event);
                }
            }
            pending.clear();
        };
    }

    // Engine.Listener: JGroups' threads.

    @Override
    public void view(List<Member> view) {
        post(() -> membership.view(view, System.nanoTime()));
    }

    @Override
    public void agreed(Agreed agreed) {
        post(() -> membership.agreed(agreed, System.nanoTime()));
    }

    @Override
    public void joinRequest(Member member) {
        post(() -> membership.joinRequest(member, System.nanoTime()));
    }

    @Override
    public void leaving(Member member) {
        post(() -> membership.leaving(member, System.nanoTime()));
    }

    // Membership.Output: the membership thread.

    @Override
    public void multicast(Agreed agreed) {
        engine.multicast(agreed);
    }

    @Override
    public void requestJoin() {
        engine.requestJoin();
    }

    @Override
    public void event(ClusterEvent event) {
        if (event instanceof ClusterEvent.QuorumLost lost) {
            LOG.log(System.Logger.Level.WARNING, "member " + self + " of cluster '" + config.clusterName() + "': its side holds "
                    + lost.reachable() + " of the " + lost.agreed() + " agreed members, not a majority; it stops its "
                    + sharding.hostedCount() + " entities and changes no membership until a majority is back");
        }
        pending.add(event);
    }

    @Override
    public void installed(Agreed agreed, boolean acting) {
        sharding.install(agreed, acting, membership.inactiveReason());
        members = agreed.members();
        active = acting;
    }

    // The public face's calls: any thread.

    /** This member. */
    public Member self() {
        return self;
    }

    /** The agreed membership. */
    public List<Member> members() {
        return members;
    }

    /** Whether this member acts. */
    public boolean active() {
        return active;
    }

    /** Sends {@code subscriber} the current state as events, then every event. */
    public void subscribe(ActorRef<? super ClusterEvent> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        post(() -> {
            final Agreed agreed = membership.agreed();
            if (agreed != null) {
                agreed.members().forEach(member -> subscriber.send(new ClusterEvent.MemberUp(member)));
                membership.unreachable().stream().sorted()
                        .forEach(member -> subscriber.send(new ClusterEvent.MemberUnreachable(member)));
            }
            subscribers.add(subscriber);
        });
    }

    /** The reference to an entity. */
    public <M> ActorRef<M> entityRef(EntityType<M> type, String id) {
        return sharding.entityRef(type, id);
    }

    /** The owner of an entity now, or null if this member does not act. */
    public Member ownerOf(EntityType<?> type, String id) {
        return sharding.ownerOf(type.name(), id);
    }

    /** The entities hosted here. */
    public int hostedEntities() {
        return sharding.hostedCount();
    }

    /**
     * Leaves: says so, waits (at most {@link #LEAVE_TIMEOUT}) for the leader to remove this member,
     * stops the entities, and closes the channel and the membership thread. Idempotent.
     */
    public void close() {
        final Future<?> left;
        try {
            left = thread.submit(publishing(() -> {
                if (!closed) {
                    engine.leave();
                    membership.leaving(self, System.nanoTime());
                }
            }));
        } catch (RejectedExecutionException closedAlready) {
            return;
        }
        boolean interrupted = false;
        try {
            left.get();
            final long deadline = System.nanoTime() + LEAVE_TIMEOUT.toNanos();
            while (members.contains(self) && members.size() > 1 && System.nanoTime() - deadline < 0) {
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } catch (ExecutionException e) {
            LOG.log(System.Logger.Level.WARNING, "member " + self + " could not say it leaves", e.getCause());
        }
        final Future<?> stopped = thread.submit(() -> {
            closed = true;
            sharding.stopAll();
            engine.close();
        });
        thread.shutdown();
        try {
            stopped.get(LEAVE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } catch (ExecutionException | TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "member " + self + " did not close cleanly", e);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "member " + self + " of cluster '" + config.clusterName() + "'";
    }
}
