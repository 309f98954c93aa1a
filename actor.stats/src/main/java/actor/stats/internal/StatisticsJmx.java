package actor.stats.internal;

import actor.stats.Counts;
import actor.stats.Health;
import actor.stats.Statistics;
import actor.stats.StatisticsMXBean;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.function.Supplier;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Registers a system's live statistics as a {@link StatisticsMXBean} on the platform MBean server.
 * The executor registers one per system with statistics on, when the system starts, and closes it
 * when the system has stopped.
 */
public final class StatisticsJmx implements AutoCloseable {

    private final MBeanServer server;
    private final ObjectName name;

    private StatisticsJmx(MBeanServer server, ObjectName name) {
        this.server = server;
        this.name = name;
    }

    /**
     * Registers {@code snapshots} under {@code actor.stats:type=ActorSystem,name=<system>}, adding
     * {@code instance=<n>} when that name is taken by another running system.
     *
     * @throws IllegalStateException if the MBean server refuses the registration
     */
    public static StatisticsJmx register(String system, Supplier<Statistics> snapshots) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(snapshots, "snapshots");
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final String base = StatisticsMXBean.DOMAIN + ":type=ActorSystem,name=" + ObjectName.quote(system);
        try {
            for (int instance = 1; ; instance++) {
                final ObjectName name = new ObjectName(instance == 1 ? base : base + ",instance=" + instance);
                try {
                    server.registerMBean(new View(system, snapshots), name);
                    return new StatisticsJmx(server, name);
                } catch (InstanceAlreadyExistsException taken) {
                    continue;
                }
            }
        } catch (JMException e) {
            throw new IllegalStateException("cannot register the statistics MBean of '" + system + "'", e);
        }
    }

    /** The name this registration used. */
    public ObjectName objectName() {
        return name;
    }

    /** Unregisters; calling it again does nothing. */
    @Override
    public void close() {
        try {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException e) {
            throw new IllegalStateException("cannot unregister " + name, e);
        }
    }

    /** The MXBean: each getter takes a fresh snapshot. */
    private static final class View implements StatisticsMXBean {
        private final String system;
        private final Supplier<Statistics> snapshots;

        View(String system, Supplier<Statistics> snapshots) {
            this.system = system;
            this.snapshots = snapshots;
        }

        private Counts total() {
            return snapshots.get().total();
        }

        @Override
        public String getSystem() {
            return system;
        }

        @Override
        public long getActorsCreated() {
            return total().actorsCreated();
        }

        @Override
        public long getMessagesSent() {
            return total().messagesSent();
        }

        @Override
        public long getMessagesReceived() {
            return total().messagesReceived();
        }

        @Override
        public long getGulps() {
            return total().gulps();
        }

        @Override
        public double getAverageGulpSize() {
            return total().averageGulpSize();
        }

        @Override
        public long getMissedGulps() {
            return total().missedGulps();
        }

        @Override
        public long getStealAttempts() {
            return total().stealAttempts();
        }

        @Override
        public long getStealFailuresNoCandidate() {
            return total().stealFailuresNoCandidate();
        }

        @Override
        public long getStealFailuresFailedSwap() {
            return total().stealFailuresFailedSwap();
        }

        @Override
        public long getMessagesStolen() {
            return total().messagesStolen();
        }

        private Health health() {
            return snapshots.get().health();
        }

        @Override
        public long getLiveActors() {
            return health().liveActors();
        }

        @Override
        public long getDeadLetters() {
            return health().deadLetters();
        }

        @Override
        public long getFailures() {
            return health().failures();
        }

        @Override
        public long getUndelivered() {
            return health().undelivered();
        }

        @Override
        public long getBacklog() {
            return health().backlog();
        }

        @Override
        public long getRescues() {
            return total().rescues();
        }

        @Override
        public long getPulls() {
            return total().pulls();
        }

        @Override
        public long getLostWakeUps() {
            return total().lostWakeUps();
        }

        @Override
        public double getAverageStealSize() {
            return total().averageStealSize();
        }

        @Override
        public long getRefused() {
            return health().refused();
        }

        @Override
        public long getDropped() {
            return health().dropped();
        }

        @Override
        public long getLongestMailbox() {
            return health().longestMailbox();
        }

        @Override
        public long[] getQueuedByWorker() {
            return snapshots.get().workers().stream().mapToLong(Counts::queued).toArray();
        }

        @Override
        public long getMailboxAlarms() {
            return health().mailboxAlarms();
        }

        @Override
        public long getAlarmedMailboxes() {
            return health().alarmedMailboxes();
        }

        @Override
        public String getReport() {
            return snapshots.get().toText();
        }

        @Override
        public String getReportJson() {
            return snapshots.get().toJson();
        }
    }
}
