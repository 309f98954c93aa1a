package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guide's jlink command ({@value #GUIDE}) as a user runs it after {@code mvn package}: an image
 * of the examples, the toolkit, Agrona (given a descriptor by the build, in {@code target/modules})
 * and the JDK modules they require, built once, from which the examples run with no module path.
 * The command is read from the guide, so the two cannot drift; only its module path and the
 * application's module name are the examples'. Failsafe runs this after packaging (system
 * properties {@code repository.root} and {@code examples.modulePath}, set in the POM).
 */
class JlinkImageIT {

    /** The document that holds the jlink command, relative to the repository's root. */
    private static final String GUIDE = "docs/guide.md";

    /** The guide's paragraph on jlink starts with this; the first command of its first {@code sh} block is jlink's. */
    private static final String PARAGRAPH = "**jlink.**";

    /** The application module's name in the guide's command, replaced by the examples'. */
    private static final String GUIDE_APPLICATION = "my.app";

    @TempDir
    static Path temporary;

    /** The image, built by {@link #buildTheImageWithTheGuidesCommand}. */
    private static Path image;

    @BeforeAll
    @Timeout(300)
    static void buildTheImageWithTheGuidesCommand() throws IOException, InterruptedException {
        final List<String> command = guideJlinkCommand();
        assertEquals("jlink", command.get(0), "the jlink paragraph's command: " + command);
        assertEquals(command.size() - 2, command.indexOf("--output"), "the command ends with --output <dir>: " + command);
        image = temporary.resolve("runtime");
        final List<String> arguments = new ArrayList<>(command.subList(1, command.size() - 1));
        arguments.add(image.toString());
        final int modulePath = arguments.indexOf("--module-path") + 1;
        final int addModules = arguments.indexOf("--add-modules") + 1;
        assertTrue(modulePath > 0 && addModules > 0, "the command has --module-path and --add-modules: " + command);
        arguments.set(modulePath, System.getProperty("examples.modulePath"));
        final List<String> added = Arrays.asList(arguments.get(addModules).split(","));
        assertTrue(added.contains(GUIDE_APPLICATION), "the command adds " + GUIDE_APPLICATION + ": " + command);
        arguments.set(addModules, arguments.get(addModules).replace(GUIDE_APPLICATION, "actor.examples"));
        // NOTE: jlink runs as its own process, as a user runs it: on a JDK without jmods (JEP 493,
        // Temurin 25) jlink links from the run-time image, which it refuses to do in a JVM started
        // with --patch-module, as this test's is.
        final Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        assertTrue(Files.isExecutable(jlink), "no jlink in " + System.getProperty("java.home"));
        final List<String> invocation = new ArrayList<>();
        invocation.add(jlink.toString());
        invocation.addAll(arguments);
        final Process process = new ProcessBuilder(invocation).redirectErrorStream(true).start();
        try {
            assertTrue(process.waitFor(240, TimeUnit.SECONDS), "jlink still running after 240 s");
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), "jlink " + arguments + ": " + output);
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    @Timeout(120)
    void theImageHoldsTheApplicationTheToolkitAndAgrona() throws Exception {
        final List<String> modules = run(image.resolve("bin").resolve("java").toString(), "--list-modules").stream()
                .map(module -> module.substring(0, module.indexOf('@') < 0 ? module.length() : module.indexOf('@')))
                .toList();
        for (String module : List.of("actor.examples", "actor.api", "actor.executor", "actor.steal", "actor.stats",
                "org.agrona", "java.management", "jdk.jfr", "java.base")) {
            assertTrue(modules.contains(module), module + " in the image: " + modules);
        }
    }

    @Test
    @Timeout(120)
    void theFirstExampleRunsFromTheImage() throws Exception {
        assertEquals(List.of("string message \"Hello World\"", "integer message 42", "integer message 42"),
                runFromTheImage("HelloActors"));
    }

    @Test
    @Timeout(120)
    void theAwaitExampleWithItsTimersRunsFromTheImage() throws Exception {
        assertEquals(List.of("Paris: sunny, 21 C", "Oslo: rain, 9 C", "Atlantis: unavailable (404 Atlantis)",
                "Paris: sunny, 21 C (cached)"), runFromTheImage("Weather"));
    }

    /** Runs {@code actor.examples.<name>} with the image's java, with no module path and no flags; its output lines. */
    private static List<String> runFromTheImage(String name) throws Exception {
        return run(image.resolve("bin").resolve("java").toString(), "--module", "actor.examples/actor.examples." + name);
    }

    /** Runs {@code command}; its output lines, once it has exited with 0. */
    private static List<String> run(String... command) throws Exception {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), Arrays.toString(command) + " still running after 60 s");
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), output);
            return output.lines().toList();
        } finally {
            process.destroyForcibly();
        }
    }

    /** The first command of the {@code sh} block after the jlink paragraph's start, split into its words. */
    private static List<String> guideJlinkCommand() throws IOException {
        final List<String> lines = Files.readAllLines(Path.of(System.getProperty("repository.root")).resolve(GUIDE),
                StandardCharsets.UTF_8);
        int line = 0;
        while (line < lines.size() && !lines.get(line).startsWith(PARAGRAPH)) {
            line++;
        }
        while (line < lines.size() && !lines.get(line).equals("```sh")) {
            line++;
        }
        assertTrue(line < lines.size(), GUIDE + " has a paragraph starting with " + PARAGRAPH + " and an sh block after it");
        final StringBuilder command = new StringBuilder();
        for (line++; lines.get(line).endsWith("\\"); line++) {
            command.append(lines.get(line), 0, lines.get(line).length() - 1);
        }
        command.append(lines.get(line));
        return Arrays.asList(command.toString().trim().split("\\s+"));
    }
}
