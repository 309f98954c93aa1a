package actor.remote;

import java.util.Objects;

/**
 * Where a node receives: its name and its UDP endpoint ({@code host:port}). Names identify nodes in
 * {@code RemoteNode.lookup}; endpoints are where their messages go.
 *
 * @param name     the node's name: 1 to {@value #MAX_NAME_LENGTH} characters among letters, digits,
 *                 {@code .}, {@code _} and {@code -}
 * @param endpoint {@code host:port}, the port from 1 to 65535; an IPv6 host in brackets ({@code [::1]:40001})
 */
public record NodeAddress(String name, String endpoint) {

    /** Longest node name. */
    public static final int MAX_NAME_LENGTH = 64;

    /**
     * Checks both parts.
     *
     * @param name     the node's name
     * @param endpoint its {@code host:port}
     * @throws IllegalArgumentException if either is malformed, naming which and why
     */
    public NodeAddress {
        checkName("name", name);
        checkEndpoint("endpoint", endpoint);
    }

    /**
     * {@return the address written {@code name@host:port}}
     *
     * @param address e.g. {@code "pong@localhost:40002"}
     * @throws IllegalArgumentException if it is not of that form
     */
    public static NodeAddress parse(String address) {
        Objects.requireNonNull(address, "address");
        final int at = address.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("node address '" + address + "': expected name@host:port");
        }
        return new NodeAddress(address.substring(0, at), address.substring(at + 1));
    }

    @Override
    public String toString() {
        return name + "@" + endpoint;
    }

    static void checkName(String field, String name) {
        Objects.requireNonNull(name, field);
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException(field + " = '" + name + "': must have 1 to " + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')) {
                throw new IllegalArgumentException(field + " = '" + name + "': only letters, digits, '.', '_' and '-' are allowed");
            }
        }
    }

    static void checkEndpoint(String field, String endpoint) {
        Objects.requireNonNull(endpoint, field);
        final int colon = endpoint.lastIndexOf(':');
        final String host = colon < 0 ? "" : endpoint.substring(0, colon);
        if (host.isEmpty() || host.indexOf(':') >= 0 && !(host.startsWith("[") && host.endsWith("]"))) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': expected host:port ([v6 address]:port for IPv6)");
        }
        final int port;
        try {
            port = Integer.parseInt(endpoint.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': the port is not a number", e);
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': the port must be in [1, 65535]");
        }
    }
}
