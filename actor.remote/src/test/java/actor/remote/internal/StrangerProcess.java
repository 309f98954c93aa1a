package actor.remote.internal;

import actor.remote.RemoteConfig;
import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A process that is no node and has no secret, in a JVM of its own: its own media driver, a raw
 * publication to each endpoint it is given, and frames written by the test, sent round and round,
 * one every millisecond or so, until its stdin closes. It prints {@code READY} once every
 * publication is connected, and {@code SENT count} at the end.
 *
 * <pre>
 * StrangerProcess directory endpoint=hexFrame,hexFrame,... [endpoint=...]
 * </pre>
 */
public final class StrangerProcess {

    private StrangerProcess() {
    }

    private record Target(Publication publication, List<byte[]> frames) {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        try (MediaDriver driver = MediaDriver.launch(new MediaDriver.Context()
                     .aeronDirectoryName(Path.of(args[0]).resolve("stranger-driver").toString())
                     .threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(new BackoffIdleStrategy(1, 1, 1_000, 100_000))
                     .termBufferSparseFile(true).dirDeleteOnStart(true).dirDeleteOnShutdown(true));
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            final List<Target> targets = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                final int equals = args[i].indexOf('=');
                final List<byte[]> frames = new ArrayList<>();
                for (String hex : args[i].substring(equals + 1).split(",")) {
                    frames.add(HexFormat.of().parseHex(hex));
                }
                targets.add(new Target(aeron.addExclusivePublication("aeron:udp?endpoint=" + args[i].substring(0, equals)
                        + "|term-length=1048576|sparse=true", RemoteConfig.DEFAULT_STREAM_ID), frames));
            }
            while (!targets.stream().allMatch(t -> t.publication().isConnected())) {
                Thread.sleep(1);
            }
            final AtomicBoolean inputOpen = new AtomicBoolean(true);
            final Thread input = new Thread(() -> {
                try {
                    System.in.transferTo(OutputStream.nullOutputStream());
                } catch (IOException closed) {
                    System.err.println("stranger: stdin failed, stopping: " + closed);
                }
                inputOpen.set(false);
            }, "stranger stdin");
            input.setDaemon(true);
            input.start();
            System.out.println("READY");
            final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
            long sent = 0;
            for (int round = 0; inputOpen.get(); round++) {
                for (Target target : targets) {
                    final byte[] frame = target.frames().get(round % target.frames().size());
                    view.wrap(frame);
                    if (target.publication().offer(view, 0, frame.length) > 0) {
                        sent++;
                    }
                }
                Thread.sleep(1);
            }
            System.out.println("SENT " + sent);
        }
    }
}
