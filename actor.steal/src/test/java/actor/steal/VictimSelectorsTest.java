package actor.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VictimSelectorsTest {

    static Stream<Arguments> builtins() {
        return Stream.of(
                Arguments.of(VictimSelectors.NONE, (Supplier<VictimSelector>) VictimSelectors::none),
                Arguments.of(VictimSelectors.RANDOM, (Supplier<VictimSelector>) VictimSelectors::random),
                Arguments.of(VictimSelectors.LONGEST_VICTIM, (Supplier<VictimSelector>) VictimSelectors::longestVictim),
                Arguments.of(VictimSelectors.HIERARCHICAL, (Supplier<VictimSelector>) VictimSelectors::hierarchical));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtins")
    void everyBuiltinPassesTheContract(String name, Supplier<VictimSelector> selector) {
        VictimSelectorContract.verify(selector);
        assertEquals(name, selector.get().name());
        assertEquals(name, VictimSelectors.byName(name).name(), "found as a service by its name");
    }

    @Test
    void theContractRejectsASelectorThatReturnsTheThief() {
        final AssertionError e = assertThrows(AssertionError.class, () -> VictimSelectorContract.verify(() -> new VictimSelector() {
            @Override
            public String name() {
                return "selfish";
            }

            @Override
            public int selectVictim(int thief, WorkerView view) {
                return view.workers() == 1 ? NONE : thief;
            }
        }));
        assertTrue(e.getMessage().contains("thief"), e.getMessage());
    }

    @Test
    void theContractRejectsASelectorThatStealsFromItselfWithOneWorker() {
        final AssertionError e = assertThrows(AssertionError.class, () -> VictimSelectorContract.verify(() -> new VictimSelector() {
            @Override
            public String name() {
                return "lonely";
            }

            @Override
            public int selectVictim(int thief, WorkerView view) {
                return (thief + 1) % view.workers();
            }
        }));
        assertTrue(e.getMessage().contains("1 worker"), e.getMessage());
    }

    @Test
    void anUnknownNameFailsListingTheNamesAvailable() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VictimSelectors.byName("fastest"));
        assertTrue(e.getMessage().contains("\"fastest\""), e.getMessage());
        assertTrue(e.getMessage().contains("[hierarchical, longest-victim, none, random]"), e.getMessage());
        assertEquals(List.of("hierarchical", "longest-victim", "none", "random"), VictimSelectors.names());
    }

    @Test
    void randomReachesEveryOtherWorkerAndNeverTheThief() {
        final VictimSelector random = VictimSelectors.random();
        final WorkerView view = view(new long[5]);
        final Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            seen.add(random.selectVictim(2, view));
        }
        assertEquals(Set.of(0, 1, 3, 4), seen);
    }

    @Test
    void longestVictimDoesNotAlwaysBreakTiesTowardsTheLowestIndex() {
        final VictimSelector longest = VictimSelectors.longestVictim();
        final WorkerView view = view(new long[] {7, 7, 7, 7, 7, 7});
        final Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            seen.add(longest.selectVictim(0, view));
        }
        assertEquals(Set.of(1, 2, 3, 4, 5), seen);
    }

    @Test
    void longestVictimPrefersAWorkerThatNeverStole() {
        final WorkerView view = view(new long[] {5, 9, Long.MIN_VALUE, 1});
        assertEquals(2, VictimSelectors.longestVictim().selectVictim(0, view));
    }

    @Test
    void noneNeverChoosesAVictim() {
        assertEquals(VictimSelector.NONE, VictimSelectors.none().selectVictim(0, view(new long[8])));
    }

    private static WorkerView view(long[] stamps) {
        return new WorkerView() {
            @Override
            public int workers() {
                return stamps.length;
            }

            @Override
            public long lastStealAttemptNanos(int worker) {
                return stamps[worker];
            }

            @Override
            public int occupancy(int worker) {
                return 1;
            }
        };
    }
}
