package actor.executor.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The scheduling policy in one place: every rule of <em>when</em> or <em>where</em> by name
 * ({@link Rule}), whether it is on, and every tunable with its unit ({@link Tunables}). The
 * mechanisms (the gulp, the swap, sleep and wake-up) ask here and nowhere else; docs/scheduling.md
 * has the table of rules with the benchmark row and the test behind each.
 *
 * <p>Every rule is on unless the system property {@value #PROPERTY} switches it off for the JVM:
 * {@code rule=off[,rule=on...]} in order, {@code all=off} to start from none, or
 * {@code random[:seed]} for a random half (stress tests run so, and print the choice). The
 * switches are {@code static final}, so the JIT folds them: a rule that is on costs nothing more,
 * and one that is off costs nothing at all. A value that does not parse leaves every rule on and
 * makes every {@code ActorSystem.start()} fail with the reason ({@link #check()}).
 *
 * <p>Threading: immutable after class initialisation.
 */
final class Policy {

    /** The system property that switches rules off for the whole JVM. */
    static final String PROPERTY = "actor.policy";

    /** The rules, each a switch in {@value #PROPERTY}. */
    enum Rule {
        /** A visit takes the refilled mailbox's next batch at once, up to {@link Tunables#regulpBudgetMessages}. */
        REGULP("regulp"),
        /** A behaviour's send to the mailbox whose batch runs joins that batch, without a lock. */
        APPEND("append"),
        /** A visit that answered the mailbox which handed it its one envelope visits that mailbox next. */
        FOLLOW("follow"),
        /** A one-message hand-off from a worker with nothing else to do pulls the receiver's idle mailbox. */
        PULL("pull"),
        /** A one-message hand-off to a loaded worker gives it the sender's mailbox after the visit. */
        PUSH("push"),
        /** A pass whose every envelope fed one other worker gives that worker its last mailbox. */
        FEEDER_PUSH("feeder-push"),
        /** On a crowded machine a first send to a sleeping worker's empty mailbox is run by the sender's worker. */
        ADOPT("adopt"),
        /** Each fruitless steal attempt doubles the empty passes before the next one. */
        STEAL_BACKOFF("steal-backoff"),
        /** Nothing is stolen from a worker whose messages cost less than the cross-core hand-offs a split adds. */
        COMM_BOUND("comm-bound"),
        /** Nothing is stolen from a worker whose cost estimate has not settled yet. */
        SETTLING("settling"),
        /** A worker stuck in one batch loses even single messages of its other mailboxes. */
        RESCUE("rescue"),
        /** Sleeping thieves take turns to look at the awake workers while one is awake. */
        WATCH("watch"),
        /** On a crowded machine an idle worker sleeps at its second empty cycle. */
        CROWDED_SLEEP("crowded-sleep"),
        /** A slice whose threads are all blocked inside a batch gets a spare carrier. */
        SPARE_CARRIERS("spare-carriers"),
        /** An actor created by a chain's link joins the creator's mailbox. */
        CHAIN_JOIN("chain-join"),
        /** Actors of a {@code @Hub} class are spread over the workers, fewest hubs first. */
        HUB("hub");

        /** The rule's name in {@value #PROPERTY}, in docs/scheduling.md and in {@code ./bench --policy}. */
        final String key;

        Rule(String key) {
            this.key = key;
        }

        /** The rule named {@code key}, or null. */
        static Rule byKey(String key) {
            for (Rule rule : values()) {
                if (rule.key.equals(key)) {
                    return rule;
                }
            }
            return null;
        }
    }

    /**
     * Every tunable of the rules, with its unit in its name. Read through {@link #TUNABLES}, a
     * constant: a record's fields are trusted as final, so the JIT folds them too.
     *
     * @param regulpBudgetMessages       {@link Rule#REGULP}, {@link Rule#APPEND}: messages one visit may run
     * @param followBudgetVisits         {@link Rule#FOLLOW}: visits one pass may follow
     * @param pullMaxNanosPerMessage     {@link Rule#PULL}, {@link Rule#PUSH}, {@link Rule#FEEDER_PUSH}: costliest
     *                                   messages (the sender's estimate) for which a conversation is gathered
     * @param feederPassesBeforePush     {@link Rule#FEEDER_PUSH}: feeder passes in a row before a push
     * @param feederPushBackoffMaxPasses {@link Rule#FEEDER_PUSH}: most passes between two push attempts
     * @param loadedAfterBusyCycles      {@link Rule#PUSH}: busy duty cycles in a row that make a worker loaded
     * @param adoptBudgetVisits          {@link Rule#ADOPT}: adopted visits in a row, and mailboxes one visit may adopt
     * @param emptyPassesBeforeSteal     passes without work before a steal attempt
     * @param emptyPassesBeforeStealMax  {@link Rule#STEAL_BACKOFF}: the back-off's bound
     * @param minMessagesToSteal         fewest messages a stolen backlog holds
     * @param crossCoreHandOffNanos      {@link Rule#COMM_BOUND}: what a message handed across cores adds
     * @param settledAfterMessages       {@link Rule#SETTLING}: messages after which a worker's estimate counts
     * @param settledAfterNanos          {@link Rule#SETTLING}: or estimated work after which it counts
     * @param rescueBlockedAfterNanos    {@link Rule#RESCUE}: a blocked victim's time in one batch before a rescue
     * @param rescueRunnableAfterNanos   {@link Rule#RESCUE}: a runnable victim's time in one batch before a rescue
     * @param watchNanos                 {@link Rule#WATCH}: period of the sleepers' looks, per sleeper
     * @param thiefRescanMinNanos        a sleeping thief's first own look for work while nobody is awake
     * @param thiefRescanMaxNanos        the longest period between such looks
     * @param sleepRescanNanos           a sleeping worker without stealing: period of its own looks
     * @param crowdedCores               {@link Rule#CROWDED_SLEEP}, {@link Rule#ADOPT}: other processes' load,
     *                                   in cores, that makes the machine crowded
     * @param loadWindowNanos            {@link Rule#CROWDED_SLEEP}, {@link Rule#ADOPT}: the load sample's window
     * @param carrierLookMinNanos        {@link Rule#SPARE_CARRIERS}: the monitor's look period after a wait
     * @param carrierLookMaxNanos        {@link Rule#SPARE_CARRIERS}: its period otherwise
     * @param spareIdleNanos             {@link Rule#SPARE_CARRIERS}: a spare's idle time before it parks
     * @param estimateSampleEveryBatches the cost estimate ({@link Rule#COMM_BOUND}, {@link Rule#PULL}, ...):
     *                                   small batches between two timed ones (a power of two), and the
     *                                   batch size from which every batch is timed
     * @param estimateSamplesPerHalving  timed batches after which the estimate's sums are halved
     * @param minSliceWithSpareMailboxes {@link Rule#PUSH}: initial slices at least this large keep a
     *                                   mailbox no ticket names, to take in exchange for a pushed one
     */
    record Tunables(int regulpBudgetMessages, int followBudgetVisits,
                    long pullMaxNanosPerMessage, int feederPassesBeforePush, int feederPushBackoffMaxPasses,
                    int loadedAfterBusyCycles, int adoptBudgetVisits, int emptyPassesBeforeSteal,
                    int emptyPassesBeforeStealMax, int minMessagesToSteal,
                    long crossCoreHandOffNanos, int settledAfterMessages, long settledAfterNanos,
                    long rescueBlockedAfterNanos, long rescueRunnableAfterNanos, long watchNanos,
                    long thiefRescanMinNanos, long thiefRescanMaxNanos, long sleepRescanNanos,
                    double crowdedCores, long loadWindowNanos, long carrierLookMinNanos,
                    long carrierLookMaxNanos, long spareIdleNanos, int estimateSampleEveryBatches,
                    int estimateSamplesPerHalving, int minSliceWithSpareMailboxes) {
        Tunables {
            if (Integer.bitCount(estimateSampleEveryBatches) != 1) {
                throw new IllegalArgumentException("estimateSampleEveryBatches = " + estimateSampleEveryBatches
                        + ": must be a power of two");
            }
        }
    }

    /** The tunables (the reasons for each value are in docs/scheduling.md and at each rule's use). */
    static final Tunables TUNABLES = new Tunables(
            64, 64,
            2_000, 64, 1_024,
            8, 16, 2,
            1_024, 2,
            100, 8_192, TimeUnit.MILLISECONDS.toNanos(5),
            TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(10), TimeUnit.MILLISECONDS.toNanos(2),
            TimeUnit.MILLISECONDS.toNanos(4), TimeUnit.MILLISECONDS.toNanos(256), TimeUnit.SECONDS.toNanos(1),
            0.5, TimeUnit.MILLISECONDS.toNanos(200), TimeUnit.MICROSECONDS.toNanos(100),
            TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(50),
            64, 16, 4);

    /** The rules switched off, and why the property did not parse (null if it did). */
    private static final Set<Rule> OFF;
    private static final String ERROR;

    static {
        Set<Rule> off = EnumSet.noneOf(Rule.class);
        String error = null;
        String value = System.getProperty(PROPERTY);
        if (value != null) {
            if (value.trim().equals("random")) {
                value = "random:" + System.nanoTime();
            }
            try {
                off = parse(value);
                if (value.trim().startsWith("random")) {
                    // NOTE: the seed goes to stderr so that a failing stress run can be repeated.
                    System.err.println("actor: " + PROPERTY + "=" + value + " switched off: " + describe(off));
                }
            } catch (IllegalArgumentException e) {
                error = e.getMessage();
            }
        }
        OFF = off;
        ERROR = error;
    }

    static final boolean REGULP = on(Rule.REGULP);
    static final boolean APPEND = on(Rule.APPEND);
    static final boolean FOLLOW = on(Rule.FOLLOW);
    static final boolean PULL = on(Rule.PULL);
    static final boolean PUSH = on(Rule.PUSH);
    static final boolean FEEDER_PUSH = on(Rule.FEEDER_PUSH);
    static final boolean ADOPT = on(Rule.ADOPT);
    static final boolean STEAL_BACKOFF = on(Rule.STEAL_BACKOFF);
    static final boolean COMM_BOUND = on(Rule.COMM_BOUND);
    static final boolean SETTLING = on(Rule.SETTLING);
    static final boolean RESCUE = on(Rule.RESCUE);
    static final boolean WATCH = on(Rule.WATCH);
    static final boolean CROWDED_SLEEP = on(Rule.CROWDED_SLEEP);
    static final boolean SPARE_CARRIERS = on(Rule.SPARE_CARRIERS);
    static final boolean CHAIN_JOIN = on(Rule.CHAIN_JOIN);
    static final boolean HUB = on(Rule.HUB);

    private Policy() {
    }

    private static boolean on(Rule rule) {
        return !OFF.contains(rule);
    }

    /** The rules switched off in this JVM. */
    static Set<Rule> off() {
        return OFF.isEmpty() ? EnumSet.noneOf(Rule.class) : EnumSet.copyOf(OFF);
    }

    /**
     * Fails if {@value #PROPERTY} did not parse (called by every system's start).
     *
     * @throws IllegalArgumentException naming the property, the bad part and the rules
     */
    static void check() {
        if (ERROR != null) {
            throw new IllegalArgumentException(ERROR);
        }
    }

    /**
     * The rules a value of {@value #PROPERTY} switches off: comma-separated {@code rule=off} or
     * {@code rule=on} applied in order ({@code all} names every rule), or {@code random} /
     * {@code random:seed} alone, for each rule off with probability one half.
     *
     * @throws IllegalArgumentException naming the bad part and the rules there are
     */
    static Set<Rule> parse(String value) {
        final String trimmed = value.trim();
        if (trimmed.equals("random") || trimmed.startsWith("random:")) {
            final long seed;
            try {
                seed = trimmed.equals("random") ? System.nanoTime() : Long.parseLong(trimmed.substring(7));
            } catch (NumberFormatException e) {
                throw invalid(value, "the seed after random: is not a number");
            }
            final Random random = new Random(seed);
            final Set<Rule> off = EnumSet.noneOf(Rule.class);
            for (Rule rule : Rule.values()) {
                if (random.nextBoolean()) {
                    off.add(rule);
                }
            }
            return off;
        }
        final Set<Rule> off = EnumSet.noneOf(Rule.class);
        if (trimmed.isEmpty()) {
            return off;
        }
        for (String part : trimmed.split(",")) {
            final String[] keyValue = part.trim().toLowerCase(Locale.ROOT).split("=", -1);
            if (keyValue.length != 2 || !(keyValue[1].equals("off") || keyValue[1].equals("on"))) {
                throw invalid(value, "'" + part.trim() + "' is not rule=off or rule=on");
            }
            final boolean switchOff = keyValue[1].equals("off");
            final List<Rule> rules;
            if (keyValue[0].equals("all")) {
                rules = Arrays.asList(Rule.values());
            } else {
                final Rule rule = Rule.byKey(keyValue[0]);
                if (rule == null) {
                    throw invalid(value, "no rule is named '" + keyValue[0] + "'");
                }
                rules = List.of(rule);
            }
            if (switchOff) {
                off.addAll(rules);
            } else {
                off.removeAll(rules);
            }
        }
        return off;
    }

    /** The rules in {@code off}, as {@code rule=off,...} (or "none"). */
    static String describe(Set<Rule> off) {
        if (off.isEmpty()) {
            return "none";
        }
        return off.stream().map(rule -> rule.key + "=off").collect(Collectors.joining(","));
    }

    private static IllegalArgumentException invalid(String value, String why) {
        final List<String> keys = new ArrayList<>();
        for (Rule rule : Rule.values()) {
            keys.add(rule.key);
        }
        return new IllegalArgumentException(PROPERTY + "=" + value + ": " + why + " (rules: all, "
                + String.join(", ", keys) + "; or random[:seed])");
    }
}
