package actor.bench.suite;

import actor.bench.remote.ServerProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark suite's runner ({@code ./bench}): every benchmark, on each system and variant, in
 * its own JVM, one after the other. Progress on stderr, the table on stdout, files in the results
 * folder. Run {@code ./bench --help} for the options.
 */
public final class Suite {

    private static final Pattern RESULT = Pattern.compile(
            "RESULT \\{\"times_ns\":\\[([0-9, ]*)],\"peak_rss_kb\":(-?[0-9]+),\"extras\":\\{(.*)}}");
    private static final Pattern EXTRA = Pattern.compile("\"([^\"]+)\":(-?[0-9.]+)");

    /**
     * Least warm-up per run, in milliseconds of the workload itself. Both systems need about half a
     * second of a workload before its iterations settle (request-reply: actorkit's first six
     * iterations ran 180, 102, 122, 85, 59 ms, then 7-15 ms; Pekko's 195, 136, 57, 31 ms, then
     * 22-34 ms); two iterations of a 10-50 ms workload would measure the JIT.
     */
    static final long DEFAULT_WARMUP_MILLIS = 1_000;

    /**
     * Longest a run of the small preset may take before its JVM is killed: a run takes seconds to
     * a minute (2 cores); ten minutes is a run that hangs, as a Pekko remote child did for seven.
     */
    static final Duration DEFAULT_RUN_TIMEOUT_SMALL = Duration.ofMinutes(10);

    /** Longest a run of the reference preset may take: its runs take up to a few minutes each. */
    static final Duration DEFAULT_RUN_TIMEOUT_REFERENCE = Duration.ofHours(1);

    /** How long the output of a killed child may take to close. */
    private static final Duration KILL_GRACE = Duration.ofSeconds(10);

    private Suite() {
    }

    /** Parsed command line. */
    record Options(String preset, List<String> only, List<String> variants, List<String> systems, int workers,
                   int warmup, long warmupMillis,
                   int iterations, int forks, List<String> sizes, List<String> jvmArgs, Duration runTimeout,
                   Condition condition, AbVariant abA, AbVariant abB, Path out) {

        /** Whether this is an A/B run ({@code --ab A B}). */
        boolean ab() {
            return abA != null;
        }
    }

