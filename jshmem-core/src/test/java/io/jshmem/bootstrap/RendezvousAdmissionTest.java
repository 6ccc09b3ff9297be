package io.jshmem.bootstrap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Idle strangers beyond the limits are dropped oldest first, so real clients always get in. */
class RendezvousAdmissionTest {
    @Test
    @Timeout(60)
    void clientsGetInPastMoreIdleStrangersThanTheLimits() throws Exception {
        RendezvousServer server = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), null);
        List<Socket> idle = new ArrayList<>();
        try {
            UniqueId uid = server.uniqueId();
            for (int i = 0; i < Admission.MAX_PENDING + 100; i++) {
                idle.add(new Socket(InetAddress.getLoopbackAddress(), uid.port()));
            }
            long start = System.nanoTime();
            List<CompletableFuture<RendezvousClient>> clients = new ArrayList<>();
            for (int pe = 0; pe < 4; pe++) {
                int p = pe;
                clients.add(CompletableFuture.supplyAsync(
                        () -> RendezvousClient.connect(uid, p, 4, Duration.ofSeconds(30), null)));
            }
            List<RendezvousClient> connected = new ArrayList<>();
            for (CompletableFuture<RendezvousClient> c : clients) {
                connected.add(c.get(30, TimeUnit.SECONDS));
            }
            List<CompletableFuture<Void>> barriers = new ArrayList<>();
            for (RendezvousClient c : connected) {
                barriers.add(CompletableFuture.runAsync(() -> c.barrier("b", Duration.ofSeconds(20))));
            }
            for (CompletableFuture<Void> b : barriers) {
                b.get(30, TimeUnit.SECONDS);
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 10_000, "4 clients needed " + ms + " ms past idle strangers");
            // The oldest strangers were dropped to make room: every one beyond the per-source limit.
            int excess = idle.size() - Admission.MAX_PER_SOURCE;
            int closed = 0;
            for (Socket s : idle.subList(0, Math.min(excess, idle.size()))) {
                if (closedByServer(s)) {
                    closed++;
                }
            }
            assertEquals(Math.min(excess, idle.size()), closed, "oldest strangers dropped");
            connected.forEach(RendezvousClient::close);
        } finally {
            idle.forEach(s -> {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing
                }
            });
            server.close();
        }
    }

    @Test
    @Timeout(30)
    void oversizedHandshakeFrameIsRefusedBeforeAllocation() throws Exception {
        RendezvousServer server = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), null);
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.uniqueId().port())) {
            s.setSoTimeout(10_000);
            new DataOutputStream(s.getOutputStream()).writeInt(Integer.MAX_VALUE);
            InputStream in = s.getInputStream();
            while (in.read() >= 0) {
                // the server's hello, then end of stream
            }
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (server.refusedConnections() == 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertEquals(1, server.refusedConnections());
        } finally {
            server.close();
        }
    }

    private static boolean closedByServer(Socket s) {
        try {
            s.setSoTimeout(2_000);
            InputStream in = s.getInputStream();
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (IOException e) {
            return e.getMessage() != null && e.getMessage().contains("reset");
        }
    }
}
