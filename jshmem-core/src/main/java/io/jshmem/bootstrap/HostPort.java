package io.jshmem.bootstrap;

import io.jshmem.error.ShmemArgumentException;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * A {@code host:port} setting as CANN SHMEM accepts it: {@code 10.0.0.1:4567}, {@code [fe80::1%eth0]:4567} or
 * {@code node1:4567}, optionally prefixed by {@code tcp://} or {@code tcp6://}. Immutable and thread-safe.
 *
 * @param host host name or IP literal, IPv6 without brackets
 */
record HostPort(String host, int port) {

    /**
     * Parses {@code text}, the value of the setting {@code name}; errors name the setting, the value and the
     * valid forms.
     */
    static HostPort parse(String name, String text) {
        String t = text.strip();
        if (t.startsWith("tcp6://")) {
            t = t.substring("tcp6://".length());
        } else if (t.startsWith("tcp://")) {
            t = t.substring("tcp://".length());
        }
        String host;
        String portText;
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0 || !t.startsWith(":", close + 1)) {
                throw invalid(name, text, "an IPv6 address needs the form [addr]:port");
            }
            host = t.substring(1, close);
            portText = t.substring(close + 2);
        } else {
            int colon = t.lastIndexOf(':');
            if (colon < 0) {
                throw invalid(name, text, "the port is missing");
            }
            if (t.indexOf(':') != colon) {
                throw invalid(name, text, "an IPv6 address must be written in brackets, as [addr]:port");
            }
            host = t.substring(0, colon);
            portText = t.substring(colon + 1);
        }
        if (host.isBlank() || host.chars().anyMatch(c -> Character.isWhitespace(c) || "@/[]".indexOf(c) >= 0)) {
            throw invalid(name, text, "the host is empty or contains invalid characters");
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw invalid(name, text, "port '" + portText + "' is not a number");
        }
        if (port < 1 || port > 65535) {
            throw invalid(name, text, "port " + port + " is outside 1..65535");
        }
        return new HostPort(host, port);
    }

    /** The address of the host; a name that does not resolve is an error naming the setting. */
    InetAddress resolve(String name) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new ShmemArgumentException(name + " names host '" + host + "', which does not resolve (DNS or"
                    + " /etc/hosts); use an IP address or a resolvable host name");
        }
    }

    private static ShmemArgumentException invalid(String name, String value, String why) {
        return new ShmemArgumentException(name + " = '" + value + "' is invalid: " + why + ". Valid forms:"
                + " 10.0.0.1:4567, [::1]:4567, [fe80::1%eth0]:4567 or node1:4567 (port 1..65535); fix " + name);
    }
}
