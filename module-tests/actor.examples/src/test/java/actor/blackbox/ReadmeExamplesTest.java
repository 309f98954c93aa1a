package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's code as a reader copies it: the example compiles on its own against the API, runs,
 * and prints the output the README shows; the blocking-call snippet is the code of the example it
 * names. Fails when the README and the code drift apart.
 */
class ReadmeExamplesTest {

    /** Surefire runs in the module's directory, two below the repository's root. */
    private static final Path README = Path.of("..", "..", "README.md");

    @Test
    @Timeout(120)
    void theExampleCompilesRunsAndPrintsTheOutputShown(@TempDir Path dir) throws Exception {
        final List<String> readme = Files.readAllLines(README, StandardCharsets.UTF_8);
        final List<String> code = block(readme, "## Example", "```java");
        final List<String> shown = block(readme, "Output:", "```");
        final String name = code.stream().filter(line -> line.startsWith("public final class "))
                .map(line -> line.substring("public final class ".length()).split("\\s")[0])
                .findFirst().orElseThrow(() -> new AssertionError("the README's example declares no public class"));
        final Path source = dir.resolve(name + ".java");
        Files.write(source, code, StandardCharsets.UTF_8);
        final String classPath = ModuleBoundaryTest.modulePathOf("actor.api", "actor.executor");
        final ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        final ByteArrayOutputStream errors = new ByteArrayOutputStream();
        final PrintWriter writer = new PrintWriter(errors, true, StandardCharsets.UTF_8);
        final int exit = javac.run(writer, writer, "--release", "17", "-d", dir.resolve("out").toString(),
                "-cp", classPath, source.toString());
        assertEquals(0, exit, "the README's example does not compile:\n" + errors.toString(StandardCharsets.UTF_8));

        final Path output = dir.resolve("output.txt");
        final Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", dir.resolve("out") + File.pathSeparator + classPath, name)
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        final boolean exited = child.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        assertTrue(exited, "the README's example did not finish within 60 s");
        final List<String> printed = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), String.join("\n", printed));
        assertEquals(shown, printed);
    }

    @Test
    void theBlockingSnippetIsTheCodeOfTheExampleItNames() throws IOException {
        final List<String> readme = Files.readAllLines(README, StandardCharsets.UTF_8);
        final String snippet = String.join(" ", withoutComments(block(readme, "## Blocking calls", "```java")));
        final Path named = Path.of("src", "main", "java", "actor", "examples", "Customers.java");
        assertTrue(readme.stream().anyMatch(line -> line.contains("module-tests/actor.examples/" + named.toString()
                .replace(File.separatorChar, '/'))), "the README no longer names " + named);
        final String example = String.join(" ", withoutComments(Files.readAllLines(named, StandardCharsets.UTF_8)));
        assertTrue(example.contains(snippet), "README snippet not in " + named + ": " + snippet);
    }

    /** The lines of the first fenced block opened by {@code fence} after the line {@code heading}. */
    private static List<String> block(List<String> lines, String heading, String fence) {
        final int at = lines.indexOf(heading);
        assertTrue(at >= 0, "the README has no line \"" + heading + "\"");
        int open = at + 1;
        while (open < lines.size() && !lines.get(open).equals(fence)) {
            open++;
        }
        final List<String> block = new ArrayList<>();
        for (int i = open + 1; i < lines.size() && !lines.get(i).equals("```"); i++) {
            block.add(lines.get(i));
        }
        assertTrue(!block.isEmpty(), "no " + fence + " block after \"" + heading + "\"");
        return block;
    }

    /** Each line without its {@code //} comment and surrounding blanks; blank lines left out. */
    private static List<String> withoutComments(List<String> lines) {
        return lines.stream().map(line -> {
            final int comment = line.indexOf("//");
            return (comment >= 0 ? line.substring(0, comment) : line).strip();
        }).filter(line -> !line.isEmpty()).toList();
    }
}
