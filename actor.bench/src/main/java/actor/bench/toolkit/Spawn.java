package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.HeapProbe;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Spawn scale: create {@code spawnActors} actors, then send each one message after which it is
 * deleted. Times creation plus messaging; between the two, with every actor alive and idle,
 * records the retained heap per actor ("bytes_per_actor").
 */
public final class Spawn implements Workload {

    static final class Hello extends Message {
    }

    static final Hello HELLO = new Hello();

    static final class Spawned extends Actor<Hello> {
        Spawned(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Hello hello) {
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().spawnActors();
        final ActorSystem system = Toolkit.start(spec);
        final long heapBefore = HeapProbe.usedAfterFullGc();
        final long createStart = System.nanoTime();
        final Spawned[] actors = new Spawned[count];
        for (int i = 0; i < count; i++) {
            actors[i] = new Spawned(system);
        }
        final long created = System.nanoTime() - createStart;
        spec.extras().put("bytes_per_actor", (double) (HeapProbe.usedAfterFullGc() - heapBefore) / count);
        final long sendStart = System.nanoTime();
        for (Spawned actor : actors) {
            actor.send(HELLO);
        }
        Toolkit.stop(system);
        return created + System.nanoTime() - sendStart;
    }
}
