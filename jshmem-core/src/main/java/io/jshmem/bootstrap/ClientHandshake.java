package io.jshmem.bootstrap;

import io.jshmem.error.BootstrapException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * Opens and authenticates a {@link RendezvousClient}'s connection (the client side of {@link Handshake}), retrying
 * while the server is not reachable yet. Stateless and thread-safe.
 */
final class ClientHandshake {
    /** An authenticated connection; {@code hostPe} is the PE whose process runs the server, or -1. */
    record Connection(Socket socket, DataInputStream in, DataOutputStream out, int hostPe) {
    }

    /** The server refused this PE or is not a jshmem rendezvous: retrying will not help. */
    private static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private ClientHandshake() {
    }

    /**
     * Connects and authenticates within {@code timeoutMs}, retrying with backoff (50 ms doubling to 500 ms) while
     * nobody listens or the connection breaks; a refusal ends the attempts at once.
     */
    static Connection open(UniqueId uid, int pe, int nPes, long timeoutMs, SSLContext tls) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        byte[] secret = uid.secret();
        String lastError = "no attempt made";
        long backoffMs = 50;
        while (true) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (leftMs <= 0) {
                break;
            }
            Socket s = null;
            try {
                InetSocketAddress address = uid.address();
                if (address.isUnresolved()) {
                    throw new IOException("host '" + uid.host() + "' does not resolve");
                }
                // A healthy server answers at once; a short attempt retries soon if this connection was dropped
                // or stuck behind strangers, instead of waiting out the server's whole handshake deadline.
                int attemptMs = (int) Math.min(leftMs, Handshake.CLIENT_ATTEMPT_MS);
                s = Sockets.connect(address, attemptMs, tls);
                s.setSoTimeout(attemptMs);
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
                int hostPe = authenticate(in, out, secret, pe, nPes, uid);
                s.setSoTimeout(0);
                return new Connection(s, in, out, hostPe);
            } catch (Refused r) {
                Sockets.closeQuietly(s);
                throw new BootstrapException("PE " + pe + ": the rendezvous at " + uid.addressText()
                        + " refused this PE: " + r.getMessage());
            } catch (IOException e) {
                Sockets.closeQuietly(s);
                lastError = e.toString();
            }
            sleep(Math.min(backoffMs, Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
            backoffMs = Math.min(backoffMs * 2, 500);
        }
        throw new BootstrapException("PE " + pe + " could not connect to the rendezvous at " + uid.addressText()
                + " within " + timeoutMs + " ms (last error: " + lastError + "); check that the launcher or PE 0 is"
                + " running and that this address is reachable from this host: it comes from JSHMEM_UNIQUE_ID"
                + " (shmemrun), SHMEM_UID_SESSION_ID or MASTER_ADDR/MASTER_PORT; raise JSHMEM_TIMEOUT if PE 0 starts"
                + " late");
    }

    private static int authenticate(DataInputStream in, DataOutputStream out, byte[] secret, int pe, int nPes,
                                    UniqueId uid) throws IOException, Refused {
        Frame hello = Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
        if (hello.type != Frame.SERVER_HELLO || hello.readInt() != Handshake.MAGIC) {
            throw new Refused("the program listening there is not a jshmem rendezvous");
        }
        int version = hello.readInt();
        if (version != Handshake.VERSION) {
            throw new Refused("it speaks protocol version " + version + ", this PE speaks " + Handshake.VERSION
                    + "; start every PE with the same jshmem version");
        }
        byte[] serverNonce = hello.readFixed(Handshake.NONCE_BYTES);
        byte[] clientNonce = Handshake.nonce();
        String tag = Handshake.PROCESS_TAG;
        Frame.of(Frame.CLIENT_HELLO).putInt(Handshake.MAGIC).putInt(Handshake.VERSION).putFixed(clientNonce)
                .putInt(pe).putInt(nPes).putString(tag)
                .putFixed(Handshake.clientProof(secret, serverNonce, clientNonce, pe, nPes, tag)).writeTo(out);
        Frame reply = Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
        if (reply.type == Frame.REFUSED) {
            throw new Refused(reply.readString(Frame.MAX_TEXT_CHARS));
        }
        if (reply.type != Frame.WELCOME) {
            throw new Refused("unexpected handshake message type " + reply.type);
        }
        byte[] proof = reply.readFixed(Handshake.MAC_BYTES);
        if (!Handshake.matches(Handshake.serverProof(secret, clientNonce, serverNonce, pe), proof)) {
            throw new Refused("the server did not prove that it knows the session secret; another program may"
                    + " listen at " + uid.addressText());
        }
        reply.readInt(); // the job's nPes: equal to ours, or the server would have refused
        return reply.readInt();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BootstrapException("interrupted while connecting to the rendezvous", e);
        }
    }
}
