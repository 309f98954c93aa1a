package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.spi.ToolProvider;

/** A one-class modular application ({@code app/app.Main}) compiled against the toolkit, for tests that run it in a JVM of its own. */
final class ChildApplication {

    private ChildApplication() {
    }

    /**
     * Compiles {@code mainSource} (class {@code app.Main}) in module {@code app}, which requires
     * {@code actor.api}, against {@code modulePath}, under {@code dir}.
     *
     * @return the folder of the compiled module
     */
    static Path compile(Path dir, String modulePath, String mainSource) throws IOException {
        final Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), "module app { requires actor.api; }\n");
        Files.writeString(src.resolve("app").resolve("Main.java"), mainSource);
        final Path classes = dir.resolve("out");
        final ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final PrintWriter writer = new PrintWriter(output, true, StandardCharsets.UTF_8);
        final int exit = javac.run(writer, writer, "--release", "17", "-d", classes.toString(),
                "--module-path", modulePath,
                src.resolve("module-info.java").toString(), src.resolve("app").resolve("Main.java").toString());
        assertEquals(0, exit, "the application does not compile:\n" + output.toString(StandardCharsets.UTF_8));
        return classes;
    }
}
