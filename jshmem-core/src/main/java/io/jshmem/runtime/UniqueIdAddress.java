package io.jshmem.runtime;

import io.jshmem.error.ShmemArgumentException;

import java.net.InetSocketAddress;

/** Parses {@code host:port}, {@code [v6]:port} and {@code tcp://} / {@code tcp6://} forms of rendezvous addresses. */
public final class UniqueIdAddress {
    private UniqueIdAddress() {
    }

    public static InetSocketAddress parseHostPort(String text) {
        String t = text.trim();
        if (t.startsWith("tcp://")) {
            t = t.substring(6);
        } else if (t.startsWith("tcp6://")) {
            t = t.substring(7);
        }
        String host;
        String port;
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0 || close + 1 >= t.length() || t.charAt(close + 1) != ':') {
                throw bad(text);
            }
            host = t.substring(1, close);
            port = t.substring(close + 2);
        } else {
            int colon = t.lastIndexOf(':');
            if (colon <= 0 || t.indexOf(':') != colon) {
                throw bad(text);
            }
            host = t.substring(0, colon);
            port = t.substring(colon + 1);
        }
        try {
            int p = Integer.parseInt(port);
            if (p < 0 || p > 65535) {
                throw bad(text);
            }
            return new InetSocketAddress(host, p);
        } catch (NumberFormatException e) {
            throw bad(text);
        }
    }

    private static ShmemArgumentException bad(String text) {
        return new ShmemArgumentException("rendezvous address = '" + text + "' is invalid: valid forms are "
                + "host:port, 1.2.3.4:port, [::1]:port, tcp://host:port or tcp6://[addr]:port with port 0..65535");
    }
}
