package actor.bench.pekko;

import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Spawn scale: the time to spawn {@code spawnActors} actors plus the time to tell each of them
 * one message and have every one receive it and stop. In between, untimed, with every actor
 * alive and idle, it records the retained heap per actor under {@code bytes_per_actor}.
 */
public final class PekkoSpawn implements Workload {

    private static final String NAME = "PekkoSpawn";

    private static final String BYTES_PER_ACTOR = "bytes_per_actor";

    private enum SpawnAll { INSTANCE }

    private enum Hello { INSTANCE }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int actors = spec.sizes().spawnActors();
        final AtomicInteger starting = new AtomicInteger(actors);
        final CountDownLatch allStarted = new CountDownLatch(1);
        final AtomicInteger pending = new AtomicInteger(actors);
        final CountDownLatch allReceived = new CountDownLatch(1);
        final Behavior<Hello> receiving = Behaviors.receive(Hello.class).onMessage(Hello.class, hello -> {
            if (pending.decrementAndGet() == 0) {
                allReceived.countDown();
            }
            return Behaviors.stopped();
        }).build();
        // A spawned actor starts asynchronously; creation is complete only once every one has started.
        final Behavior<Hello> child = Behaviors.setup(context -> {
            if (starting.decrementAndGet() == 0) {
                allStarted.countDown();
            }
            return receiving;
        });
        final CompletableFuture<List<ActorRef<Hello>>> spawned = new CompletableFuture<>();
        final ActorSystem<SpawnAll> guardian = PekkoSystems.start(NAME, spec, Behaviors.setup(context ->
                Behaviors.receive(SpawnAll.class).onMessage(SpawnAll.class, spawnAll -> {
                    final List<ActorRef<Hello>> refs = new ArrayList<>(actors);
                    for (int i = 0; i < actors; i++) {
                        refs.add(context.spawnAnonymous(child));
                    }
                    spawned.complete(refs);
                    return Behaviors.empty();
                }).build()));
        try {
            final long heapBefore = retainedHeap();
            final long t0 = System.nanoTime();
            guardian.tell(SpawnAll.INSTANCE);
            final List<ActorRef<Hello>> refs = PekkoSystems.await(spawned, NAME);
            PekkoSystems.await(allStarted, NAME);
            final long creation = System.nanoTime() - t0;

            spec.extras().put(BYTES_PER_ACTOR, (double) (retainedHeap() - heapBefore) / actors);

            final long t1 = System.nanoTime();
            for (int i = 0; i < actors; i++) {
                refs.get(i).tell(Hello.INSTANCE);
            }
            PekkoSystems.await(allReceived, NAME);
            return creation + (System.nanoTime() - t1);
        } finally {
            PekkoSystems.terminate(guardian, NAME);
        }
    }

    private static long retainedHeap() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
