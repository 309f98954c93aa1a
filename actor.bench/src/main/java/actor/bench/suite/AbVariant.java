package actor.bench.suite;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * One side of an A/B run ({@code ./bench --ab A B}): a git revision, or the work tree as built,
 * with extra JVM options for this side's runs only. Written as one argument, the revision first:
 * {@code "HEAD~3"}, {@code ". -Dactor.policy=pull=off"}.
 *
 * @param spec    the argument as given
 * @param rev     a revision {@code git rev-parse} accepts, or {@value #WORKTREE}
 * @param jvmArgs the side's own JVM options, after the suite's
 */
record AbVariant(String spec, String rev, List<String> jvmArgs) {

    /** The work tree as built: the jar and bench-lib this suite runs from. */
    static final String WORKTREE = "WORKTREE";

    AbVariant {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /**
     * Reads a side's argument: a revision ({@code .} or {@value #WORKTREE} for the work tree),
     * then JVM options, separated by spaces.
     *
     * @throws IllegalArgumentException if it is empty or an option does not start with {@code -}
     */
    static AbVariant parse(String spec) {
        final List<String> words = Arrays.stream(spec.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
        if (words.isEmpty()) {
            throw new IllegalArgumentException("--ab: a side is empty; give a revision, e.g. HEAD~1 or . (the work tree)");
        }
        final String rev = words.get(0).equals(".") ? WORKTREE : words.get(0);
        if (rev.startsWith("-")) {
            throw new IllegalArgumentException("--ab \"" + spec + "\": starts with the revision, then its JVM options");
        }
        for (String option : words.subList(1, words.size())) {
            if (!option.startsWith("-")) {
                throw new IllegalArgumentException("--ab \"" + spec + "\": " + option
                        + " is not a JVM option (one revision per side, then options starting with -)");
            }
        }
        return new AbVariant(spec.trim(), rev, words.subList(1, words.size()));
    }

    /**
     * The class path of this side's child JVMs: this JVM's for the work tree; for a revision, the
     * jar and bench-lib of its build in {@code cache/<commit>}, a detached git worktree built
     * once ({@code mvn -q -B -o package -DskipTests -Djcstress.skip}, online if that fails) and
     * reused while its jar is there.
     *
     * @throws IllegalStateException if git does not know the revision or the build fails
     */
    String classPath(Path cache) throws IOException, InterruptedException {
        if (rev.equals(WORKTREE)) {
            return System.getProperty("java.class.path");
        }
        final String commit = run(null, "git", "rev-parse", "--verify", "--quiet", rev + "^{commit}");
        final Path tree = cache.resolve(commit).toAbsolutePath();
        if (!Files.isDirectory(tree)) {
            Files.createDirectories(cache);
            System.err.println("A/B: " + rev + " (" + commit + ") into " + tree);
            run(null, "git", "worktree", "add", "--detach", tree.toString(), commit);
        }
        if (jar(tree) == null) {
            System.err.println("A/B: building " + rev + " in " + tree + " ...");
            try {
                run(tree, "mvn", "-q", "-B", "-o", "package", "-DskipTests", "-Djcstress.skip");
            } catch (IllegalStateException offline) {
                System.err.println("A/B: the offline build failed, building online");
                run(tree, "mvn", "-q", "-B", "package", "-DskipTests", "-Djcstress.skip");
            }
        }
        final Path jar = jar(tree);
        if (jar == null) {
            throw new IllegalStateException("--ab: the build of " + rev + " in " + tree + " left no actor.bench jar");
        }
        return jar + File.pathSeparator + tree.resolve("actor.bench/target/bench-lib").resolve("*");
    }

    /** The actor.bench jar of the build in {@code tree}, or null if it is not built. */
    private static Path jar(Path tree) throws IOException {
        final Path target = tree.resolve("actor.bench/target");
        if (!Files.isDirectory(target.resolve("bench-lib"))) {
            return null;
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> {
                final String name = f.getFileName().toString();
                return name.startsWith("actor.bench-") && name.endsWith(".jar") && !name.contains("sources")
                        && !name.contains("javadoc");
            }).findFirst().orElse(null);
        }
    }

    /** Runs {@code command} in {@code dir} (null: here), its output to stderr; returns its stdout's last line. */
    private static String run(Path dir, String... command) throws IOException, InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        if (dir != null) {
            builder.directory(dir.toFile());
        }
        final Process process = builder.start();
        final List<String> lines = new ArrayList<>(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines().toList());
        final int exit = process.waitFor();
        if (exit != 0) {
            lines.forEach(l -> System.err.println("    | " + l));
            throw new IllegalStateException("--ab: " + String.join(" ", command) + " failed (exit " + exit + ")");
        }
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).trim();
    }
}
