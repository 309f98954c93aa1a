package actor.remote;

/** Which Aeron media driver a node uses: the process that owns the sockets and the log buffers. */
public enum DriverMode {
    /**
     * A driver started by the node in its own process, in the directory
     * {@code actor.remote-<name>-<endpoint>} under the configured
     * {@linkplain RemoteConfig.Builder#aeronDirectory directory} (default: {@code java.io.tmpdir}),
     * locked while the node runs and deleted when it closes; what a killed node left there is
     * replaced when a node of the same name and endpoint starts. The default: nothing else to run.
     */
    EMBEDDED,
    /**
     * A driver the application runs itself ({@code io.aeron.driver.MediaDriver} as a process of its
     * own, possibly shared by several nodes), found in the configured
     * {@linkplain RemoteConfig.Builder#aeronDirectory directory}; the node neither starts nor stops it.
     */
    EXTERNAL
}
