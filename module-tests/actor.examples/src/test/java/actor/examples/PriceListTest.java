package actor.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PriceListTest {

    @Test
    @Timeout(30)
    void answersTheRequestsHeldWhileLoadingInTheOrderAsked() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PriceList.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(List.of("apple: 3", "plum: not listed", "pear: 5"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
