package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started in a JVM without the flag Agrona needs, on the class path: the start fails with an
 * {@link IllegalStateException} that names the flag for the module path and for the class path,
 * with Agrona's error as its cause: its {@link IllegalAccessError} the first time, and the
 * {@link NoClassDefFoundError} of the class it left uninitialised on the next start.
 */
class MissingFlagTest {

    private static final String PREFIX = "FAILED java.lang.IllegalStateException caused by ";

    @TempDir
    Path temporary;

    @Test
    @Timeout(60)
    void everyStartSaysWhichFlagToAdd() throws Exception {
        try (ChildJvm child = ChildJvm.start(temporary, "no flag", List.of(), NoFlagProcess.class, Ports.freeEndpoint())) {
            final List<String> starts = child.take("", 2, Duration.ofSeconds(30));
            assertEquals(0, child.exitValue(Duration.ofSeconds(30)), String.valueOf(starts));
            assertTrue(starts.get(0).startsWith(PREFIX + "java.lang.IllegalAccessError: "), starts.get(0));
            assertTrue(starts.get(1).startsWith(PREFIX + "java.lang.NoClassDefFoundError: "), starts.get(1));
            for (String start : starts) {
                assertTrue(start.contains("--add-opens java.base/jdk.internal.misc=org.agrona")
                        && start.contains("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), start);
            }
        }
    }
}
