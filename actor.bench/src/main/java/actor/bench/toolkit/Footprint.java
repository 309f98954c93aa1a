package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.bench.suite.HeapProbe;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * What a live actor costs, tried as a user would (issue 30, section 4): create
 * {@code footprintActors} actors of one int field from the calling thread, then send each one
 * message, after which it ends, and stop. Between the two, with every actor alive and idle, records
 * the retained heap per actor ("bytes_per_actor", less the 4 bytes of this workload's own array
 * slot: the actor, its registration and whatever else the system keeps for it), and the
 * nanoseconds per actor of the creation ("create_ns_per_actor") and of the messages and the stop
 * ("message_stop_ns_per_actor"). {@code FootprintTest} holds the layout to 48 bytes.
 */
public final class Footprint implements Workload {

    /** A reference to each actor in the workload's own array: not the system's cost. */
    private static final int ARRAY_SLOT_BYTES = 4;

    static final class OneInt extends Actor<Integer> {
        private int value;

        OneInt(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer message) {
            value += message;
            return Allocation.DELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().footprintActors();
        final ActorSystem system = Toolkit.start(spec);
        final long heapBefore = HeapProbe.usedAfterFullGc();
        final long createStart = System.nanoTime();
        final OneInt[] actors = new OneInt[count];
        for (int i = 0; i < count; i++) {
            actors[i] = new OneInt(system);
        }
        final long created = System.nanoTime() - createStart;
        spec.extras().put("bytes_per_actor",
                (double) (HeapProbe.usedAfterFullGc() - heapBefore) / count - ARRAY_SLOT_BYTES);
        final Integer one = 1;
        final long sendStart = System.nanoTime();
        for (OneInt actor : actors) {
            actor.send(one);
        }
        Toolkit.stop(system);
        final long messagedAndStopped = System.nanoTime() - sendStart;
        spec.extras().put("create_ns_per_actor", (double) created / count);
        spec.extras().put("message_stop_ns_per_actor", (double) messagedAndStopped / count);
        return created + messagedAndStopped;
    }
}
