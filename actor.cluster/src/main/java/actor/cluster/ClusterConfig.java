package actor.cluster;

import actor.remote.NodeAddress;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The immutable configuration of a {@link Cluster} member, made by {@link #builder()}: the
 * cluster's name, where this member's membership channel listens and the seeds it first asks, how
 * many members form a new cluster, the failure detection and downing times, and the entity types it
 * hosts. The builder validates once, in {@link Builder#build()}; an invalid value fails with an
 * {@link IllegalArgumentException} naming the field and its allowed range.
 *
 * <pre>{@code
 * ClusterConfig config = ClusterConfig.builder()
 *         .clusterName("bank")
 *         .bind("localhost:7801")                                   // this member's JGroups TCP endpoint
 *         .seeds("localhost:7801", "localhost:7802", "localhost:7803")
 *         .initialMembers(2)                                        // the first two form the cluster
 *         .entity(Account.TYPE, Account::new)                       // the same types on every member
 *         .build();
 * }</pre>
 *
 * <p>Times: a member that dies is out of the view after about {@link #failureDetection()} (at once
 * when its process dies and its TCP connections close; after the timeout when it hangs or the
 * network drops its packets), then unreachable, then downed after {@link #downAfter()}.
 */
public final class ClusterConfig {

    /** Default wait between a member becoming unreachable and the majority side downing it. */
    public static final Duration DEFAULT_DOWN_AFTER = Duration.ofSeconds(2);
    /** Default silence after which JGroups suspects a member (heartbeats every quarter of it). */
    public static final Duration DEFAULT_FAILURE_DETECTION = Duration.ofSeconds(3);
    /** Shortest downing and failure detection time. */
    public static final Duration MIN_DURATION = Duration.ofMillis(10);
    /** Longest downing and failure detection time. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Largest {@link Builder#initialMembers(int)}. */
    public static final int MAX_INITIAL_MEMBERS = 1000;
    /** Longest cluster name. */
    public static final int MAX_CLUSTER_NAME_LENGTH = 100;

    /**
     * A registered entity type and its factory.
     *
     * @param <M>     the message type
     * @param type    the type
     * @param factory makes its entities
     */
    public record Entity<M>(EntityType<M> type, EntityFactory<M> factory) {
    }

    private final String clusterName;
    private final InetSocketAddress bind;
    private final List<InetSocketAddress> seeds;
    private final int initialMembers;
    private final Duration downAfter;
    private final Duration failureDetection;
    private final List<Entity<?>> entities;

    private ClusterConfig(Builder builder, InetSocketAddress bind, List<InetSocketAddress> seeds) {
        this.clusterName = builder.clusterName;
        this.bind = bind;
        this.seeds = seeds;
        this.initialMembers = builder.initialMembers;
        this.downAfter = builder.downAfter;
        this.failureDetection = builder.failureDetection;
        this.entities = List.copyOf(builder.entities.values());
    }

    /** {@return a builder with the defaults} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return the cluster's name: members of clusters of other names never meet} */
    public String clusterName() {
        return clusterName;
    }

    /** {@return where this member's membership channel (JGroups TCP) listens} */
    public InetSocketAddress bind() {
        return bind;
    }

    /** {@return the membership endpoints asked first (JGroups TCPPING), this member's own included or not} */
    public List<InetSocketAddress> seeds() {
        return seeds;
    }

    /** {@return how many new members, in one view, form a new cluster} */
    public int initialMembers() {
        return initialMembers;
    }

    /** {@return how long a member stays unreachable before the majority side downs it} */
    public Duration downAfter() {
        return downAfter;
    }

    /** {@return how long a silent member takes to be suspected (JGroups FD_ALL3)} */
    public Duration failureDetection() {
        return failureDetection;
    }

    /** {@return the entity types this member hosts, with their factories, in the order registered} */
    public List<Entity<?>> entities() {
        return entities;
    }

    @Override
    public String toString() {
        return "ClusterConfig[clusterName=" + clusterName + ", bind=" + bind + ", seeds=" + seeds + ", initialMembers="
                + initialMembers + ", downAfter=" + downAfter + ", failureDetection=" + failureDetection + ", entities="
                + entities.stream().map(e -> e.type().name()).toList() + "]";
    }

    /** Builds a {@link ClusterConfig}; not thread-safe. */
    public static final class Builder {

        private String clusterName;
        private String bind;
        private final List<String> seeds = new ArrayList<>();
        private int initialMembers = 1;
        private Duration downAfter = DEFAULT_DOWN_AFTER;
        private Duration failureDetection = DEFAULT_FAILURE_DETECTION;
        private boolean insecure;
        private final Map<String, Entity<?>> entities = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * @param name the cluster's name, 1 to {@link #MAX_CLUSTER_NAME_LENGTH} characters; required
         * @return this builder
         */
        public Builder clusterName(String name) {
            this.clusterName = name;
            return this;
        }

        /**
         * @param endpoint {@code host:port} where this member's membership channel listens; required.
         *                 A loopback address unless {@link #insecure()}: the channel is not authenticated
         * @return this builder
         */
        public Builder bind(String endpoint) {
            this.bind = endpoint;
            return this;
        }

        /**
         * @param endpoints {@code host:port} membership endpoints of members to ask first; none: this
         *                  member only finds members that contact it
         * @return this builder
         */
        public Builder seeds(String... endpoints) {
            seeds.addAll(List.of(endpoints));
            return this;
        }

        /**
         * @param count how many new members, in one view, form a new cluster (1 to
         *              {@link #MAX_INITIAL_MEMBERS}; default 1). Set it to a majority of the members
         *              that start together, so that seeds started at once form one cluster, not several
         * @return this builder
         */
        public Builder initialMembers(int count) {
            this.initialMembers = count;
            return this;
        }

        /**
         * @param time how long a member stays unreachable before the majority side downs it
         *             ({@link #MIN_DURATION} to {@link #MAX_DURATION}; default {@link #DEFAULT_DOWN_AFTER})
         * @return this builder
         */
        public Builder downAfter(Duration time) {
            this.downAfter = time;
            return this;
        }

        /**
         * @param timeout how long a silent member takes to be suspected ({@link #MIN_DURATION} to
         *                {@link #MAX_DURATION}; default {@link #DEFAULT_FAILURE_DETECTION})
         * @return this builder
         */
        public Builder failureDetection(Duration timeout) {
            this.failureDetection = timeout;
            return this;
        }

        /**
         * Lets the membership channel listen on an address other than loopback. Its messages are not
         * authenticated (docs/cluster.md): only on a network where every host is trusted.
         *
         * @return this builder
         */
        public Builder insecure() {
            this.insecure = true;
            return this;
        }

        /**
         * Registers an entity type and the factory of its entities. Every member registers the same
         * types: a member owns entities of every type.
         *
         * @param <M>     the message type
         * @param type    the type
         * @param factory makes an entity on its first message on its owner
         * @return this builder
         */
        public <M> Builder entity(EntityType<M> type, EntityFactory<M> factory) {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(factory, "factory");
            if (entities.putIfAbsent(type.name(), new Entity<>(type, factory)) != null) {
                throw new IllegalArgumentException("entity: type '" + type.name() + "' is registered already");
            }
            return this;
        }

        /**
         * {@return the configuration}
         *
         * @throws IllegalArgumentException naming the first invalid field and its allowed range
         */
        public ClusterConfig build() {
            if (clusterName == null || clusterName.isEmpty() || clusterName.length() > MAX_CLUSTER_NAME_LENGTH) {
                throw new IllegalArgumentException("clusterName = " + clusterName + ": required, 1 to "
                        + MAX_CLUSTER_NAME_LENGTH + " characters");
            }
            final InetSocketAddress bound = endpoint("bind", bind);
            if (!insecure && !bound.getAddress().isLoopbackAddress()) {
                throw new IllegalArgumentException("bind = " + bind + ": not a loopback address, and the membership"
                        + " channel is not authenticated; set insecure() on a network where every host is trusted");
            }
            final List<InetSocketAddress> seedAddresses = new ArrayList<>();
            for (String seed : seeds) {
                seedAddresses.add(endpoint("seeds", seed));
            }
            if (initialMembers < 1 || initialMembers > MAX_INITIAL_MEMBERS) {
                throw new IllegalArgumentException("initialMembers = " + initialMembers + ": must be in [1, "
                        + MAX_INITIAL_MEMBERS + "]");
            }
            checkDuration("downAfter", downAfter);
            checkDuration("failureDetection", failureDetection);
            return new ClusterConfig(this, bound, List.copyOf(seedAddresses));
        }

        private static InetSocketAddress endpoint(String field, String endpoint) {
            if (endpoint == null) {
                throw new IllegalArgumentException(field + ": required, host:port");
            }
            final NodeAddress checked;
            try {
                checked = new NodeAddress("membership", endpoint);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(field + " = " + endpoint + ": " + e.getMessage(), e);
            }
            final int colon = checked.endpoint().lastIndexOf(':');
            String host = checked.endpoint().substring(0, colon);
            if (host.startsWith("[")) {
                host = host.substring(1, host.length() - 1);
            }
            try {
                return new InetSocketAddress(InetAddress.getByName(host), Integer.parseInt(checked.endpoint().substring(colon + 1)));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(field + " = " + endpoint + ": the host does not resolve", e);
            }
        }

        private static void checkDuration(String field, Duration value) {
            if (value == null || value.compareTo(MIN_DURATION) < 0 || value.compareTo(MAX_DURATION) > 0) {
                throw new IllegalArgumentException(field + " = " + value + ": must be in [" + MIN_DURATION + ", "
                        + MAX_DURATION + "]");
            }
        }
    }
}
