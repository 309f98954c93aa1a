package actor.bench.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import actor.bench.suite.Benchmarks;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.dispatch.ThreadPoolConfig;
import org.apache.pekko.remote.artery.ArterySettings;
import org.junit.jupiter.api.Test;

/**
 * The two configurations of Pekko's remote rows, as Pekko itself reads them: the whole configuration
 * a row's system starts with ({@link PekkoRemote#effective}), parsed by Artery's own settings class,
 * so that a misspelled or misplaced key (Pekko reads no {@code advanced.idle-cpu-level}) fails here
 * instead of leaving a "tuned" row on Artery's defaults.
 */
class PekkoRemoteTest {

    private static final int WORKERS = 2;

    @Test
    void arteryTunedCarriesTheTunedSettingsAsPekkoReadsThem() throws Exception {
        final Config config = PekkoRemote.effective(Benchmarks.ARTERY_TUNED_VARIANT, 25520, WORKERS);
        final ArterySettings artery = ArterySettings.apply(config.getConfig("pekko.remote.artery"));
        assertEquals(1, artery.Advanced().Aeron().IdleCpuLevel(), "idle-cpu-level");
        assertEquals(1, artery.Advanced().InboundLanes(), "inbound lanes");
        assertEquals(1, artery.Advanced().OutboundLanes(), "outbound lanes");
        assertEquals("pekko.remote.default-remote-dispatcher", artery.Advanced().Dispatcher(),
                "Artery's streams run on the dispatcher whose size is tuned");
        assertEquals(1, remoteDispatcherThreads(config), "remote dispatcher threads");
        assertEquals("aeron-udp", config.getString("pekko.remote.artery.transport"));
        assertEquals("transport aeron-udp, idle-cpu-level 1, inbound-lanes 1, outbound-lanes 1, remote dispatcher of 1 thread",
                PekkoRemote.settings(config));
    }

    @Test
    void theDefaultRowKeepsArterysDefaultsAndBothRowsTheSameTransportWorkersAndSerializer() throws Exception {
        final Config defaults = PekkoRemote.effective(Benchmarks.PEKKO_VARIANT, 25521, WORKERS);
        final Config tuned = PekkoRemote.effective(Benchmarks.ARTERY_TUNED_VARIANT, 25521, WORKERS);
        final Config reference = ConfigFactory.defaultReference();
        final ArterySettings artery = ArterySettings.apply(defaults.getConfig("pekko.remote.artery"));
        assertEquals(reference.getInt("pekko.remote.artery.advanced.aeron.idle-cpu-level"), artery.Advanced().Aeron().IdleCpuLevel());
        assertEquals(5, artery.Advanced().Aeron().IdleCpuLevel());
        assertEquals(4, artery.Advanced().InboundLanes());
        assertEquals(reference.getInt("pekko.remote.artery.advanced.inbound-lanes"), artery.Advanced().InboundLanes());
        assertEquals(reference.getInt("pekko.remote.artery.advanced.outbound-lanes"), artery.Advanced().OutboundLanes());
        assertEquals(reference.getConfig("pekko.remote.default-remote-dispatcher"),
                defaults.getConfig("pekko.remote.default-remote-dispatcher"));
        for (String same : new String[] {"pekko.remote.artery.transport", "pekko.remote.artery.canonical.hostname",
                "pekko.remote.artery.canonical.port", "pekko.actor.serializers.bench", "pekko.actor.serialization-bindings",
                "pekko.actor.default-dispatcher", "pekko.actor.provider"}) {
            assertEquals(defaults.getValue(same), tuned.getValue(same), same + ": the same in both configurations");
        }
        // Everything but the tuned keys (and the per-system temporary Aeron directory) is the same.
        final Config tunedKeys = ConfigFactory.parseString(PekkoRemote.TUNED);
        assertEquals(tunedKeys.withFallback(defaults.withoutPath("pekko.remote.artery.advanced.aeron.aeron-dir")).root().unwrapped(),
                tuned.withoutPath("pekko.remote.artery.advanced.aeron.aeron-dir").root().unwrapped());
        assertThrows(IllegalArgumentException.class, () -> PekkoRemote.effective("fast", 25522, WORKERS));
    }

    private static int remoteDispatcherThreads(Config config) {
        final Config pool = config.getConfig("pekko.remote.default-remote-dispatcher.fork-join-executor");
        return ThreadPoolConfig.scaledPoolSize(pool.getInt("parallelism-min"), pool.getDouble("parallelism-factor"),
                pool.getInt("parallelism-max"));
    }
}
