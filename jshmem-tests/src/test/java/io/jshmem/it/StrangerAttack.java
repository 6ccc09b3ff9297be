package io.jshmem.it;

import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.bootstrap.UniqueId;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hostile clients of a rendezvous on loopback, for as long as the test runs them: slowloris sockets that connect
 * and then send one byte per second without ever completing a handshake, garbage clients that send random bytes,
 * and clients that run the real handshake with a wrong secret. Loopback only; {@link #close()} stops everything.
 */
final class StrangerAttack implements AutoCloseable {
    private final InetSocketAddress target;
    private final List<Socket> slow = new ArrayList<>();
    private final ExecutorService quick = Executors.newFixedThreadPool(8);
    private final AtomicInteger refusedQuick = new AtomicInteger();
    private volatile boolean stop;
    private Thread trickler;

    StrangerAttack(int port) {
        this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    /** Starts {@code slowloris} idle sockets and {@code quick} garbage or wrong-secret clients (half each). */
    void start(int slowloris, int quickClients) {
        trickler = Thread.ofPlatform().daemon().name("slowloris").start(() -> trickle(slowloris));
        for (int i = 0; i < quickClients; i++) {
            boolean garbage = i % 2 == 0;
            quick.execute(() -> {
                if (garbage) {
                    garbage();
                } else {
                    wrongSecret();
                }
            });
        }
    }

    /** Quick clients that the server turned away (closed on them, or refused their handshake). */
    int refusedQuickClients() {
        return refusedQuick.get();
    }

    private void trickle(int count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!stop && slow.size() < count && System.nanoTime() < deadline) {
            Socket s = new Socket();
            try {
                s.connect(target, 1000);
                synchronized (slow) {
                    slow.add(s);
                }
            } catch (IOException e) {
                closeQuietly(s);
                sleep(10); // not listening yet
            }
        }
        while (!stop) {
            synchronized (slow) {
                for (Socket s : slow) {
                    try {
                        s.getOutputStream().write(0x4a);
                    } catch (IOException e) {
                        // dropped by the server: that is the point
                    }
                }
            }
            sleep(1000);
        }
    }

    private void garbage() {
        byte[] junk = new byte[64];
        ThreadLocalRandom.current().nextBytes(junk);
        for (int attempt = 0; attempt < 200 && !stop; attempt++) {
            try (Socket s = new Socket()) {
                s.connect(target, 1000);
                s.setSoTimeout(15_000);
                OutputStream out = s.getOutputStream();
                out.write(junk);
                out.flush();
                InputStream in = s.getInputStream();
                while (in.read() >= 0) {
                    // drain the server's hello until it closes on us
                }
                refusedQuick.incrementAndGet();
                return;
            } catch (IOException e) {
                sleep(10);
            }
        }
    }

    private void wrongSecret() {
        byte[] secret = new byte[32];
        ThreadLocalRandom.current().nextBytes(secret);
        UniqueId wrong = new UniqueId(target.getHostString(), target.getPort(), secret);
        RendezvousClient admitted;
        try {
            admitted = RendezvousClient.connect(wrong, 0, 4, Duration.ofSeconds(20), null);
        } catch (RuntimeException e) {
            refusedQuick.incrementAndGet();
            return;
        }
        admitted.close();
        throw new AssertionError("a client with a wrong secret was admitted: " + admitted);
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        quick.shutdownNow();
        quick.awaitTermination(30, TimeUnit.SECONDS);
        if (trickler != null) {
            trickler.join(5000);
        }
        synchronized (slow) {
            slow.forEach(StrangerAttack::closeQuietly);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
