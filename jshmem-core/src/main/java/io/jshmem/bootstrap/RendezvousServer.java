package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.ShmemArgumentException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

/**
 * The rendezvous of one job: a small TCP key-value store with waits, barriers and allgathers, run by the launcher
 * or by PE 0. Every connection must first prove that it knows the session secret (see {@link Handshake}); a
 * stranger is disconnected and nothing it sends has any effect. When a PE's connection drops without goodbye the
 * server declares that PE dead, tells every other PE and the {@link RendezvousListener}s, and fails every wait.
 *
 * <p>Strangers cannot stall a job: a whole handshake has one deadline ({@link #HANDSHAKE_DEADLINE_MS}); the
 * unauthenticated connections are bounded per source address and in total by dropping the oldest
 * ({@link Admission}), so PEs that authenticate promptly always get in; frames before authentication are capped
 * at {@link Frame#MAX_HANDSHAKE_LENGTH} bytes before anything is allocated; every refusal and drop is logged at warn
 * with the peer's address (rate-limited, {@link RefusalLog}).
 *
 * <p>Thread-safe. One virtual thread per connection reads and one writes; a timer thread enforces deadlines; an
 * event thread calls the listeners.
 */
public final class RendezvousServer implements AutoCloseable {
    /**
     * Deadline of a whole handshake (TLS, hello, proof), from accept. A PE needs milliseconds; generous for TLS on
     * a loaded machine, short enough that strangers cannot hold slots for long.
     */
    static final long HANDSHAKE_DEADLINE_MS = 10_000;

    private final ServerSocket serverSocket;
    private final UniqueId uniqueId;
    private final RendezvousStore store;
    private final ScheduledThreadPoolExecutor timer;
    private final EventThread<RendezvousListener> events = new EventThread<>("jshmem-rendezvous-events");
    private final Thread acceptor;
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger refused = new AtomicInteger();
    private final Admission admission = new Admission();
    private final RefusalLog refusalLog = new RefusalLog(RendezvousServer.class);
    private volatile boolean closed;

    private RendezvousServer(ServerSocket serverSocket, String advertisedHost, byte[] secret) {
        this.serverSocket = serverSocket;
        this.uniqueId = new UniqueId(advertisedHost, serverSocket.getLocalPort(), secret);
        this.timer = new ScheduledThreadPoolExecutor(1, daemon("jshmem-rendezvous-timer"));
        this.timer.setRemoveOnCancelPolicy(true);
        this.store = new RendezvousStore(Handshake.PROCESS_TAG, new RendezvousStore.Events() {
            @Override
            public void peerLost(int pe, String reason) {
                events.publish(l -> l.peerLost(pe, reason));
            }

            @Override
            public void peerAborted(int pe, int status, String reason) {
                events.publish(l -> l.peerAborted(pe, status, reason));
            }
        }, timer);
        byte[] key = secret.clone();
        this.acceptor = Thread.ofPlatform().daemon().name("jshmem-rendezvous-accept")
                .start(() -> acceptLoop(key));
    }

    /**
     * Starts serving at {@code bind} (port 0 = an ephemeral port). The unique id advertises the bound address, or
     * this host's address when {@code bind} is a wildcard address.
     *
     * @param tlsOrNull null for plain TCP; otherwise TLS 1.3 and clients must present a trusted certificate
     * @throws BootstrapException when the address cannot be bound (in use, not local)
     */
    public static RendezvousServer start(InetSocketAddress bind, byte[] secret, SSLContext tlsOrNull) {
        return start(bind, null, secret, tlsOrNull);
    }

