package actor.bench.suite;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every size of the suite. {@link #SMALL} runs the whole suite in a few minutes on 2 cores;
 * {@link #REFERENCE} holds the sizes of the reference chapter and of Savina. Any field can be
 * overridden by name ({@code --size executorRounds=100}).
 *
 * @param staticSends          static send: sends of one preallocated message to one actor
 * @param dynamicSends         dynamic send: sends, each to a new actor with a new message
 * @param executorActors       executor: actors
 * @param executorGroup        executor and balance: actors per group (each sends to all of its group)
 * @param executorRounds       executor: rounds
 * @param repeatServers        repeat: servers the client fans out to
 * @param repeatRounds         repeat: scatter/gather rounds
 * @param matrixSize           matrix multiply: the side of the square matrices
 * @param balanceGroups        balance-one/-multi: groups of busy actors per loaded worker
 * @param balanceRounds        balance-one/-multi: rounds
 * @param pingPongRoundTrips   Savina ping-pong: round trips
 * @param ringActors           Savina thread ring: actors in the ring
 * @param ringHops             Savina thread ring: hops of the token
 * @param countingMessages     Savina counting actor: increments
 * @param forkJoinActors       Savina fork-join create: actors
 * @param throughputActors     Savina fork-join throughput: actors
 * @param throughputMessages   Savina fork-join throughput: messages per actor
 * @param bigActors            Savina big: actors
 * @param bigPings             Savina big: pings per actor
 * @param spawnActors          spawn scale: actors created, each receiving one message
 */
public record Sizes(long staticSends, long dynamicSends, int executorActors, int executorGroup, int executorRounds,
                    int repeatServers, int repeatRounds, int matrixSize, int balanceGroups, int balanceRounds,
                    int pingPongRoundTrips, int ringActors, int ringHops, int countingMessages, int forkJoinActors,
                    int throughputActors, int throughputMessages, int bigActors, int bigPings, int spawnActors) {

    /** About three minutes for the whole suite on this 2-core machine. */
    public static final Sizes SMALL = new Sizes(
            10_000_000, 1_000_000, 4_000, 100, 40, 20_000, 20, 384, 4, 20,
            40_000, 100, 100_000, 1_000_000, 40_000, 60, 10_000, 120, 2_000, 200_000);

    /** The reference chapter's and Savina's sizes. */
    public static final Sizes REFERENCE = new Sizes(
            100_000_000, 20_000_000, 40_000, 100, 400, 100_000, 200, 3072, 8, 100,
            40_000, 100, 100_000, 1_000_000, 40_000, 60, 10_000, 120, 20_000, 1_000_000);

    /** The preset called {@code name} ("small" or "reference"). */
    public static Sizes preset(String name) {
        return switch (name) {
            case "small" -> SMALL;
            case "reference" -> REFERENCE;
            default -> throw new IllegalArgumentException("preset = \"" + name + "\": must be small or reference");
        };
    }

    /** Every field by name, in declaration order. */
    public Map<String, Long> asMap() {
        final Map<String, Long> map = new LinkedHashMap<>();
        for (var component : Sizes.class.getRecordComponents()) {
            try {
                map.put(component.getName(), ((Number) component.getAccessor().invoke(this)).longValue());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return map;
    }

    /**
     * A copy with {@code name} set to {@code value}.
     *
     * @throws IllegalArgumentException for an unknown name or a value below 1
     */
    public Sizes with(String name, long value) {
        final Map<String, Long> map = asMap();
        if (!map.containsKey(name)) {
            throw new IllegalArgumentException("size \"" + name + "\" does not exist; sizes: " + map.keySet());
        }
        if (value < 1) {
            throw new IllegalArgumentException("size " + name + " = " + value + ": must be at least 1");
        }
        map.put(name, value);
        final var components = Sizes.class.getRecordComponents();
        final Class<?>[] types = new Class<?>[components.length];
        final Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            final long v = map.get(components[i].getName());
            if (types[i] == int.class) {
                if (v > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("size " + components[i].getName() + " = " + v + ": too large");
                }
                args[i] = (int) v;
            } else {
                args[i] = v;
            }
        }
        try {
            return Sizes.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
