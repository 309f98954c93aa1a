package actor.api;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Without actor.executor on the path (as in this module's tests), starting a system says what to add. */
class NoExecutorTest {

    @Test
    void everyStartThrowsIllegalStateExceptionNamingTheExecutorModule() {
        for (int attempt = 0; attempt < 2; attempt++) {
            final IllegalStateException e = assertThrows(IllegalStateException.class, ActorSystem::start);
            assertTrue(e.getMessage().contains("actor.executor"), e.getMessage());
        }
    }
}
