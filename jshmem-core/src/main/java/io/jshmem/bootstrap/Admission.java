package io.jshmem.bootstrap;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Bounds the rendezvous's unauthenticated connections, in total and per source address, without ever refusing a
 * new one: when a limit is exceeded the <em>oldest</em> pending handshakes are dropped instead. A real PE
 * authenticates within milliseconds of connecting, so it is always among the youngest and a flood of idle or slow
 * strangers (slowloris) evicts only its own members; a PE that is evicted after all retries its connection.
 * Refusing newcomers instead, as a plain cap does, lets 128 idle sockets lock every PE out.
 *
 * <p>Thread-safe (one monitor); every operation is O(1) apart from removing a finished handshake from its source's
 * queue, which is bounded by {@link #MAX_PER_SOURCE}.
 */
final class Admission {
    /** Unauthenticated connections at once, from everywhere. */
    static final int MAX_PENDING = 256;
    /** Unauthenticated connections at once from one source address (PEs of one host share an address). */
    static final int MAX_PER_SOURCE = 64;

    private final LinkedHashSet<ServerConnection> pending = new LinkedHashSet<>();
    private final Map<InetAddress, ArrayDeque<ServerConnection>> bySource = new HashMap<>();

    /** Registers a new connection; returns the older pending connections that must be dropped to make room. */
    synchronized List<ServerConnection> admit(ServerConnection c) {
        pending.add(c);
        ArrayDeque<ServerConnection> mine = bySource.computeIfAbsent(c.source(), a -> new ArrayDeque<>());
        mine.addLast(c);
        List<ServerConnection> victims = new ArrayList<>(0);
        while (mine.size() > MAX_PER_SOURCE) {
            ServerConnection old = mine.pollFirst();
            pending.remove(old);
            victims.add(old);
        }
        while (pending.size() > MAX_PENDING) {
            ServerConnection old = pending.iterator().next();
            remove(old);
            victims.add(old);
        }
        return victims;
    }

    /** The handshake of {@code c} ended (admitted, refused or dropped). Idempotent. */
    synchronized void done(ServerConnection c) {
        remove(c);
    }

    synchronized int pending() {
        return pending.size();
    }

    private void remove(ServerConnection c) {
        if (!pending.remove(c)) {
            return;
        }
        ArrayDeque<ServerConnection> q = bySource.get(c.source());
        if (q != null) {
            q.remove(c);
            if (q.isEmpty()) {
                bySource.remove(c.source());
            }
        }
    }
}
