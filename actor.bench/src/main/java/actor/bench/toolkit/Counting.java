package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Savina counting actor: a producer sends {@code countingMessages} increments to a counter, then
 * asks for the total, which must match.
 */
public final class Counting implements Workload {

    abstract static sealed class CounterMsg extends Message permits Increment, Retrieve {
    }

    static final class Increment extends CounterMsg {
    }

    static final class Retrieve extends CounterMsg {
    }

    static final class ProducerMsg extends Message {
        final long total;

        ProducerMsg(long total) {
            this.total = total;
        }
    }

    static final Increment INCREMENT = new Increment();
    static final ProducerMsg START = new ProducerMsg(-1);

    static final class Counter extends Actor<CounterMsg> {
        private Producer producer;
        private long count;

        Counter(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(CounterMsg msg) {
            if (msg == INCREMENT) {
                count++;
                return Allocation.NODELETE;
            }
            producer.send(new ProducerMsg(count));
            return Allocation.FINISHED;
        }
    }

    static final class Producer extends Actor<ProducerMsg> {
        private final Counter counter;
        private final int increments;

        Producer(ActorSystem system, Counter counter, int increments) {
            super(system);
            this.counter = counter;
            this.increments = increments;
        }

        @Override
        protected Allocation receive(ProducerMsg msg) {
            if (msg == START) {
                for (int i = 0; i < increments; i++) {
                    counter.send(INCREMENT);
                }
                counter.send(new Retrieve());
                return Allocation.NODELETE;
            }
            if (msg.total != increments) {
                throw new IllegalStateException("counted " + msg.total + " of " + increments + " increments");
            }
            return Allocation.FINISHED;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final ActorSystem system = Toolkit.start(spec);
        final Counter counter = new Counter(system);
        final Producer producer = new Producer(system, counter, spec.sizes().countingMessages());
        counter.producer = producer;
        final long start = System.nanoTime();
        producer.send(START);
        Toolkit.stop(system);
        return System.nanoTime() - start;
    }
}
