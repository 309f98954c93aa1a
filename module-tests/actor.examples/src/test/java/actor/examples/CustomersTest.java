package actor.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CustomersTest {

    @Test
    @Timeout(30)
    void answersEachLookupFromTheBlockingDaoInTheOrderAsked() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Customers.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(List.of("1: Ada Lovelace", "3: no customer 3", "2: Alan Turing"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