    /**
     * Like {@link #start(InetSocketAddress, byte[], SSLContext)}, advertising {@code advertisedHost} in the unique
     * id (useful when binding a wildcard address); null advertises the bound address.
     */
    public static RendezvousServer start(InetSocketAddress bind, String advertisedHost, byte[] secret,
                                         SSLContext tlsOrNull) {
        ArgumentChecks.notNull("bind", bind);
        ArgumentChecks.notNull("secret", secret);
        if (bind.isUnresolved()) {
            throw new ShmemArgumentException("bind = " + bind + " does not resolve to an address of this host;"
                    + " pass an IP address or a resolvable host name (check SHMEM_UID_SESSION_ID or MASTER_ADDR)");
        }
        new UniqueId("localhost", 0, secret); // validates the secret before anything is bound
        ServerSocket socket;
        try {
            socket = Sockets.listen(bind, tlsOrNull);
        } catch (IOException e) {
            throw new BootstrapException("cannot listen for the rendezvous on " + describe(bind) + ": " + e.getMessage()
                    + "; choose a free port and an address of this host (SHMEM_UID_SESSION_ID, MASTER_ADDR/"
                    + "MASTER_PORT)", e);
        }
        String host = advertisedHost;
        if (host == null) {
            InetAddress bound = socket.getInetAddress();
            host = bound.isAnyLocalAddress() ? localHostAddress() : bound.getHostAddress();
        }
        return new RendezvousServer(socket, host, secret);
    }

    /** The id clients connect with, carrying the actual bound port. */
    public UniqueId uniqueId() {
        return uniqueId;
    }

    /**
     * Adds a listener for dead and aborting PEs, called on the server's event thread; it first receives the events
     * that happened before the call.
     */
    public void addListener(RendezvousListener l) {
        events.add(ArgumentChecks.notNull("listener", l));
    }

    /** Connections refused so far (wrong secret, garbage, protocol or admission errors); for diagnostics. */
    public int refusedConnections() {
        return refused.get();
    }

    /**
     * Stops serving: clients are told the rendezvous is closing (not a failure) and disconnected. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Sockets.closeQuietly(serverSocket);
        store.close();
        java.util.List<ServerConnection> open = java.util.List.copyOf(connections);
        open.forEach(ServerConnection::shutdown);
        // Let the shutdown notice (and an abort queued before it) reach every client before this process may exit:
        // a client that sees the connection end without it takes the job for dead.
        long flushDeadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(1000);
        for (ServerConnection c : open) {
            try {
                c.awaitWritten(flushDeadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            acceptor.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        timer.shutdownNow();
        refusalLog.flush();
        events.close();
        try {
            events.awaitClosed(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "RendezvousServer[" + uniqueId.addressText() + (closed ? ", closed]" : "]");
    }

    void refused(String peer, String reason) {
        refused.incrementAndGet();
        if (!closed) {
            refusalLog.refused(peer, reason);
        }
    }

    void handshakeDone(ServerConnection c) {
        admission.done(c);
    }

    /** Drops {@code c} unless its handshake completes within {@link #HANDSHAKE_DEADLINE_MS}. */
    java.util.concurrent.Future<?> handshakeDeadline(ServerConnection c) {
        try {
            return timer.schedule(() -> c.drop("handshake not completed within " + HANDSHAKE_DEADLINE_MS + " ms"),
                    HANDSHAKE_DEADLINE_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            c.drop("the rendezvous is closing");
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
    }

    void forget(ServerConnection c) {
        connections.remove(c);
    }

    private void acceptLoop(byte[] secret) {
        while (!closed) {
            Socket s;
            try {
                s = serverSocket.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue;
            }
            if (closed) {
                Sockets.closeQuietly(s);
                continue;
            }
            ServerConnection c = new ServerConnection(s, this, store, secret);
            connections.add(c);
            // Over a limit the oldest pending handshakes go, never the newcomer: see Admission.
            for (ServerConnection old : admission.admit(c)) {
                old.drop("too many unauthenticated connections (limits: " + Admission.MAX_PER_SOURCE
                        + " per source address, " + Admission.MAX_PENDING + " in total); dropped the oldest");
            }
            Thread.ofVirtual().name("jshmem-rendezvous-conn").start(c);
        }
    }

    private static String localHostAddress() {
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (IOException e) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
    }

    private static String describe(InetSocketAddress a) {
        String h = a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString();
        return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + a.getPort();
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
