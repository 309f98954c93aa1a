package actor.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class HelloActorsTest {

    @Test
    @Timeout(30)
    void printsTheThreeLinesOfTheReferenceExample() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HelloActors.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(List.of("string message \"Hello World\"", "integer message 42", "integer message 42"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
