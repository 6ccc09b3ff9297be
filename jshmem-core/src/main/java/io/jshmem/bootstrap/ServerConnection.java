package io.jshmem.bootstrap;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One client connection of a {@link RendezvousServer}: a reader thread that authenticates the client and then
 * hands its requests to the store, and a writer thread that drains the queue of replies and events. Until the
 * client has proven the secret nothing it sends reaches the store.
 *
 * <p>{@link #send} may be called from any thread (usually under the store's lock): it only queues.
 */
final class ServerConnection implements Runnable {
    private static final byte[] CLOSE = new byte[0];

    private final Socket socket;
    private final RendezvousServer server;
    private final RendezvousStore store;
    private final byte[] secret;
    private final LinkedBlockingQueue<byte[]> outbox = new LinkedBlockingQueue<>();
    private final java.net.InetAddress source;
    private volatile int pe = -1;
    private volatile Thread writer;
    /** Why the server dropped this connection before it authenticated (eviction, deadline), or null. */
    private volatile String dropReason;

    ServerConnection(Socket socket, RendezvousServer server, RendezvousStore store, byte[] secret) {
        this.socket = socket;
        this.server = server;
        this.store = store;
        this.secret = secret;
        this.source = socket.getInetAddress();
    }

    /** The peer's address, the unit of the per-source limit on unauthenticated connections. */
    java.net.InetAddress source() {
        return source;
    }

    /** The peer as host:port, for log messages. */
    String peer() {
        return String.valueOf(socket.getRemoteSocketAddress());
    }

    /** Drops a connection that has not authenticated; its reader ends and logs {@code reason}. */
    void drop(String reason) {
        if (pe < 0) {
            dropReason = reason;
            Sockets.closeQuietly(socket);
        }
    }

    int pe() {
        return pe;
    }

    void admitted(int pe) {
        this.pe = pe;
    }

    void send(byte[] frame) {
        outbox.add(frame);
    }

    /** Ends the connection after the queued frames are written (or at once when it never got a writer). */
    void shutdown() {
        outbox.add(CLOSE);
        if (writer == null) {
            Sockets.closeQuietly(socket);
        }
    }

    /** Waits until the queued frames are written and the socket closed, at most until {@code deadlineNanos}. */
    void awaitWritten(long deadlineNanos) throws InterruptedException {
        Thread w = writer;
        long left = deadlineNanos - System.nanoTime();
        if (w != null && left > 0) {
            w.join(java.time.Duration.ofNanos(left));
        }
    }

    @Override
    public void run() {
        DataInputStream in;
        // One deadline for the whole handshake (TLS included), not per read: a peer that trickles bytes is dropped.
        java.util.concurrent.Future<?> deadline = server.handshakeDeadline(this);
        try {
            Sockets.prepareAccepted(socket);
            in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            String refusal = authenticate(in, out);
            if (refusal != null) {
                refuse(refusal);
                return;
            }
            socket.setSoTimeout(0);
            writer = Thread.ofVirtual().name("jshmem-rendezvous-writer-pe" + pe).start(() -> drain(out));
        } catch (IOException | RuntimeException e) {
            refuse(e instanceof java.net.SocketTimeoutException ? "handshake timed out" : e.toString());
            return;
        } finally {
            deadline.cancel(false);
            server.handshakeDone(this);
        }
        boolean goodbye = false;
        try {
            while (true) {
                Frame f = Frame.read(in, Frame.MAX_LENGTH);
                if (f.type == Frame.GOODBYE) {
                    goodbye = true;
                    break;
                }
                store.handle(this, f);
            }
        } catch (IOException | RuntimeException e) {
            // End of stream or a broken/garbled connection: the store decides whether the PE is dead.
        } finally {
            store.disconnected(this, goodbye);
            shutdown();
            server.forget(this);
        }
    }

    private void refuse(String why) {
        String dropped = dropReason;
        server.refused(peer(), dropped != null ? dropped : why);
        Sockets.closeQuietly(socket);
        server.forget(this);
    }

    /** Runs the challenge/response; null when the store has admitted this client, else why it was refused. */
    private String authenticate(DataInputStream in, DataOutputStream out) throws IOException {
        byte[] serverNonce = Handshake.nonce();
        Frame.of(Frame.SERVER_HELLO).putInt(Handshake.MAGIC).putInt(Handshake.VERSION).putFixed(serverNonce)
                .writeTo(out);
        Frame hello = Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
        if (hello.type != Frame.CLIENT_HELLO || hello.readInt() != Handshake.MAGIC) {
            return "not a jshmem client (bad handshake message)";
        }
        int version = hello.readInt();
        if (version != Handshake.VERSION) {
            sendRefusal(out, "protocol version " + version + " is not supported: this rendezvous speaks version "
                    + Handshake.VERSION + "; start every PE with the same jshmem version");
            return "protocol version " + version + " is not supported";
        }
        byte[] clientNonce = hello.readFixed(Handshake.NONCE_BYTES);
        int clientPe = hello.readInt();
        int nPes = hello.readInt();
        String tag = hello.readString(Handshake.MAX_TAG_CHARS);
        byte[] mac = hello.readFixed(Handshake.MAC_BYTES);
        byte[] expected = Handshake.clientProof(secret, serverNonce, clientNonce, clientPe, nPes, tag);
        if (!Handshake.matches(expected, mac)) {
            sendRefusal(out, "authentication failed: the client does not know this job's session secret"
                    + " (every PE must get the same JSHMEM_UNIQUE_ID, or the same JSHMEM_SECRET under torchrun,"
                    + " Slurm or Open MPI)");
            return "authentication failed (wrong session secret)";
        }
        byte[] proof = Handshake.serverProof(secret, clientNonce, serverNonce, clientPe);
        String refusal = store.admit(this, clientPe, nPes, tag, proof);
        if (refusal != null) {
            sendRefusal(out, refusal);
            return "authenticated but refused: " + refusal;
        }
        return null;
    }

    private static void sendRefusal(DataOutputStream out, String reason) {
        try {
            Frame.of(Frame.REFUSED).putString(Frame.clip(reason)).writeTo(out);
        } catch (IOException ignored) {
            // The client is gone; nothing to tell.
        }
    }

    private void drain(DataOutputStream out) {
        try {
            while (true) {
                byte[] frame = outbox.take();
                if (frame == CLOSE) {
                    break;
                }
                out.write(frame);
                if (outbox.isEmpty()) {
                    out.flush();
                }
            }
            out.flush();
        } catch (IOException | InterruptedException e) {
            // The peer is gone; the reader notices and reports.
        } finally {
            Sockets.closeQuietly(socket);
        }
    }
}
