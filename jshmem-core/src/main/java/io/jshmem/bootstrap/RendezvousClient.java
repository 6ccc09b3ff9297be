package io.jshmem.bootstrap;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * One PE's connection to the rendezvous. Thread-safe: several threads of a PE may call it at once; each call
 * blocks only its own thread. Requests of one thread are served in the order they are made; a value {@link #set}
 * before this call returns is visible to every later {@link #get} of any PE.
 *
 * <p>Barriers and allgathers are reusable by name (the k-th call of every PE with a name forms round k), but one
 * name must not be used by two threads of a PE at the same time. Every blocking call has a deadline: {@link #get},
 * {@link #barrier} and {@link #allgather} take one; {@link #set}, {@link #add} and {@link #abort} wait for the
 * server's answer at most the connect timeout.
 *
 * <p>Failures of other PEs reach {@link FailureListener}s on this client's event thread, and turn pending and later
 * waits into {@link PeFailedException}.
 */
public final class RendezvousClient implements AutoCloseable {
    /** Extra time the client waits beyond a server-side deadline before it gives up on an answer. */
    private static final long ANSWER_GRACE_MS = 5_000;
    private static final long ABORT_ACK_MS = 5_000;
    private static final long CLOSE_WAIT_MS = 1_000;
    private static final long MAX_TIMEOUT_MS = Duration.ofDays(30).toMillis();

    /** Why this client cannot be used any more; exceptions are built from it in the calling thread. */
    private record Broken(boolean peerFailure, int pe, String message) {
    }

    private final UniqueId uniqueId;
    private final int pe;
    private final int nPes;
    private final long requestTimeoutMs;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Map<Long, CompletableFuture<Frame>> pending = new ConcurrentHashMap<>();
    private final AtomicLong nextRequest = new AtomicLong(1);
    private final EventThread<FailureListener> events =
            new EventThread<>("jshmem-rendezvous-client-events");
    private final Thread reader;
    private volatile int hostPe;
    private volatile Broken broken;
    private volatile boolean closing;

    private RendezvousClient(UniqueId uniqueId, int pe, int nPes, long requestTimeoutMs,
                             ClientHandshake.Connection connection) {
        this.uniqueId = uniqueId;
        this.pe = pe;
        this.nPes = nPes;
        this.requestTimeoutMs = requestTimeoutMs;
        this.socket = connection.socket();
        this.in = connection.in();
        this.out = connection.out();
        this.hostPe = connection.hostPe();
        this.reader = Thread.ofPlatform().daemon().name("jshmem-rendezvous-client-pe" + pe).start(this::readLoop);
    }

    /**
     * Connects PE {@code pe} of {@code nPes} to the rendezvous named by {@code uid}, retrying until {@code timeout}
     * passes (the server may start after its clients).
     *
     * @param tlsOrNull null for plain TCP; otherwise the same kind of context the server uses
     * @throws BootstrapException when the server refuses this PE (wrong secret, nPes mismatch, PE already
     *                            connected) or cannot be reached in time; the message names the address and
     *                            the settings to check
     */
    public static RendezvousClient connect(UniqueId uid, int pe, int nPes, Duration timeout, SSLContext tlsOrNull) {
        ArgumentChecks.notNull("uid", uid);
        if (nPes < 1) {
            throw new ShmemArgumentException("nPes = " + nPes + " is invalid: valid range is 1.."
                    + Integer.MAX_VALUE + "; pass the number of PEs of the job");
        }
        ArgumentChecks.pe("pe", pe, nPes);
        long timeoutMs = millis("timeout", timeout);
        if (uid.port() == 0) {
            throw new ShmemArgumentException("uid port = 0: the unique id names no bound rendezvous; use the id"
                    + " returned by RendezvousServer.uniqueId()");
        }
        ClientHandshake.Connection c = ClientHandshake.open(uid, pe, nPes, timeoutMs, tlsOrNull);
        return new RendezvousClient(uid, pe, nPes, timeoutMs, c);
    }

    /** This client's PE. */
    public int pe() {
        return pe;
    }

    /** Number of PEs of the job. */
    public int nPes() {
        return nPes;
    }

    /** The PE whose process hosts the rendezvous, or -1 (launcher, or not known yet). */
    public int hostPe() {
        return hostPe;
    }

    /** Stores {@code value} under {@code key}, replacing any earlier value, and wakes every waiting get. */
    public void set(String key, byte[] value) {
        checkKey(key);
        ArgumentChecks.notNull("value", value);
        long id = nextRequest.getAndIncrement();
        expect(call(Frame.of(Frame.SET).putLong(id).putString(key).putBytes(value), id, requestTimeoutMs,
                "set '" + key + "'"), Frame.OK);
    }

    /**
     * The value of {@code key}, waiting until some PE sets it.
     *
     * @throws ShmemTimeoutException when it is not set within {@code timeout}
     * @throws PeFailedException     when a PE died or aborted the job while waiting
     */
    public byte[] get(String key, Duration timeout) {
        checkKey(key);
        long ms = millis("timeout", timeout);
        long id = nextRequest.getAndIncrement();
        try {
            return expect(call(Frame.of(Frame.GET).putLong(id).putString(key).putLong(ms), id, ms + ANSWER_GRACE_MS,
                    "get '" + key + "'"), Frame.VALUE).readBytes();
        } catch (IOException e) {
            throw protocolError(e);
        }
    }

    /**
     * Atomically adds {@code delta} to the counter {@code key} (missing = 0) and returns the new value. The counter
     * is stored as 8 big-endian bytes, which {@link #get} returns.
     */
    public long add(String key, long delta) {
        checkKey(key);
        long id = nextRequest.getAndIncrement();
        try {
            return expect(call(Frame.of(Frame.ADD).putLong(id).putString(key).putLong(delta), id, requestTimeoutMs,
                    "add '" + key + "'"), Frame.LONG).readLong();
        } catch (IOException e) {
            throw protocolError(e);
        }
    }

    /**
     * Waits until every PE of the job has called {@code barrier(name)} as often as this PE.
     *
     * @throws ShmemTimeoutException naming the PEs that have not arrived ({@code missingPes()})
     * @throws PeFailedException     when a PE died or aborted the job
     */
    public void barrier(String name, Duration timeout) {
        gather(name, new byte[0], timeout, true);
    }

    /**
     * Exchanges one byte array per PE: the result's element {@code k} is what PE {@code k} passed. Same waiting
     * and failure rules as {@link #barrier}.
     */
    public byte[][] allgather(String name, byte[] mine, Duration timeout) {
        ArgumentChecks.notNull("mine", mine);
        return gather(name, mine, timeout, false);
    }

    /**
     * Adds a listener; it first receives the failures this client learned before the call, then later ones, on
     * the client's event thread.
     */
    public void addFailureListener(FailureListener l) {
        events.add(ArgumentChecks.notNull("listener", l));
    }

    /**
     * Ends the job (globalExit): the server tells every other PE ({@link FailureListener#jobAborted}) and fails
     * their waits. Returns once the server has acknowledged (at most 5 s); the caller then exits the process.
     *
     * @throws BootstrapException when the server could not be told
     */
    public void abort(int status, String reason) {
        long id = nextRequest.getAndIncrement();
        String why = Frame.clip(reason == null ? "" : reason);
        expect(call(Frame.of(Frame.ABORT).putLong(id).putInt(status).putString(why), id, ABORT_ACK_MS,
                "abort"), Frame.OK);
    }

    /**
     * Disconnects WITHOUT goodbye, so the server reports this PE as lost to every other PE and fails their pending
     * waits on it at once. Used when this PE cannot go on (a failed init) and the others must not wait for it
     * until their deadline. Idempotent; no-op after {@link #close()}.
     */
    public void abandon() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        Sockets.closeQuietly(socket);
        breakWith(new Broken(false, -1, "the rendezvous client of PE " + pe + " abandoned the job"));
        events.close();
    }

    /** Says goodbye (a graceful leave, not a failure) and disconnects. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        try {
            synchronized (out) {
                Frame.of(Frame.GOODBYE).putLong(0).writeTo(out);
            }
            socket.shutdownOutput();
            // Wait for the server to close its side, so the goodbye is read before our socket goes away.
            reader.join(CLOSE_WAIT_MS);
        } catch (IOException | UnsupportedOperationException e) {
            // Already disconnected: nothing to say goodbye to.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Sockets.closeQuietly(socket);
        breakWith(new Broken(false, -1, "the rendezvous client of PE " + pe + " is closed"));
        events.close();
    }

    @Override
    public String toString() {
        return "RendezvousClient[pe " + pe + " of " + nPes + " at " + uniqueId.addressText() + "]";
    }

    private byte[][] gather(String name, byte[] data, Duration timeout, boolean barrier) {
        checkKey(name);
        long ms = millis("timeout", timeout);
        long id = nextRequest.getAndIncrement();
        String what = (barrier ? "barrier '" : "allgather '") + name + "'";
        Frame reply = expect(call(Frame.of(Frame.GATHER).putLong(id).putString(name).putLong(ms).putBoolean(barrier)
                .putBytes(data), id, ms + ANSWER_GRACE_MS, what), Frame.GATHERED);
        try {
            int n = reply.readInt();
            byte[][] all = new byte[n][];
            for (int i = 0; i < n; i++) {
                all[i] = reply.readBytes();
            }
            return all;
        } catch (IOException e) {
            throw protocolError(e);
        }
    }

    /** Sends a request and waits for its answer; failures of the answer become exceptions here. */
    private Frame call(Frame.Builder request, long id, long waitMs, String what) {
        throwIfBroken(what);
        CompletableFuture<Frame> answer = new CompletableFuture<>();
        pending.put(id, answer);
        // The reader may have broken the client between the check and the put; it swept before we registered.
        if (broken != null) {
            pending.remove(id);
            throwIfBroken(what);
        }
        byte[] bytes = request.toBytes();
        try {
            synchronized (out) {
                out.write(bytes);
                out.flush();
            }
        } catch (IOException e) {
            pending.remove(id);
            connectionEnded(e);
            throwIfBroken(what);
        }
        Frame f;
        try {
            f = answer.get(waitMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.remove(id);
            throw new ShmemTimeoutException("PE " + pe + ": " + what + " got no answer from the rendezvous at "
                    + uniqueId.addressText() + " within " + waitMs + " ms (PEs not arrived: unknown, the"
                    + " rendezvous did not answer); the process hosting it may be hung or overloaded", List.of());
        } catch (InterruptedException e) {
            pending.remove(id);
            Thread.currentThread().interrupt();
            throw new BootstrapException("PE " + pe + ": interrupted while waiting for " + what, e);
        } catch (ExecutionException e) {
            throwIfBroken(what);
            throw new BootstrapException("PE " + pe + ": " + what + " failed", e.getCause());
        }
        try {
            return switch (f.type) {
                case Frame.TIMEOUT -> {
                    String msg = f.readString(Frame.MAX_TEXT_CHARS);
                    List<Integer> missing = new ArrayList<>();
                    for (int p : f.readInts()) {
                        missing.add(p);
                    }
                    // Every timeout names the PEs: the server's text may not list them.
                    String list = msg.contains("PEs not arrived") ? "" : "; PEs not arrived: " + missing;
                    throw new ShmemTimeoutException("PE " + pe + ": " + msg + list + "; raise JSHMEM_TIMEOUT if the"
                            + " job is just slow", missing);
                }
                case Frame.FAILED -> {
                    int failedPe = f.readInt();
                    throw new PeFailedException(failedPe, "PE " + pe + ": " + f.readString(Frame.MAX_TEXT_CHARS));
                }
                case Frame.ERROR -> throw new ShmemArgumentException(f.readString(Frame.MAX_TEXT_CHARS));
                default -> f;
            };
        } catch (IOException e) {
            throw protocolError(e);
        }
    }

    private static Frame expect(Frame f, byte type) {
        if (f.type != type) {
            throw new BootstrapException("the rendezvous answered with message type " + f.type + " where " + type
                    + " was expected; are all PEs and the launcher the same jshmem version?");
        }
        return f;
    }

    private void readLoop() {
        try {
            while (true) {
                Frame f = Frame.read(in, Frame.MAX_LENGTH);
                switch (f.type) {
                    case Frame.PEER_LOST -> {
                        int lost = f.readInt();
                        String reason = f.readString(Frame.MAX_TEXT_CHARS);
                        events.publish(l -> l.peerLost(lost, reason));
                    }
                    case Frame.ABORTED -> {
                        int from = f.readInt();
                        int status = f.readInt();
                        String reason = f.readString(Frame.MAX_TEXT_CHARS);
                        events.publish(l -> l.jobAborted(from, status, reason));
                    }
                    case Frame.HOST -> hostPe = f.readInt();
                    case Frame.SHUTDOWN -> breakWith(new Broken(false, hostPe, "the rendezvous at "
                            + uniqueId.addressText() + " was closed by its host"));
                    default -> {
                        CompletableFuture<Frame> answer = pending.remove(f.readLong());
                        if (answer != null) {
                            answer.complete(f);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            connectionEnded(e);
        }
    }

    /** The connection is gone: unexpected unless we closed it or the server said it was shutting down. */
    private void connectionEnded(Exception cause) {
        if (closing || broken != null) {
            breakWith(new Broken(false, -1, "the rendezvous client of PE " + pe + " is closed"));
            return;
        }
        int host = hostPe;
        String msg = "rendezvous lost: the connection to " + uniqueId.addressText() + " ended unexpectedly ("
                + cause + ")" + (host >= 0 ? "; PE " + host + ", which hosts it, may have died" : "");
        if (breakWith(new Broken(true, host, msg))) {
            events.publish(l -> l.peerLost(host, "rendezvous lost"));
            events.publish(l -> l.rendezvousLost(host, msg));
        }
    }

    /** Records the first reason this client broke and fails every pending call; returns whether it was first. */
    private boolean breakWith(Broken b) {
        boolean first;
        synchronized (this) {
            first = broken == null;
            if (first) {
                broken = b;
            }
        }
        for (Long id : List.copyOf(pending.keySet())) {
            CompletableFuture<Frame> f = pending.remove(id);
            if (f != null) {
                f.completeExceptionally(new IOException(broken.message()));
            }
        }
        return first;
    }

    private void throwIfBroken(String what) {
        Broken b = broken;
        if (b == null) {
            return;
        }
        if (b.peerFailure()) {
            throw new PeFailedException(b.pe(), "PE " + pe + ": " + what + " cannot complete: " + b.message());
        }
        if (closing) {
            throw new ShmemStateException("PE " + pe + ": " + what + " called after the rendezvous client was closed");
        }
        throw new BootstrapException("PE " + pe + ": " + what + " cannot complete: " + b.message());
    }

    private static void checkKey(String key) {
        ArgumentChecks.notNull("key", key);
        if (key.isEmpty() || key.length() > Frame.MAX_KEY_CHARS) {
            throw new ShmemArgumentException("key length = " + key.length() + " is invalid: valid range is 1.."
                    + Frame.MAX_KEY_CHARS + " characters; pass a shorter, non-empty name");
        }
    }

    private static long millis(String name, Duration d) {
        ArgumentChecks.notNull(name, d);
        if (d.isNegative() || d.isZero()) {
            throw new ShmemArgumentException(name + " = " + d + " is invalid: valid are positive durations up to"
                    + " 30 days; pass a deadline such as Duration.ofSeconds(120)");
        }
        if (d.compareTo(Duration.ofMillis(MAX_TIMEOUT_MS)) >= 0) {
            return MAX_TIMEOUT_MS;
        }
        return Math.max(1, d.toMillis());
    }

    private ShmemException protocolError(IOException e) {
        return new BootstrapException("PE " + pe + ": malformed answer from the rendezvous at "
                + uniqueId.addressText() + "; are all PEs and the launcher the same jshmem version?", e);
    }
}
