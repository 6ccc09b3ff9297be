package io.jshmem.bootstrap;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/** Plain or TLS 1.3 sockets for the rendezvous. Stateless and thread-safe. */
final class Sockets {
    static final String TLS_PROTOCOL = "TLSv1.3";

    private Sockets() {
    }

    /**
     * A listening socket; with TLS every client must present a certificate that {@code tls} trusts.
     */
    static ServerSocket listen(InetSocketAddress bind, SSLContext tls) throws IOException {
        ServerSocket s;
        if (tls == null) {
            s = new ServerSocket();
        } else {
            SSLServerSocket ssl = (SSLServerSocket) tls.getServerSocketFactory().createServerSocket();
            ssl.setEnabledProtocols(new String[] {TLS_PROTOCOL});
            ssl.setNeedClientAuth(true);
            s = ssl;
        }
        try {
            s.setReuseAddress(true);
            // A burst of strangers must not overflow the accept queue and delay PEs' SYNs by a retransmit.
            s.bind(bind, 4096);
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Connects within {@code timeoutMs}; with TLS the handshake also completes within that time. */
    static Socket connect(InetSocketAddress address, int timeoutMs, SSLContext tls) throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            s.connect(address, timeoutMs);
            if (tls == null) {
                return s;
            }
            SSLSocket ssl = (SSLSocket) tls.getSocketFactory()
                    .createSocket(s, address.getHostString(), address.getPort(), true);
            ssl.setEnabledProtocols(new String[] {TLS_PROTOCOL});
            ssl.setUseClientMode(true);
            ssl.setSoTimeout(timeoutMs);
            ssl.startHandshake();
            return ssl;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Prepares an accepted socket; the TLS handshake (if any) runs under the handshake timeout. */
    static void prepareAccepted(Socket s) throws IOException {
        s.setTcpNoDelay(true);
        s.setKeepAlive(true);
        s.setSoTimeout(Handshake.HANDSHAKE_TIMEOUT_MS);
        if (s instanceof SSLSocket ssl) {
            ssl.startHandshake();
        }
    }

    static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // Closing is best effort: the peer may already be gone.
        }
    }
}
