package io.jshmem.bootstrap;

import java.io.IOException;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The state of one rendezvous: the key-value map, the waiting gets, the barrier and allgather rounds, and which PEs
 * are connected, gone or dead. Every method runs under this object's monitor; replies are queued on the
 * connections (never written under the lock), so a slow client cannot stall the others.
 *
 * <p>Barriers and allgathers are reusable by name: the k-th call of a PE with a name joins round k of that name,
 * which completes when every PE has made its k-th call. Once a PE has died or aborted the job, every pending and
 * later wait (get of a missing key, barrier, allgather) fails, naming that PE: OpenSHMEM jobs cannot continue
 * without a PE, and failing fast beats a hang.
 */
final class RendezvousStore {
    /** What the store reports to the server's listeners. */
    interface Events {
        void peerLost(int pe, String reason);

        void peerAborted(int pe, int status, String reason);
    }

    private record Abort(int pe, int status, String reason) {
    }

    private static final class Waiter {
        final ServerConnection connection;
        final long requestId;
        final String what;
        ScheduledFuture<?> deadline;

        Waiter(ServerConnection connection, long requestId, String what) {
            this.connection = connection;
            this.requestId = requestId;
            this.what = what;
        }
    }

    private final String hostProcessTag;
    private final Events events;
    private final ScheduledExecutorService timer;

    private int nPes = -1;
    private int hostPe = -1;
    private boolean closed;
    private Abort abort;
    private final Map<Integer, List<ServerConnection>> live = new HashMap<>();
    private final Map<Integer, String> tags = new HashMap<>();
    private final Set<Integer> everConnected = new HashSet<>();
    private final Map<Integer, String> dead = new LinkedHashMap<>();
    private final Map<String, byte[]> values = new HashMap<>();
    private final Map<String, List<Waiter>> getWaiters = new HashMap<>();
    private final Map<String, Collective<Waiter>> collectives = new HashMap<>();

    RendezvousStore(String hostProcessTag, Events events, ScheduledExecutorService timer) {
        this.hostProcessTag = hostProcessTag;
        this.events = events;
        this.timer = timer;
    }

    /**
     * Admits an authenticated client, or returns why not. On success queues WELCOME and then the failures the
     * client missed, in that order (under the lock, so no event can overtake the welcome).
     */
    synchronized String admit(ServerConnection c, int pe, int clientNPes, String tag, byte[] proof) {
        if (closed) {
            return "the rendezvous is shutting down";
        }
        if (clientNPes < 1 || pe < 0 || pe >= clientNPes) {
            return "pe = " + pe + " with nPes = " + clientNPes + " is invalid: valid are nPes >= 1 and 0 <= pe < nPes";
        }
        if (nPes == -1) {
            nPes = clientNPes;
        } else if (nPes != clientNPes) {
            return "PE " + pe + " says the job has nPes = " + clientNPes + " but the PEs connected before said nPes = "
                    + nPes + "; every PE must be started with the same number of PEs"
                    + " (check JSHMEM_NPES, WORLD_SIZE, SLURM_NTASKS or OMPI_COMM_WORLD_SIZE)";
        }
        if (dead.containsKey(pe)) {
            return "PE " + pe + " was already declared failed (" + dead.get(pe) + "); a failed PE cannot rejoin";
        }
        List<ServerConnection> conns = live.computeIfAbsent(pe, k -> new ArrayList<>());
        if (!conns.isEmpty() && !tag.equals(tags.get(pe))) {
            return "PE " + pe + " is already connected from another process (pid " + Handshake.pidOf(tags.get(pe))
                    + "); two processes were started with the same PE number"
                    + " (check JSHMEM_PE, RANK, SLURM_PROCID or OMPI_COMM_WORLD_RANK)";
        }
        conns.add(c);
        tags.put(pe, tag);
        everConnected.add(pe);
        c.admitted(pe);
        boolean newHost = tag.equals(hostProcessTag) && hostPe != pe;
        if (newHost) {
            hostPe = pe;
        }
        c.send(Frame.of(Frame.WELCOME).putFixed(proof).putInt(nPes).putInt(hostPe).toBytes());
        if (newHost) {
            broadcast(Frame.of(Frame.HOST).putInt(pe).toBytes(), c);
        }
        for (Map.Entry<Integer, String> d : dead.entrySet()) {
            c.send(Frame.of(Frame.PEER_LOST).putInt(d.getKey()).putString(d.getValue()).toBytes());
        }
        if (abort != null) {
            c.send(abortedEvent(abort));
        }
        return null;
    }

