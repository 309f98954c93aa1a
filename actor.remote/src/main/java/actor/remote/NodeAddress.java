package actor.remote;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a node receives: its name and its UDP endpoint ({@code host:port}). Names identify nodes in
 * {@code RemoteNode.lookup}; endpoints are where their messages go.
 *
 * @param name     the node's name: 1 to {@value #MAX_NAME_LENGTH} characters among letters, digits,
 *                 {@code .}, {@code _} and {@code -}
 * @param endpoint {@code host:port}: the host a DNS name (labels of letters, digits and {@code -}, the
 *                 last one not all digits), an IPv4 address ({@code 127.0.0.1}) or an IPv6 address in
 *                 brackets ({@code [::1]:40001}, no zone); the port from 1 to 65535. Nothing else: an
 *                 endpoint goes into Aeron channel URIs, so it must not carry URI syntax ({@code |},
 *                 {@code ?}, {@code =}), whitespace or control characters
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

    /**
     * Whether the endpoint is on the loopback interface, where only processes of this host reach it:
     * the host {@code localhost}, an IPv4 address in 127.0.0.0/8, or {@code [::1]} (in any
     * spelling). Decided from the text alone, no name is resolved: any other host name is not.
     */
    boolean isLoopback() {
        final String host = endpoint.substring(0, endpoint.lastIndexOf(':'));
        if (host.toLowerCase(Locale.ROOT).equals("localhost")) {
            return true;
        }
        if (host.charAt(0) != '[' && !isIpv4(host)) {
            return false;
        }
        try {
            // An address literal, checked by the constructor: InetAddress parses it, resolving nothing.
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException notALiteral) {
            return false;
        }
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

    /**
     * Checks an endpoint as the {@code endpoint} parameter says, wherever it comes from: the
     * configuration, or another node (a header, a reference in a message).
     *
     * @throws IllegalArgumentException naming {@code field} and what is wrong
     */
    static void checkEndpoint(String field, String endpoint) {
        Objects.requireNonNull(endpoint, field);
        final int colon = endpoint.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': expected host:port ([v6 address]:port for IPv6)");
        }
        final String host = endpoint.substring(0, colon);
        if (!isPort(endpoint, colon + 1)) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': the port must be a number in [1, 65535]");
        }
        final boolean bracketed = host.length() > 2 && host.charAt(0) == '[' && host.charAt(host.length() - 1) == ']';
        if (bracketed ? !isIpv6(host.substring(1, host.length() - 1)) : !isIpv4(host) && !isDnsName(host)) {
            throw new IllegalArgumentException(field + " = '" + endpoint + "': the host must be a DNS name, an IPv4 "
                    + "address, or an IPv6 address in brackets ([v6 address]:port)");
        }
    }

    /** One to five ASCII digits from {@code from} to the end, for a number in [1, 65535]. */
    private static boolean isPort(String text, int from) {
        final int digits = text.length() - from;
        if (digits < 1 || digits > 5) {
            return false;
        }
        int port = 0;
        for (int i = from; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            port = port * 10 + (c - '0');
        }
        return port >= 1 && port <= 65_535;
    }

    /** Four decimal numbers from 0 to 255 (one to three ASCII digits each), separated by dots. */
    private static boolean isIpv4(String host) {
        int parts = 0;
        int at = 0;
        while (parts < 4) {
            int value = 0;
            int digits = 0;
            while (at < host.length() && digits < 4 && host.charAt(at) >= '0' && host.charAt(at) <= '9') {
                value = value * 10 + (host.charAt(at++) - '0');
                digits++;
            }
            if (digits == 0 || digits > 3 || value > 255) {
                return false;
            }
            parts++;
            if (parts < 4 && (at == host.length() || host.charAt(at++) != '.')) {
                return false;
            }
        }
        return at == host.length();
    }

    /**
     * A host name as RFC 1123 has it: at most 253 characters, dot-separated labels of 1 to 63 ASCII
     * letters, digits and {@code -}, none starting or ending with {@code -}; the last label not all
     * digits (that would be a malformed IPv4 address).
     */
    private static boolean isDnsName(String host) {
        if (host.length() > 253) {
            return false;
        }
        int labelStart = 0;
        while (true) {
            final int dot = host.indexOf('.', labelStart);
            final int labelEnd = dot < 0 ? host.length() : dot;
            if (!isLabel(host, labelStart, labelEnd)) {
                return false;
            }
            if (dot < 0) {
                return !isDigits(host, labelStart, labelEnd);
            }
            labelStart = dot + 1;
        }
    }

    private static boolean isLabel(String host, int from, int to) {
        if (to - from < 1 || to - from > 63 || host.charAt(from) == '-' || host.charAt(to - 1) == '-') {
            return false;
        }
        for (int i = from; i < to; i++) {
            final char c = host.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigits(String host, int from, int to) {
        for (int i = from; i < to; i++) {
            if (host.charAt(i) < '0' || host.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * An IPv6 address as RFC 4291 writes it, without brackets or zone: eight groups of one to four
     * hexadecimal digits separated by colons, one run of zero groups as {@code ::}, the last two
     * groups as an IPv4 address if need be ({@code ::ffff:127.0.0.1}).
     */
    private static boolean isIpv6(String text) {
        final int end = text.length();
        int groups = 0;
        boolean compressed = text.startsWith("::");
        int at = compressed ? 2 : 0;
        while (at < end) {
            final int groupStart = at;
            while (at < end && at - groupStart < 5 && isHexDigit(text.charAt(at))) {
                at++;
            }
            if (at < end && text.charAt(at) == '.') {
                return isIpv4(text.substring(groupStart)) && (compressed ? groups + 2 <= 7 : groups + 2 == 8);
            }
            final int digits = at - groupStart;
            if (digits < 1 || digits > 4) {
                return false;
            }
            groups++;
            if (at == end) {
                break;
            }
            if (text.charAt(at++) != ':' || at == end) {
                return false;
            }
            if (text.charAt(at) == ':') {
                if (compressed) {
                    return false;
                }
                compressed = true;
                at++;
            }
        }
        return compressed ? groups <= 7 : groups == 8;
    }

    private static boolean isHexDigit(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