    static final String HELP = """
            usage: ./bench [options]

            Runs the benchmark suite on actorkit and, side by side, on Apache Pekko typed actors. Each
            benchmark, system and variant runs in its own JVM: warm-up iterations, then measured ones.
            Progress goes to stderr. Prints a table on stdout (median, min, max, peak memory, ratio of
            Pekko's median to actorkit's, each stealing variant's speed-up over no stealing; a ratio
            whose runs' min-max ranges overlap is flagged ~; the remote rows run Pekko twice, Artery's
            defaults (typed) and Artery tuned for low latency on few cores (artery-tuned), and a line
            under the table gives actorkit's ratio to the tuned one) and writes bench-results/latest.csv,
            latest.json (with every size used, date, commit, JVM, CPUs), results.md (the table as a
            Markdown page, to publish) and ratios.svg (the ratios with min-max whiskers).

            options:
              --preset small|reference   sizes (default small: 8-10 minutes on 2 cores; reference:
                                         the reference chapter's and Savina's sizes, over an hour)
              --only a,b,...             only these benchmarks (default all): %s
              --variants a,b,...         only the variants of those names (a selector, a mailbox
                                         kind, Pekko's typed or artery-tuned; default all): rows
                                         without one of them do not run
              --systems a,b              actorkit and/or pekko (default both)
              --workers N                worker threads of both systems (default: available processors);
                                         the I/O-bound rows (io-block, io-await, io-await-many)
                                         also run with 1, 2 and 8 workers
              --warmup N                 at least N warm-up iterations per run (default 2)
              --warmup-ms MS             and warm-up iterations until at least MS milliseconds
                                         of them have run (default %d: the JIT settles
                                         only after about half a second of a workload, on both
                                         systems; io-await-many: at least %d, its peer
                                         settles later); --warmup 0 --warmup-ms 0 for no
                                         warm-up
              --iterations N             measured iterations per run (default 5)
              --forks N                  run the whole plan N times, each run in a new JVM
                                         every time (default 1), and pool each run's
                                         iterations: a JVM's own mode (code layout, thread
                                         placement) then weighs 1/N in every median
              --size name=value          override one size (repeatable); names: %s
              --jvm-arg ARG              extra JVM option for every run (repeatable); default heap -Xmx4g
                                         (small) or -Xmx16g (reference), kept between
                                         iterations (-XX:MaxHeapFreeRatio=100)
              --policy RULES             switch scheduling rules off in actorkit's JVMs
                                         (-Dactor.policy=RULES): rule=off[,rule=on...],
                                         all=off, or random[:seed]; the rules are named in
                                         docs/scheduling.md
              --run-timeout SECONDS      longest one run's JVM may take (default %d: small, %d:
                                         reference); then it is killed with the processes it
                                         started, its row says FAILED, and the suite goes on
              --contend N                run everything beside N threads that spin (normal
                                         priority) in a process the suite starts, so in its
                                         session: the machine busy with neighbours
              --cpu-quota X              run the suite and every JVM it starts in a cgroup of X
                                         CPUs (decimal, e.g. 1.5; period 100 ms; needs root and
                                         the cpu controller, v2 or v1); the contender runs in
                                         it too
              --ab A B                   an A/B run: fresh JVMs of two variants, alternating A, B,
                                         A, B, ... for every run (--forks N: N JVMs per side and
                                         row); prints each side's median, min and max and B/A per
                                         row, and writes ab.csv and ab.json. Each side is one
                                         argument: a git revision (anything git rev-parse takes)
                                         or . (the work tree as built), then JVM options for that
                                         side only, e.g. --ab HEAD~3 . or
                                         --ab . ". -Dactor.policy=pull=off". A revision is built
                                         once into OUT/ab/<commit> (a detached git worktree).
                                         Systems: actorkit unless --systems says otherwise
              --out DIR                  results folder (default bench-results)
              --help                     this text
            """;