    /** One request of an admitted client. A malformed request is a protocol error that drops the client. */
    synchronized void handle(ServerConnection c, Frame f) throws IOException {
        long id = f.readLong();
        switch (f.type) {
            case Frame.SET -> {
                String key = f.readString(Frame.MAX_KEY_CHARS);
                byte[] value = f.readBytes();
                put(key, value);
                c.send(Frame.of(Frame.OK).putLong(id).toBytes());
            }
            case Frame.GET -> get(c, id, f.readString(Frame.MAX_KEY_CHARS), f.readLong());
            case Frame.ADD -> add(c, id, f.readString(Frame.MAX_KEY_CHARS), f.readLong());
            case Frame.GATHER -> gather(c, id, f.readString(Frame.MAX_KEY_CHARS), f.readLong(), f.readBoolean(),
                    f.readBytes());
            case Frame.ABORT -> abort(c, id, f.readInt(), f.readString(Frame.MAX_TEXT_CHARS));
            default -> throw new ProtocolException("unknown request type " + f.type);
        }
    }

    /** A connection ended; without goodbye (and without an abort by that PE) its PE is dead. */
    synchronized void disconnected(ServerConnection c, boolean graceful) {
        int pe = c.pe();
        if (pe < 0) {
            return;
        }
        List<ServerConnection> conns = live.get(pe);
        if (conns != null) {
            conns.remove(c);
        }
        if (graceful && !closed && (conns == null || conns.isEmpty())) {
            failRoundsGivenUp(pe);
        }
        if (closed || graceful || dead.containsKey(pe) || (abort != null && abort.pe() == pe)) {
            return;
        }
        String reason = "its connection to the rendezvous closed without goodbye (process killed or crashed?)";
        dead.put(pe, reason);
        failAll(pe, "PE " + pe + " failed: " + reason);
        broadcast(Frame.of(Frame.PEER_LOST).putInt(pe).putString(reason).toBytes(), null);
        events.peerLost(pe, reason);
    }

    /**
     * {@code pe} said goodbye on its last connection. A barrier or allgather round it withdrew from (its deadline
     * passed there, typically a finalize after a timeout, which waits only short steps) can never complete now:
     * its waiters, who may have much longer deadlines, fail at once, naming that PE, instead of waiting for it.
     */
    private void failRoundsGivenUp(int pe) {
        for (Collective<Waiter> col : collectives.values()) {
            for (Waiter w : col.abandon(pe)) {
                cancel(w.deadline);
                w.connection.send(failed(w.requestId, pe, w.what + " cannot complete: " + gaveUp(pe)));
            }
        }
    }

    private static String gaveUp(int pe) {
        return "PE " + pe + " stopped waiting for it (its deadline passed) and then left the rendezvous";
    }

