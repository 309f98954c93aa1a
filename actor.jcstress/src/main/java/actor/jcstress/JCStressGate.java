package actor.jcstress;

import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.StateCase;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.TestInfo;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.runners.TestList;

/**
 * Runs jcstress (same options as its {@code Main}), then reads its result file back and exits with
 * status 1 if any test failed: a forbidden or unexpected outcome was observed, a run did not end
 * normally (an exception in an actor, a timeout, a crashed fork), or a selected test did not run at
 * all although the CPUs it needs were granted. jcstress 0.16 signals failed runs only by an
 * {@code AssertionError} thrown from its last report, after which nothing else would be printed, and
 * says nothing when a test was never run (no matching scheduling class, no VM configuration).
 *
 * <p>Prints one histogram per test, summed over every JVM configuration and compilation mode, each
 * outcome with its grading. A test with more actors than {@code -c} CPUs cannot be scheduled; it is
 * reported as not run, which does not fail the build.
 *
 * <p>Uses jcstress's result classes ({@code DiskReadCollector}, {@code TestResult#grading()},
 * {@code TestList}), which are not a stable API: the version is pinned in the parent POM.
 */
public final class JCStressGate {

    private JCStressGate() {
    }

    public static void main(String[] args) throws Exception {
        final Options options = new Options(args);
        if (!options.parse()) {
            System.exit(2);
        }
        if (options.shouldList() || options.shouldParse()) {
            System.err.println("JCStressGate runs tests; use org.openjdk.jcstress.Main to list or parse");
            System.exit(2);
        }
        try {
            new JCStress(options).run();
        } catch (AssertionError failures) {
            // NOTE: jcstress's exception report lists the failed runs this way; the check below
            // finds them again in the result file and adds the histograms.
            System.out.println("jcstress: " + failures.getMessage());
        }
        System.exit(check(options) ? 0 : 1);
    }

    /** Reads the result file back; prints the histograms; true if every selected test passed. */
    private static boolean check(Options options) throws Exception {
        final InProcessCollector collector = new InProcessCollector();
        try {
            final DiskReadCollector reader = new DiskReadCollector(options.getResultFile(), collector);
            reader.dump();
            reader.close();
        } catch (FileNotFoundException e) {
            System.out.println("jcstress gate: FAILED, no result file (" + options.getResultFile() + ")");
            return false;
        }
        final Map<String, List<TestResult>> byTest = new TreeMap<>();
        for (TestResult result : collector.getTestResults()) {
            byTest.computeIfAbsent(result.getName(), k -> new ArrayList<>()).add(result);
        }
        final Pattern filter = Pattern.compile(options.getTestFilter());
        final List<String> failed = new ArrayList<>();
        int notRun = 0;
        System.out.println();
        System.out.println("jcstress gate: outcomes summed over all runs of each test");
        for (String test : new java.util.TreeSet<>(TestList.tests())) {
            if (!filter.matcher(test).find()) {
                continue;
            }
            final TestInfo info = TestList.getInfo(test);
            final List<TestResult> results = byTest.getOrDefault(test, List.of());
            if (results.isEmpty()) {
                if (info.threads() > options.getCPUCount()) {
                    notRun++;
                    System.out.printf("  NOT RUN  %s: %d actors, only %d CPUs granted (-c)%n",
                            test, info.threads(), options.getCPUCount());
                } else {
                    failed.add(test);
                    System.out.printf("  FAILED   %s: no result%n", test);
                }
                continue;
            }
            if (!report(test, info, results)) {
                failed.add(test);
            }
        }
        System.out.println();
        if (failed.isEmpty()) {
            System.out.printf("jcstress gate: passed (%d tests not run for lack of CPUs)%n", notRun);
            return true;
        }
        System.out.println("jcstress gate: FAILED " + failed);
        return false;
    }

    /** Prints one test's summed histogram; true if it passed in every run. */
    private static boolean report(String test, TestInfo info, List<TestResult> results) {
        boolean passed = true;
        final Map<String, Long> histogram = new TreeMap<>();
        final List<String> messages = new ArrayList<>();
        for (TestResult result : results) {
            if (result.status() != Status.NORMAL) {
                passed = false;
                messages.add(result.status() + " " + result.getMessages() + " " + result.getVmErr());
            } else if (!result.grading().isPassed) {
                passed = false;
            }
            for (String state : result.getStateKeys()) {
                histogram.merge(state, result.getCount(state), Long::sum);
            }
        }
        System.out.printf("  %-8s %s (%d runs)%n", passed ? "PASSED" : "FAILED", test, results.size());
        histogram.forEach((state, count) ->
                System.out.printf("    %12d  %-22s %s%n", count, expectation(info, state), state));
        messages.forEach(m -> System.out.println("    " + m));
        return passed;
    }

    private static Expect expectation(TestInfo info, String state) {
        for (StateCase c : info.cases()) {
            if (c.matches(state)) {
                return c.expect();
            }
        }
        return info.unmatched() == null ? Expect.UNKNOWN : info.unmatched().expect();
    }
}
