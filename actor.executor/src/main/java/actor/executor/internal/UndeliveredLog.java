package actor.executor.internal;

import actor.api.Actor;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts messages that were sent but never received, keeping a few examples for the report.
 * Single-writer: one per worker (or one used under the executor's stop lock).
 */
final class UndeliveredLog {

    static final int MAX_EXAMPLES = 5;

    private long count;
    private final List<String> examples = new ArrayList<>(MAX_EXAMPLES);

    void record(Actor<?> actor, Object message) {
        count++;
        if (examples.size() < MAX_EXAMPLES) {
            // NOTE: class names and the ticket only; user toString() methods are not called here.
            examples.add(actor.getClass().getName() + "#" + actor.ticket() + " <- "
                    + message.getClass().getName());
        }
    }

    void addAll(UndeliveredLog other) {
        count += other.count;
        for (String example : other.examples) {
            if (examples.size() < MAX_EXAMPLES) {
                examples.add(example);
            }
        }
    }

    long count() {
        return count;
    }

    List<String> examples() {
        return examples;
    }
}
