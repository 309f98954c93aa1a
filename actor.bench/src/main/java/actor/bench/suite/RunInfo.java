package actor.bench.suite;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What a suite run ran with and where: written into {@code latest.json}, above the table and on
 * the chart, so that every result says which sizes, machine and code produced it.
 *
 * @param preset        the size preset ("small" or "reference")
 * @param workers       worker threads of both systems
 * @param warmup        least warm-up iterations per run
 * @param warmupMillis  least warm-up time per run: iterations go on until this much has run
 * @param iterations    measured iterations per run, in each fork
 * @param forks         JVMs per run ({@code --forks}), whose iterations are pooled
 * @param sizes         every size actually used (the preset with the overrides applied), by name
 * @param sizeOverrides the {@code --size name=value} options given
 * @param jvmArgs       the options every child JVM ran with
 * @param condition     the load the runs measured under: {@code "idle"}, {@code "contend=2"},
 *                      {@code "cpu-quota=1.5"}, or both ({@code --contend}, {@code --cpu-quota})
 * @param date          when the run started (ISO-8601, UTC)
 * @param commit        the short git commit of the code, or {@link #UNKNOWN}
 * @param jvm           the JVM's name and version
 * @param cpus          processors available to the JVM
 */
public record RunInfo(String preset, int workers, int warmup, long warmupMillis, int iterations, int forks,
                      Map<String, Long> sizes,
                      List<String> sizeOverrides, List<String> jvmArgs, String condition, String date, String commit,
                      String jvm, int cpus) {

    /** The commit when git, or the repository, is not there. */
    public static final String UNKNOWN = "unknown";

    private static final long GIT_TIMEOUT_SECONDS = 10;

    public RunInfo {
        Objects.requireNonNull(preset, "preset");
        sizes = Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
        sizeOverrides = List.copyOf(sizeOverrides);
        jvmArgs = List.copyOf(jvmArgs);
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(jvm, "jvm");
    }

    /** This JVM's name and version, as {@code java.vm.name} and {@code java.version} give them. */
    public static String currentJvm() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
    }

    /**
     * The short commit of the working directory's git checkout ({@code git rev-parse --short HEAD}),
     * or {@link #UNKNOWN} if git is missing, fails, or takes too long; never throws.
     */
    public static String gitCommit() {
        final Process git;
        try {
            git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return UNKNOWN;
        }
        try (InputStream out = git.getInputStream()) {
            final ByteArrayOutputStream text = new ByteArrayOutputStream();
            out.transferTo(text);
            if (!git.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || git.exitValue() != 0) {
                return UNKNOWN;
            }
            final String commit = text.toString(StandardCharsets.UTF_8).trim();
            return commit.matches("[0-9a-f]{4,40}") ? commit : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        } finally {
            git.destroy();
        }
    }

    /** One line: preset, workers, iterations (and forks), date, commit, JVM, processors and condition. */
    public String summary() {
        return String.format(Locale.ROOT,
                "preset %s, %d workers, %d+ warm-up iterations (at least %d ms) + %d measured%s, %s, commit %s, %s, %d CPUs, %s",
                preset, workers, warmup, warmupMillis, iterations,
                forks > 1 ? " in each of " + forks + " JVMs per run" : "", date, commit, jvm, cpus, condition);
    }
}
