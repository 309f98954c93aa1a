package actor.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LedgersTest {

    @Test
    @Timeout(30)
    void eachAccountsDepositsMeetOnOneLedger() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Ledgers.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(List.of("alice 1683", "bob 1617", "carol 1650"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
