package actor.remote.internal;

import actor.remote.NodeAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where a node's embedded media driver keeps its files: {@code <parent>/actor.remote-<name>-<endpoint>}
 * (the endpoint with every character but letters, digits, {@code .}, {@code _} and {@code -} made
 * {@code _}), holding {@value #LOCK_FILE} and the driver's own directory {@value #AERON}.
 *
 * <p>The node holds an exclusive lock on {@value #LOCK_FILE} while it runs; the operating system
 * releases it when the process ends, however it ends. So a node that gets the lock knows that no
 * running node uses the directory, and that whatever a killed one left there is stale: the driver
 * then starts with {@code dirDeleteOnStart}, which deletes it. A node that does not get the lock
 * fails to start, naming the directory. Aeron's own check (does the driver's heartbeat in its CnC
 * file look recent?) would not do: it still sees a killed driver as active for the driver timeout
 * (10 s) after the kill, and refuses to start.
 *
 * <p>Threading: made and closed by the thread that starts and closes the node.
 */
final class DriverDirectory {

    private static final System.Logger LOG = System.getLogger("actor.remote");

    /** The file a running node holds its lock on. */
    static final String LOCK_FILE = "node.lock";
    /** The media driver's directory, inside. */
    static final String AERON = "aeron";

    private final Path path;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private DriverDirectory(Path path, FileChannel lockChannel, FileLock lock) {
        this.path = path;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Takes the directory of the node at {@code address} under {@code parent}, making it if need be.
     *
     * @throws IllegalStateException if a running node holds it
     * @throws UncheckedIOException  if it cannot be made or locked
     */
    static DriverDirectory claim(Path parent, NodeAddress address) {
        final Path path = parent.resolve("actor.remote-" + address.name() + "-" + fileNameOf(address.endpoint()));
        FileChannel channel = null;
        try {
            Files.createDirectories(path);
            channel = FileChannel.open(path.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldHere) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("the media driver directory " + path + " is in use by a running node "
                        + "(node '" + address.name() + "' at " + address.endpoint() + ", in this process or another): "
                        + "node names are unique, and one endpoint takes one node");
            }
            if (Files.exists(path.resolve(AERON))) {
                LOG.log(System.Logger.Level.INFO, "node '" + address.name() + "': the media driver directory " + path
                        + " was left by a node that did not close (killed, say); its files are replaced");
            }
            return new DriverDirectory(path, channel, lock);
        } catch (IOException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new UncheckedIOException("cannot make or lock the embedded driver's directory " + path, e);
        }
    }

    private static String fileNameOf(String endpoint) {
        final StringBuilder name = new StringBuilder(endpoint.length());
        for (int i = 0; i < endpoint.length(); i++) {
            final char c = endpoint.charAt(i);
            name.append(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' ? c : '_');
        }
        return name.toString();
    }

    /** {@return the media driver's directory} */
    Path aeron() {
        return path.resolve(AERON);
    }

    /** Deletes the driver's files, releases the lock, and deletes the rest; a failure to delete is logged. */
    void delete() {
        deleteTree(aeron());
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not release the lock on " + path.resolve(LOCK_FILE), e);
        }
        deleteTree(path);
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not delete " + root, e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
