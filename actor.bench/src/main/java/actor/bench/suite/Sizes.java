package actor.bench.suite;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every size of the suite. {@link #SMALL} runs the whole suite in a few minutes on 2 cores;
 * {@link #REFERENCE} holds the sizes of the reference chapter and of Savina. Any field can be
 * overridden by name ({@code --size executorRounds=100}).
 *
 * @param staticSends          static send (the chapter's): receipts of one preallocated message that
 *                             one actor keeps sending to itself from its behaviour
 * @param dynamicSends         dynamic send (the chapter's): links of the chain, each a new actor
 *                             receiving a new message from its predecessor's behaviour
 * @param staticSendsExternal  static send from outside: sends of one preallocated message to one
 *                             actor from the main thread
 * @param dynamicSendsExternal dynamic send from outside: sends from the main thread, each to a new
 *                             actor with a new message
 * @param executorActors       executor: actors
 * @param executorGroup        executor and balance: actors per group (each sends to all of its group)
 * @param executorRounds       executor: rounds
 * @param repeatServers        repeat: servers the client fans out to
 * @param repeatRounds         repeat: scatter/gather rounds
 * @param matrixSize           matrix multiply: the side of the square matrices
 * @param balanceGroups        balance-one/-multi: groups of busy actors per loaded worker
 * @param balanceRounds        balance-one/-multi: rounds
 * @param balanceWork          balance-one/-multi: units of Savina's small computation per message (0 in
 *                             the reference definition, which is communication-bound; more makes
 *                             the loaded worker compute-bound)
 * @param pingPongRoundTrips   Savina ping-pong: round trips
 * @param pingPongCrossRoundTrips ping-pong with the two actors on different workers: round trips
 * @param dictionaryClients    request-reply (Savina's concurrent dictionary): clients
 * @param dictionaryRequests   request-reply: requests per client, each awaiting its reply
 * @param ringActors           Savina thread ring: actors in the ring
 * @param ringHops             Savina thread ring: hops of the token
 * @param countingMessages     Savina counting actor: increments
 * @param forkJoinActors       Savina fork-join create: actors
 * @param throughputActors     Savina fork-join throughput: actors
 * @param throughputMessages   Savina fork-join throughput: messages per actor
 * @param bigActors            Savina big: actors
 * @param bigPings             Savina big: pings per actor
 * @param brokerCreatures      broker (Savina's chameneos): creatures meeting through one broker
 * @param brokerMeetings       broker: meetings in all, each pairing two creatures
 * @param spawnActors          spawn scale: actors created, each receiving one message
 * @param rescueRounds         rescue: rounds, each timing one reply from an actor whose worker is
 *                             blocked by another actor's behaviour; an iteration's time is the sum
 *                             of the rounds' reply latencies, so its "median ms" is the total
 *                             latency of {@code rescueRounds} replies, not a throughput
 * @param rescueBlockMillis    rescue: how long the blocking behaviour waits at most, in milliseconds;
 *                             a reply nobody rescues waits about this long
 * @param askRoundTrips        ask: sequential asks from the main thread, each awaited before the next
 * @param logmapTerms          logmap and logmap-ask (Savina's logistic map series): terms per series,
 *                             each one request/reply exchange between a series worker and its computer
 *                             (small: four times Savina's 25,000, so an iteration lasts about 100 ms)
 * @param logmapSeries         logmap and logmap-ask: series, each a worker and a rate computer
 * @param ioActors             io-block and io-await: actors, each handling its requests one at a time
 * @param ioManyActors         io-await-many: actors, as in io-await but so many that the system, not the
 *                             simulated device's latency, bounds the run
 * @param ioRequests           io-block, io-await and io-await-many: requests per actor, all sent to it up front, each
 *                             waiting for one simulated I/O ({@link IoSimulator})
 * @param ioDelayMicros        io-block, io-await and io-await-many: how long each simulated I/O takes, in microseconds
 * @param nqueensSize          nqueens (Savina's, the locality reference's): the side of the board
 * @param nqueensThreshold     nqueens: rows placed through the master before a worker searches the rest
 *                             sequentially
 * @param nqueensWorkers       nqueens: worker actors the master hands work to round-robin
 * @param trapezoidPieces      trapezoid (Savina's, the locality reference's): trapezoids in all
 * @param trapezoidWorkers     trapezoid: worker actors, each computing an equal share
 * @param remotePingPongRoundTrips remote ping-pong (two JVMs on loopback): round trips, one at a time
 * @param remoteMessages       remote throughput (two JVMs on loopback): messages one way
 * @param remoteWindow         remote throughput: messages per acknowledged window (two windows in flight)
 * @param footprintActors      footprint (actorkit only): live actors of one int field, for bytes and
 *                             nanoseconds per actor
 * @param philosophers         Savina's dining philosophers: philosophers round the arbitrator's table
 * @param philosopherRounds    philosopher: times each philosopher eats
 */
public record Sizes(long staticSends, long dynamicSends, long staticSendsExternal, long dynamicSendsExternal,
                    int executorActors, int executorGroup, int executorRounds,
                    int repeatServers, int repeatRounds, int matrixSize,
                    int balanceGroups, int balanceRounds, int balanceWork,
                    int pingPongRoundTrips, int pingPongCrossRoundTrips, int dictionaryClients, int dictionaryRequests,
                    int ringActors, int ringHops, int countingMessages, int forkJoinActors,
                    int throughputActors, int throughputMessages, int bigActors, int bigPings,
                    int brokerCreatures, int brokerMeetings, int spawnActors,
                    int rescueRounds, int rescueBlockMillis, int askRoundTrips, int logmapTerms, int logmapSeries,
                    int ioActors, int ioManyActors, int ioRequests, int ioDelayMicros,
                    int nqueensSize, int nqueensThreshold, int nqueensWorkers,
                    int trapezoidPieces, int trapezoidWorkers,
                    int remotePingPongRoundTrips, int remoteMessages, int remoteWindow,
                    int footprintActors, int philosophers, int philosopherRounds) {

    /**
     * About ten minutes for the whole suite on this 2-core machine (warm-ups included),
     * of which one and a half are the two remote rows; each iteration of a row well under a second or so, but
     * Pekko's remote ping-pong, about 6 s (its 2,000 round trips at about 3 ms each). Ping-pong and
     * thread ring run ten times Savina's length:
     * Savina's 40,000 round trips or 100,000 hops last 3-4 ms here, shorter than the tens of
     * milliseconds a fresh worker thread may spend on its creator's virtual CPU before the kernel
     * moves it, so their times would measure thread placement. Cross-worker ping-pong runs 2.5
     * times Savina's length.
     */
    public static final Sizes SMALL = new Sizes(
            4_000_000, 1_000_000, 10_000_000, 1_000_000,  // static, dynamic; static, dynamic external
            4_000, 100, 40,                               // executor
            20_000, 50, 768,                              // repeat; matrix
            4, 100, 0,                                    // balance
            400_000, 100_000, 20, 5_000,                  // ping-pong, cross; request-reply
            100, 1_000_000, 1_000_000, 40_000,            // thread ring; counting; fork-join create
            60, 10_000, 120, 10_000,                      // fork-join throughput; big
            100, 200_000, 200_000,                        // broker; spawn
            20, 50,                                       // rescue
            20_000, 100_000, 10,                          // ask; logmap
            64, 2_000, 10, 1_000,                         // io-block, io-await; io-await-many
            11, 4, 20,                                    // nqueens
            1_000_000, 100,                               // trapezoid
            2_000, 200_000, 1_000,                        // remote ping-pong, throughput, window
            1_000_000,                                    // footprint
            20, 10_000);                                  // philosopher

    /** The reference chapter's and Savina's sizes. */
    public static final Sizes REFERENCE = new Sizes(
            100_000_000, 20_000_000, 100_000_000, 20_000_000,
            40_000, 100, 400,
            100_000, 200, 3072,
            8, 100, 0,
            40_000, 40_000, 20, 10_000,
            100, 100_000, 1_000_000, 40_000,
            60, 10_000, 120, 20_000,
            100, 200_000, 1_000_000,
            100, 50,
            100_000, 25_000, 10,
            256, 4_000, 40, 1_000,
            12, 4, 20,
            10_000_000, 100,
            20_000, 2_000_000, 1_000,
            10_000_000,
            20, 10_000);

    /** The preset called {@code name} ("small" or "reference"). */
    public static Sizes preset(String name) {
        return switch (name) {
            case "small" -> SMALL;
            case "reference" -> REFERENCE;
            default -> throw new IllegalArgumentException("preset = \"" + name + "\": must be small or reference");
        };
    }

    /**
     * The preset called {@code preset} with each {@code name=value} override applied in turn.
     *
     * @throws IllegalArgumentException for an unknown preset, a malformed override, or any value
     *                                  {@link #with} rejects
     */
    public static Sizes resolve(String preset, List<String> overrides) {
        Sizes sizes = preset(preset);
        for (String override : overrides) {
            final String[] kv = override.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("--size takes name=value, got " + override);
            }
            final long value;
            try {
                value = Long.parseLong(kv[1].replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("size " + kv[0] + " = " + kv[1] + ": must be a whole number");
            }
            sizes = sizes.with(kv[0], value);
        }
        return sizes;
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
     * @throws IllegalArgumentException for an unknown name or a value below 1 (below 0 for
     *                                  {@code balanceWork})
     */
    public Sizes with(String name, long value) {
        final Map<String, Long> map = asMap();
        if (!map.containsKey(name)) {
            throw new IllegalArgumentException("size \"" + name + "\" does not exist; sizes: " + map.keySet());
        }
        final long least = name.equals("balanceWork") ? 0 : 1;
        if (value < least) {
            throw new IllegalArgumentException("size " + name + " = " + value + ": must be at least " + least);
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