    /** Stops serving: pending waits end, every client is told the rendezvous is closing. */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (List<Waiter> ws : getWaiters.values()) {
            ws.forEach(w -> cancel(w.deadline));
        }
        for (Collective<Waiter> col : collectives.values()) {
            col.waiters().forEach(w -> cancel(w.deadline));
        }
        broadcast(Frame.of(Frame.SHUTDOWN).toBytes(), null);
    }

    private void put(String key, byte[] value) {
        values.put(key, value);
        List<Waiter> ws = getWaiters.remove(key);
        if (ws != null) {
            for (Waiter w : ws) {
                cancel(w.deadline);
                w.connection.send(Frame.of(Frame.VALUE).putLong(w.requestId).putBytes(value).toBytes());
            }
        }
    }

    private void get(ServerConnection c, long id, String key, long timeoutMs) {
        byte[] v = values.get(key);
        if (v != null) {
            c.send(Frame.of(Frame.VALUE).putLong(id).putBytes(v).toBytes());
            return;
        }
        String what = "get '" + key + "'";
        if (failIfBroken(c, id, what)) {
            return;
        }
        Waiter w = new Waiter(c, id, what);
        getWaiters.computeIfAbsent(key, k -> new ArrayList<>()).add(w);
        w.deadline = schedule(() -> expireGet(key, w, timeoutMs), timeoutMs);
    }

    private synchronized void expireGet(String key, Waiter w, long timeoutMs) {
        List<Waiter> ws = getWaiters.get(key);
        if (ws == null || !ws.remove(w)) {
            return;
        }
        if (ws.isEmpty()) {
            getWaiters.remove(key);
        }
        String msg = "key '" + key + "' was not set within " + timeoutMs + " ms";
        w.connection.send(Frame.of(Frame.TIMEOUT).putLong(w.requestId).putString(msg).putInts(new int[0]).toBytes());
    }

    private void add(ServerConnection c, long id, String key, long delta) {
        byte[] cur = values.get(key);
        if (cur != null && cur.length != Long.BYTES) {
            c.send(Frame.of(Frame.ERROR).putLong(id).putString("key '" + key + "' holds " + cur.length
                    + " bytes, not a counter of 8 bytes: add works only on keys created by add (or set to 8"
                    + " big-endian bytes); use another key").toBytes());
            return;
        }
        long now = (cur == null ? 0 : ByteBuffer.wrap(cur).getLong()) + delta;
        put(key, ByteBuffer.allocate(Long.BYTES).putLong(now).array());
        c.send(Frame.of(Frame.LONG).putLong(id).putLong(now).toBytes());
    }

    private void gather(ServerConnection c, long id, String name, long timeoutMs, boolean barrier, byte[] data) {
        String what = (barrier ? "barrier '" : "allgather '") + name + "'";
        if (failIfBroken(c, id, what)) {
            return;
        }
        int pe = c.pe();
        Collective<Waiter> col = collectives.computeIfAbsent((barrier ? "b:" : "g:") + name,
                k -> new Collective<>(nPes));
        int culprit = col.abandonedBy(pe);
        if (culprit >= 0) {
            c.send(failed(id, culprit, what + " cannot complete: " + gaveUp(culprit)));
            return;
        }
        Waiter w = new Waiter(c, id, what);
        Collective.Round<Waiter> round = col.arrive(pe, data, w);
        if (!col.completeIfFull(round)) {
            int generation = round.generation;
            w.deadline = schedule(() -> expireGather(col, generation, pe, w, timeoutMs), timeoutMs);
            return;
        }
        for (Waiter x : round.waiters) {
            cancel(x.deadline);
            Frame.Builder reply = Frame.of(Frame.GATHERED).putLong(x.requestId);
            if (barrier) {
                reply.putInt(0);
            } else {
                reply.putInt(nPes);
                for (byte[] d : round.data) {
                    reply.putBytes(d);
                }
            }
            x.connection.send(reply.toBytes());
        }
    }

    private synchronized void expireGather(Collective<Waiter> col, int generation, int pe, Waiter w,
                                           long timeoutMs) {
        List<Integer> missing = col.withdraw(generation, pe, w);
        if (missing == null) {
            return;
        }
        String msg = w.what + " timed out after " + timeoutMs + " ms: " + describeMissing(missing);
        int[] m = missing.stream().mapToInt(Integer::intValue).toArray();
        w.connection.send(Frame.of(Frame.TIMEOUT).putLong(w.requestId).putString(Frame.clip(msg)).putInts(m)
                .toBytes());
    }

    private void abort(ServerConnection c, long id, int status, String reason) {
        if (abort == null && !closed) {
            int pe = c.pe();
            abort = new Abort(pe, status, reason);
            failAll(pe, "PE " + pe + " ended the job through globalExit(" + status + "): " + reason);
            for (Map.Entry<Integer, List<ServerConnection>> e : live.entrySet()) {
                if (e.getKey() != pe) {
                    e.getValue().forEach(x -> x.send(abortedEvent(abort)));
                }
            }
            events.peerAborted(pe, status, reason);
        }
        c.send(Frame.of(Frame.OK).putLong(id).toBytes());
    }

    /** Answers FAILED when the job is already broken; returns whether it did. */
    private boolean failIfBroken(ServerConnection c, long id, String what) {
        if (abort != null) {
            c.send(failed(id, abort.pe(), what + " cannot complete: PE " + abort.pe() + " ended the job through"
                    + " globalExit(" + abort.status() + "): " + abort.reason()));
            return true;
        }
        if (!dead.isEmpty()) {
            Map.Entry<Integer, String> first = dead.entrySet().iterator().next();
            c.send(failed(id, first.getKey(), what + " cannot complete: PE " + first.getKey() + " failed: "
                    + first.getValue()));
            return true;
        }
        return false;
    }

    private void failAll(int culprit, String why) {
        for (List<Waiter> ws : getWaiters.values()) {
            for (Waiter w : ws) {
                cancel(w.deadline);
                w.connection.send(failed(w.requestId, culprit, w.what + " cannot complete: " + why));
            }
        }
        getWaiters.clear();
        for (Collective<Waiter> col : collectives.values()) {
            for (Waiter w : col.clear()) {
                cancel(w.deadline);
                w.connection.send(failed(w.requestId, culprit, w.what + " cannot complete: " + why));
            }
        }
    }

    private String describeMissing(List<Integer> missing) {
        StringBuilder sb = new StringBuilder(missing.size() == 1 ? "PE " : "PEs ");
        List<Integer> never = new ArrayList<>();
        List<Integer> left = new ArrayList<>();
        for (int i = 0; i < missing.size(); i++) {
            int p = missing.get(i);
            sb.append(i == 0 ? "" : ", ").append(p);
            if (!everConnected.contains(p)) {
                never.add(p);
            } else if (live.getOrDefault(p, List.of()).isEmpty()) {
                left.add(p);
            }
        }
        sb.append(missing.size() == 1 ? " has" : " have").append(" not arrived");
        if (!never.isEmpty()) {
            sb.append("; never connected to the rendezvous: ").append(never);
        }
        if (!left.isEmpty()) {
            sb.append("; closed their rendezvous connection: ").append(left);
        }
        return sb.toString();
    }

    private void broadcast(byte[] frame, ServerConnection except) {
        for (List<ServerConnection> conns : live.values()) {
            for (ServerConnection x : conns) {
                if (x != except) {
                    x.send(frame);
                }
            }
        }
    }

    private static byte[] abortedEvent(Abort a) {
        return Frame.of(Frame.ABORTED).putInt(a.pe()).putInt(a.status()).putString(Frame.clip(a.reason())).toBytes();
    }

    private static byte[] failed(long id, int pe, String msg) {
        return Frame.of(Frame.FAILED).putLong(id).putInt(pe).putString(Frame.clip(msg)).toBytes();
    }

    private ScheduledFuture<?> schedule(Runnable r, long delayMs) {
        return timer.schedule(r, delayMs, TimeUnit.MILLISECONDS);
    }

    private static void cancel(ScheduledFuture<?> f) {
        if (f != null) {
            f.cancel(false);
        }
    }
}
