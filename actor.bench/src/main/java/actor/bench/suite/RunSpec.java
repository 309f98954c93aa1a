package actor.bench.suite;

import java.util.Map;
import java.util.Objects;

/**
 * What one iteration runs with.
 *
 * @param workers worker threads (actorkit workers; Pekko's default-dispatcher parallelism)
 * @param variant the system's variant: for actorkit the victim selector's name or the mailbox kind,
 *                for Pekko "typed" (its defaults) or, on the remote rows, "artery-tuned"
 * @param sizes   every workload size
 * @param extras  where a workload records a further result of this iteration (for example the
 *                retained bytes per actor); the last value recorded under a key is reported
 */
public record RunSpec(int workers, String variant, Sizes sizes, Map<String, Double> extras) {

    public RunSpec {
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(sizes, "sizes");
        Objects.requireNonNull(extras, "extras");
    }
}