    public static void main(String[] args) throws Exception {
        final Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage() + " (see ./bench --help)");
            System.exit(2);
            return;
        }
        if (options == null) {
            System.out.printf(HELP, String.join(", ", Benchmarks.ids()), DEFAULT_WARMUP_MILLIS,
                    Benchmarks.IO_AWAIT_MANY.warmupMillis(DEFAULT_WARMUP_MILLIS),
                    String.join(", ", Sizes.SMALL.asMap().keySet()), DEFAULT_RUN_TIMEOUT_SMALL.toSeconds(),
                    DEFAULT_RUN_TIMEOUT_REFERENCE.toSeconds());
            return;
        }
        final RunInfo info = new RunInfo(options.preset(), options.workers(), options.warmup(), options.warmupMillis(),
                options.iterations(), options.forks(),
                Sizes.resolve(options.preset(), options.sizes()).asMap(), options.sizes(), jvmArgs(options),
                options.condition().label(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), RunInfo.gitCommit(),
                RunInfo.currentJvm(), Runtime.getRuntime().availableProcessors());
        final List<Planned> plan = plan(options);
        final List<List<Result>> forks = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            forks.add(new ArrayList<>());
        }
        if (options.ab()) {
            runAb(options, info, plan);
            return;
        }
        final AutoCloseable condition = startCondition(options);
        try (condition) {
            // NOTE: fork by fork over the whole plan, not run by run: a machine that drifts for minutes
            // then weighs on every run alike.
            for (int fork = 1; fork <= options.forks(); fork++) {
                for (int i = 0; i < plan.size(); i++) {
                    final Planned run = plan.get(i);
                    System.err.printf("[%d/%d] %s on %s (%s), %d workers%s%n", i + 1, plan.size(), run.benchmark(),
                            run.system(), run.variant(), run.workers(),
                            options.forks() > 1 ? ", JVM " + fork + " of " + options.forks() : "");
                    forks.get(i).add(runChild(options, run, System.getProperty("java.class.path"), List.of()));
                }
            }
        }
        final List<Result> results = forks.stream().map(Result::pooled).toList();
        final Report report = new Report(results, info);
        System.out.print(report.table());
        report.write(options.out());
        System.err.println("results in " + options.out().toAbsolutePath().normalize()
                + ": latest.csv, latest.json, ratios.svg, results.md");
        if (results.stream().anyMatch(r -> !r.ok())) {
            System.exit(1);
        }
    }

    /** The side of an A/B run. */
    enum Side { A, B }

    /** One JVM of an A/B run: row {@code row} of the plan ({@code run}) on one side, in fork {@code fork}. */
    record AbStep(int fork, int row, Planned run, Side side) {
    }

    /**
     * The JVMs of an A/B run, in order: fork by fork over the plan, as the suite runs, and in each
     * row A then B, so that both sides of a row run next to each other in time.
     */
    static List<AbStep> abPlan(List<Planned> plan, int forks) {
        final List<AbStep> steps = new ArrayList<>();
        for (int fork = 1; fork <= forks; fork++) {
            for (int row = 0; row < plan.size(); row++) {
                for (Side side : Side.values()) {
                    steps.add(new AbStep(fork, row, plan.get(row), side));
                }
            }
        }
        return steps;
    }

    /**
     * Applies the run's condition (contention, CPU quota) and says which on stderr; exits with 2,
     * saying why, where it cannot be applied (no root, no cpu controller).
     */
    private static AutoCloseable startCondition(Options options) throws IOException {
        try {
            final AutoCloseable condition = options.condition().apply();
            System.err.println("condition: " + options.condition().label());
            return condition;
        } catch (IllegalStateException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
            throw e;
        }
    }

    /** An A/B run: builds both sides, runs {@link #abPlan} under the condition, prints and writes the {@link AbReport}. */
    private static void runAb(Options options, RunInfo info, List<Planned> plan) throws Exception {
        final Path cache = options.out().resolve("ab");
        final Map<Side, String> classPaths = new LinkedHashMap<>();
        final Map<Side, AbVariant> sides = Map.of(Side.A, options.abA(), Side.B, options.abB());
        try {
            for (Side side : Side.values()) {
                classPaths.put(side, sides.get(side).classPath(cache));
            }
        } catch (IllegalStateException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        final Map<Side, List<List<Result>>> forks = new LinkedHashMap<>();
        for (Side side : Side.values()) {
            final List<List<Result>> rows = new ArrayList<>();
            plan.forEach(p -> rows.add(new ArrayList<>()));
            forks.put(side, rows);
        }
        final List<AbStep> steps = abPlan(plan, options.forks());
        final AutoCloseable condition = startCondition(options);
        try (condition) {
            for (int i = 0; i < steps.size(); i++) {
                final AbStep step = steps.get(i);
                final Planned run = step.run();
                System.err.printf("[%d/%d] %s: %s on %s (%s), %d workers, JVM %d of %d%n", i + 1, steps.size(),
                        step.side(), run.benchmark(), run.system(), run.variant(), run.workers(), step.fork(), options.forks());
                forks.get(step.side()).get(step.row()).add(runChild(options, run, classPaths.get(step.side()),
                        sides.get(step.side()).jvmArgs()));
            }
        }
        final AbReport report = new AbReport(forks.get(Side.A).stream().map(Result::pooled).toList(),
                forks.get(Side.B).stream().map(Result::pooled).toList(), options.abA(), options.abB(), info);
        System.out.print(report.table());
        report.write(options.out());
        System.err.println("results in " + options.out().toAbsolutePath().normalize() + ": ab.csv, ab.json");
        if (report.anyFailed()) {
            System.exit(1);
        }
    }

    /** One run of the suite: a benchmark on one system and variant with a worker count, in its own JVM. */
    record Planned(String benchmark, String system, String variant, int workers) {
    }

    /**
     * Every run {@code options} asks for, in the order of the table: by benchmark, then system,
     * variant and worker count ({@link Benchmarks#workerCounts}).
     */
    static List<Planned> plan(Options options) {
        final List<Planned> plan = new ArrayList<>();
        for (String id : options.only()) {
            final Benchmarks benchmark = Benchmarks.byId(id).orElseThrow();
            for (String system : options.systems()) {
                for (String variant : benchmark.variants(system)) {
                    if (options.variants() != null && !options.variants().contains(variant)) {
                        continue;
                    }
                    for (int workers : benchmark.workerCounts(options.workers())) {
                        plan.add(new Planned(id, system, variant, workers));
                    }
                }
            }
        }
        return plan;
    }

    /** Keeps the heap a JVM grew to across the collections between iterations. */
    static final String KEEP_HEAP = "-XX:MaxHeapFreeRatio=100";

    /** Every option that takes a value. */
    private static final Set<String> VALUED = Set.of("--preset", "--only", "--variants", "--systems", "--workers", "--warmup",
            "--warmup-ms", "--iterations", "--forks", "--size", "--jvm-arg", "--policy", "--run-timeout", "--contend",
            "--cpu-quota", "--out", "--ab");

    /**
     * The options, or null for --help.
     *
     * @throws IllegalArgumentException naming the option or argument that is unknown or has a bad
     *                                  or missing value
     */
    static Options parse(String[] args) {
        String preset = "small";
        List<String> only = Benchmarks.ids();
        List<String> systems = List.of(Benchmarks.ACTORKIT, Benchmarks.PEKKO);
        List<String> variants = null;
        int workers = Runtime.getRuntime().availableProcessors();
        int warmup = 2;
        long warmupMillis = DEFAULT_WARMUP_MILLIS;
        int iterations = 5;
        int forks = 1;
        final List<String> sizes = new ArrayList<>();
        final List<String> jvmArgs = new ArrayList<>();
        Duration runTimeout = null;
        int contenders = 0;
        BigDecimal cpuQuota = null;
        AbVariant abA = null;
        AbVariant abB = null;
        boolean systemsGiven = false;
        Path out = Path.of("bench-results");
        for (int i = 0; i < args.length; i++) {
            final String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                return null;
            }
            if (!VALUED.contains(arg)) {
                throw new IllegalArgumentException(arg.startsWith("-") ? "unknown option " + arg : "unexpected argument " + arg);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(arg + " needs a value");
            }
            final String value = args[++i];
            if (arg.equals("--ab")) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("--ab needs two values: A B");
                }
                abA = AbVariant.parse(value);
                abB = AbVariant.parse(args[++i]);
                continue;
            }
            switch (arg) {
                case "--preset" -> {
                    Sizes.preset(value);
                    preset = value;
                }
                case "--only" -> {
                    only = Arrays.asList(value.split(","));
                    for (String id : only) {
                        if (Benchmarks.byId(id).isEmpty()) {
                            throw new IllegalArgumentException("unknown benchmark \"" + id + "\"; benchmarks: "
                                    + String.join(", ", Benchmarks.ids()));
                        }
                    }
                }
                case "--variants" -> variants = Arrays.asList(value.split(","));
                case "--systems" -> {
                    systems = Arrays.asList(value.split(","));
                    systemsGiven = true;
                    for (String system : systems) {
                        if (!system.equals(Benchmarks.ACTORKIT) && !system.equals(Benchmarks.PEKKO)) {
                            throw new IllegalArgumentException("unknown system \"" + system + "\"; systems: actorkit, pekko");
                        }
                    }
                }
                case "--workers" -> workers = atLeast(arg, value, 1);
                case "--warmup" -> warmup = atLeast(arg, value, 0);
                case "--warmup-ms" -> warmupMillis = atLeast(arg, value, 0);
                case "--iterations" -> iterations = atLeast(arg, value, 1);
                case "--forks" -> forks = atLeast(arg, value, 1);
                case "--size" -> {
                    Sizes.resolve("small", List.of(value));
                    sizes.add(value);
                }
                case "--jvm-arg" -> jvmArgs.add(value);
                case "--policy" -> jvmArgs.add(policyArg(value));
                case "--run-timeout" -> runTimeout = Duration.ofSeconds(atLeast(arg, value, 1));
                case "--contend" -> contenders = atLeast(arg, value, 1);
                case "--cpu-quota" -> cpuQuota = CpuQuota.parse(arg, value);
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        if (runTimeout == null) {
            runTimeout = preset.equals("reference") ? DEFAULT_RUN_TIMEOUT_REFERENCE : DEFAULT_RUN_TIMEOUT_SMALL;
        }
        if (abA != null && !systemsGiven) {
            systems = List.of(Benchmarks.ACTORKIT);
        }
        return new Options(preset, only, variants, systems, workers, warmup, warmupMillis, iterations, forks, sizes, jvmArgs,
                runTimeout, new Condition(contenders, cpuQuota), abA, abB, out);
    }

    private static int atLeast(String option, String value, int least) {
        final int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " = " + value + ": must be a whole number");
        }
        if (n < least) {
            throw new IllegalArgumentException(option + " = " + n + ": must be at least " + least);
        }
        return n;
    }

    /**
     * The JVM option that switches scheduling rules off ({@code --policy}): {@code -Dactor.policy=}
     * and the value, checked for its form here (the rules' names are checked by the toolkit, whose
     * every system start fails on an unknown one).
     *
     * @throws IllegalArgumentException if the value is empty or holds a space
     */
    static String policyArg(String value) {
        if (value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("--policy \"" + value
                    + "\": give rule=off[,rule=on...] without spaces, all=off or random[:seed]");
        }
        return "-Dactor.policy=" + value;
    }

    /** The options of every child JVM: the suite's defaults, then the user's {@code --jvm-arg}s. */
    static List<String> jvmArgs(Options options) {
        // The remote rows run Aeron, whose Agrona reads jdk.internal.misc.Unsafe; the other rows do
        // not touch it, so the flag changes nothing for them.
        final List<String> args = new ArrayList<>(List.of(ServerProcess.FLAG));
        if (options.jvmArgs().stream().noneMatch(a -> a.startsWith("-Xmx"))) {
            args.add(options.preset().equals("reference") ? "-Xmx16g" : "-Xmx4g");
        }
        if (options.jvmArgs().stream().noneMatch(a -> a.startsWith("-XX:MaxHeapFreeRatio"))) {
            // NOTE: the System.gc() before each iteration would otherwise shrink the heap to a few MB,
            // and the next iteration would fault its pages in again: on this VM that added up to
            // 250 ms to a 60 ms iteration of dynamic-send, on some iterations only. Both systems
            // run with the heap they grew kept.
            args.add(KEEP_HEAP);
        }
        args.addAll(options.jvmArgs());
        return args;
    }

    /** Runs {@code run} in a child JVM on {@code classPath}, with the suite's JVM options and then {@code extraJvmArgs}. */
    private static Result runChild(Options options, Planned run, String classPath, List<String> extraJvmArgs)
            throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs(options));
        command.addAll(extraJvmArgs);
        command.addAll(List.of("-cp", classPath, RunOne.class.getName(),
                "--benchmark", run.benchmark(), "--system", run.system(), "--variant", run.variant(),
                "--workers", String.valueOf(run.workers()), "--preset", options.preset(),
                "--warmup", String.valueOf(options.warmup()),
                "--warmup-ms", String.valueOf(Benchmarks.byId(run.benchmark()).orElseThrow().warmupMillis(options.warmupMillis())),
                "--iterations", String.valueOf(options.iterations())));
        for (String size : options.sizes()) {
            command.addAll(List.of("--size", size));
        }
        return runChild(command, run, options.runTimeout());
    }

    /**
     * Runs {@code command}, a child JVM of {@code run}, for at most {@code limit}: its stdout's
     * {@code RESULT} line is the result, its other lines go to stderr. A child still running at the
     * limit is killed with every process it started (the remote rows' server), and its result
     * says so; a child that fails says why, from its {@code FAILED} line if it printed one.
     */
    static Result runChild(List<String> command, Planned run, Duration limit) throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        final CompletableFuture<ChildOutput> output = CompletableFuture.supplyAsync(() -> read(process),
                task -> {
                    final Thread reader = new Thread(task, "child output");
                    reader.setDaemon(true);
                    reader.start();
                });
        if (!process.waitFor(limit.toNanos(), TimeUnit.NANOSECONDS)) {
            kill(process);
            awaitOutput(output);
            return failed(run, "killed after " + limit.toSeconds() + " s (--run-timeout): the run had not ended");
        }
        final ChildOutput out = awaitOutput(output);
        final int exit = process.exitValue();
        if (out == null) {
            return failed(run, "exit code " + exit + ", its output did not close");
        }
        if (exit != 0 || out.result() == null) {
            return failed(run, "exit code " + exit + (out.failure() != null ? ": " + out.failure()
                    : out.result() == null ? ", no result" : ""));
        }
        final Matcher m = RESULT.matcher(out.result());
        if (!m.matches()) {
            return failed(run, "unreadable result: " + out.result());
        }
        final List<Long> times = Arrays.stream(m.group(1).split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .map(Long::parseLong).toList();
        final Map<String, Double> extras = new LinkedHashMap<>();
        final Matcher e = EXTRA.matcher(m.group(3));
        while (e.find()) {
            extras.put(e.group(1), Double.parseDouble(e.group(2)));
        }
        return new Result(run.benchmark(), run.system(), run.variant(), run.workers(), times, Long.parseLong(m.group(2)), extras, null);
    }

    /** A child's {@code RESULT} line and the reason of its {@code FAILED} line, each null if it printed none. */
    private record ChildOutput(String result, String failure) {
    }

    private static ChildOutput read(Process process) {
        String result = null;
        String failure = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("RESULT ")) {
                    result = line;
                } else if (line.startsWith("FAILED ")) {
                    failure = line.substring("FAILED ".length());
                } else {
                    System.err.println("    | " + line);
                }
            }
        } catch (IOException e) {
            System.err.println("    | (output lost: " + e + ")");
        }
        return new ChildOutput(result, failure);
    }

    /** The child's output once it has closed, or null if it is still open after {@link #KILL_GRACE}. */
    private static ChildOutput awaitOutput(CompletableFuture<ChildOutput> output) throws InterruptedException {
        try {
            return output.get(KILL_GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading a child's output failed", e.getCause());
        } catch (TimeoutException e) {
            return null;
        }
    }

    /** Kills {@code process} and every process it started, each at once (SIGKILL). */
    private static void kill(Process process) throws InterruptedException {
        // NOTE: the descendants are listed before the child dies: an orphan is no longer its descendant.
        final List<ProcessHandle> family = process.descendants().toList();
        process.destroyForcibly();
        family.forEach(ProcessHandle::destroyForcibly);
        process.waitFor(KILL_GRACE.toNanos(), TimeUnit.NANOSECONDS);
    }

    private static Result failed(Planned run, String error) {
        return new Result(run.benchmark(), run.system(), run.variant(), run.workers(), List.of(), -1, Map.of(), error);
    }
}
