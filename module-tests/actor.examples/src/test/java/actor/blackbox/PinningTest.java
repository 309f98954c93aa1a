package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.tuning.WorkerPinning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Pinning is off by default, and JNA stays an optional dependency: an application that does not
 * add it runs as before, and one that asks for pinning without it is told what to add.
 */
class PinningTest {

    @Test
    void workersAreNotPinnedByDefault() {
        assertEquals(WorkerPinning.NONE, ActorSystemConfig.builder().build().pinning());
        assertTrue(ActorSystemConfig.builder().pinning(WorkerPinning.CPU).build().toString().contains(", pinning=CPU"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void pinningWithoutJnaFailsTheStartSayingWhatToAdd() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.sun.jna.Native"),
                "this application does not depend on JNA");
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> ActorSystem.start(
                ActorSystemConfig.builder().workers(2).pinning(WorkerPinning.CPU).build()));
        assertTrue(e.getMessage().contains("net.java.dev.jna:jna"), e.getMessage());
    }
}
