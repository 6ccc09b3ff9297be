package io.jshmem.bootstrap;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A hand-driven protocol peer for tests: performs the client handshake with any secret and process tag, sends raw
 * frames, and can drop its connection without goodbye (what a killed process does).
 */
final class RawPeer implements AutoCloseable {
    final Socket socket;
    final DataInputStream in;
    final DataOutputStream out;

    private RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.socket.setSoTimeout(10_000);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(socket.getOutputStream());
    }

    static RawPeer open(UniqueId uid) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(uid.host(), uid.port()), 5_000);
        return new RawPeer(s);
    }

    /** Runs the client handshake; returns the server's reply frame (WELCOME or REFUSED). */
    Frame hello(byte[] secret, int pe, int nPes, String tag) throws IOException {
        Frame serverHello = Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
        if (serverHello.type != Frame.SERVER_HELLO) {
            throw new IOException("expected SERVER_HELLO, got " + serverHello.type);
        }
        serverHello.readInt();
        serverHello.readInt();
        byte[] serverNonce = serverHello.readFixed(Handshake.NONCE_BYTES);
        byte[] clientNonce = Handshake.nonce();
        Frame.of(Frame.CLIENT_HELLO).putInt(Handshake.MAGIC).putInt(Handshake.VERSION).putFixed(clientNonce)
                .putInt(pe).putInt(nPes).putString(tag)
                .putFixed(Handshake.clientProof(secret, serverNonce, clientNonce, pe, nPes, tag)).writeTo(out);
        return Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
    }

    void send(byte[] frame) throws IOException {
        out.write(frame);
        out.flush();
    }

    /** Whether the server closed the connection (reads until end of stream, skipping frames). */
    boolean closedByServer() {
        try {
            while (true) {
                Frame.read(in, Frame.MAX_LENGTH);
            }
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // end of stream, or a reset because the server closed with our bytes unread
        }
    }

    /** Drops the connection with a reset, as the kernel does for a killed process. */
    void drop() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
