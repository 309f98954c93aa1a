package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Stash;
import actor.api.StashOverflowException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A {@link Stash} against an {@link ArrayDeque} model under random stashes, unstashes (some of
 * which stash messages again, as an actor that goes back to waiting does) and clears, with
 * capacities below, at and above the first array's 16 slots: the same contents in the same order,
 * a full stash refuses exactly the overflow, and nothing else is ever refused.
 */
class StashPropertiesTest {

    private static ActorSystem system;
    private static Owner owner;

    /** An actor that never receives anything: the stash's owner, driven by the test thread. */
    static final class Owner extends Actor<Integer> {
        Owner(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Integer message) {
            return Allocation.NODELETE;
        }
    }

    @BeforeContainer
    static void start() {
        system = ActorSystem.start(1);
        owner = new Owner(system);
    }

    @AfterContainer
    static void stop() throws InterruptedException {
        system.shutdown(Duration.ofSeconds(10));
    }

    /** One operation: stash the next number, unstash all (stashing again those divisible by {@code again}), or clear. */
    record Op(int kind, int again) {
        static final int STASH = 0;
        static final int UNSTASH = 1;
        static final int CLEAR = 2;
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        final Arbitrary<Op> stash = Arbitraries.just(new Op(Op.STASH, 0));
        final Arbitrary<Op> unstash = Arbitraries.integers().between(0, 4).map(again -> new Op(Op.UNSTASH, again));
        final Arbitrary<Op> clear = Arbitraries.just(new Op(Op.CLEAR, 0));
        return Arbitraries.frequencyOf(Tuple.of(12, stash), Tuple.of(3, unstash), Tuple.of(1, clear)).list().ofMaxSize(300);
    }

    @Property(tries = 300)
    void behavesAsABoundedFifoQueue(@ForAll @IntRange(min = 1, max = 40) int capacity, @ForAll("ops") List<Op> ops) {
        final Stash<Integer> stash = new Stash<>(owner, capacity);
        final ArrayDeque<Integer> model = new ArrayDeque<>();
        int next = 0;
        for (Op op : ops) {
            switch (op.kind()) {
                case Op.STASH -> {
                    final int n = next++;
                    if (model.size() == capacity) {
                        assertThrows(StashOverflowException.class, () -> stash.stash(n));
                    } else {
                        stash.stash(n);
                        model.addLast(n);
                    }
                }
                case Op.UNSTASH -> {
                    final List<Integer> handled = new ArrayList<>();
                    assertEquals(Allocation.NODELETE, stash.unstashAll(m -> {
                        if (op.again() > 0 && m % op.again() == 0) {
                            stash.stash(m);
                        } else {
                            handled.add(m);
                        }
                        return Allocation.NODELETE;
                    }));
                    final List<Integer> expected = new ArrayList<>();
                    for (int i = model.size(); i > 0; i--) {
                        final int m = model.removeFirst();
                        if (op.again() > 0 && m % op.again() == 0) {
                            model.addLast(m);
                        } else {
                            expected.add(m);
                        }
                    }
                    assertEquals(expected, handled);
                }
                default -> {
                    assertEquals(model.size(), stash.clear());
                    model.clear();
                }
            }
            assertEquals(model.size(), stash.size());
            assertEquals(model.isEmpty(), stash.isEmpty());
            assertEquals(model.size() == capacity, stash.isFull());
        }
        final List<Integer> rest = new ArrayList<>();
        stash.unstashAll(m -> {
            rest.add(m);
            return Allocation.NODELETE;
        });
        assertEquals(List.copyOf(model), rest);
    }
}
