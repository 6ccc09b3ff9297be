package io.jshmem.bootstrap;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.bootstrap.RendezvousTest.RecordingListener;
import io.jshmem.error.BootstrapException;
import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemTimeoutException;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Dead PEs, a lost rendezvous, globalExit and strangers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RendezvousFailureTest {
    static final Duration LONG = Duration.ofSeconds(20);

    RendezvousServer server;
    byte[] secret;
    final List<RendezvousClient> clients = new ArrayList<>();
    final ExecutorService pool = Executors.newCachedThreadPool();
    final List<String> serverEvents = new ArrayList<>();

    @BeforeEach
    void start() {
        secret = UniqueId.newSecret();
        server = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), secret, null);
        server.addListener(new RendezvousListener() {
            @Override
            public void peerLost(int pe, String reason) {
                synchronized (serverEvents) {
                    serverEvents.add("lost " + pe);
                    serverEvents.notifyAll();
                }
            }

            @Override
            public void peerAborted(int pe, int status, String reason) {
                synchronized (serverEvents) {
                    serverEvents.add("aborted " + pe + " " + status + " " + reason);
                    serverEvents.notifyAll();
                }
            }
        });
    }

    @AfterEach
    void stop() {
        clients.forEach(RendezvousClient::close);
        server.close();
        pool.shutdownNow();
    }

    RendezvousClient connect(int pe, int nPes) {
        RendezvousClient c = RendezvousClient.connect(server.uniqueId(), pe, nPes, Duration.ofSeconds(10), null);
        clients.add(c);
        return c;
    }

    /** PE {@code pe} joins through a raw connection that the test can drop like a killed process. */
    RawPeer rawPe(int pe, int nPes, String tag) throws Exception {
        RawPeer p = RawPeer.open(server.uniqueId());
        Frame reply = p.hello(secret, pe, nPes, tag);
        assertEquals(Frame.WELCOME, reply.type);
        return p;
    }

    static Throwable causeOf(Future<?> f) throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return e.getCause();
    }

    @Test
    void aDroppedPeIsReportedAndFailsPendingAndLaterWaits() throws Exception {
        RendezvousClient pe0 = connect(0, 3);
        RendezvousClient pe2 = connect(2, 3);
        RecordingListener events = new RecordingListener(new ArrayList<>());
        pe2.addFailureListener(events);
        RawPeer pe1 = rawPe(1, 3, "99999/otherprocess");
        pe0.set("before", new byte[] {5});

        Future<?> barrier = pool.submit(() -> {
            pe0.barrier("b", LONG);
            return null;
        });
        Future<?> get = pool.submit(() -> pe2.get("never", LONG));
        Thread.sleep(200);
        long t0 = System.nanoTime();
        pe1.drop();

        String lost = events.await("lost 1", 3000);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < 1500, "peerLost took " + ms + " ms");
        assertTrue(lost.contains("without goodbye"), lost);

        Throwable b = causeOf(barrier);
        PeFailedException be = assertInstanceOf(PeFailedException.class, b);
        assertEquals(1, be.failedPe());
        assertTrue(be.getMessage().contains("barrier 'b'") && be.getMessage().contains("PE 1 failed"),
                be.getMessage());
        assertEquals(1, assertInstanceOf(PeFailedException.class, causeOf(get)).failedPe());

        PeFailedException later = assertThrows(PeFailedException.class, () -> pe2.allgather("g", new byte[0], LONG));
        assertEquals(1, later.failedPe());
        // Keys that exist can still be read: they do not wait on anybody.
        assertArrayEquals(new byte[] {5}, pe2.get("before", LONG));
        awaitServerEvent("lost 1");
    }

    @Test
    void aDeadPeCannotRejoin() throws Exception {
        connect(0, 2);
        rawPe(1, 2, "4242/gone").drop();
        awaitServerEvent("lost 1");
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> RendezvousClient.connect(server.uniqueId(), 1, 2, LONG, null));
        assertTrue(e.getMessage().contains("already declared failed"), e.getMessage());
    }

    @Test
    void aLateListenerHearsEarlierFailures() throws Exception {
        RendezvousClient pe0 = connect(0, 2);
        rawPe(1, 2, "4242/gone").drop();
        awaitServerEvent("lost 1");
        Thread.sleep(200);
        RecordingListener late = new RecordingListener(new ArrayList<>());
        pe0.addFailureListener(late);
        late.await("lost 1", 2000);
    }

    @Test
    void aPeClaimedBySecondProcessIsRefused() throws Exception {
        connect(0, 2);
        try (RawPeer first = rawPe(1, 2, "111/a"); RawPeer second = RawPeer.open(server.uniqueId())) {
            assertTrue(first.socket.isConnected());
            Frame reply = second.hello(secret, 1, 2, "222/b");
            assertEquals(Frame.REFUSED, reply.type);
            String why = reply.readString(Frame.MAX_TEXT_CHARS);
            assertTrue(why.contains("already connected from another process (pid 111)"), why);
        }
    }

    @Test
    void abortReachesEveryOtherPeAndTheLauncher() throws Exception {
        RendezvousClient pe0 = connect(0, 3);
        RendezvousClient pe1 = connect(1, 3);
        RendezvousClient pe2 = connect(2, 3);
        RecordingListener events0 = new RecordingListener(new ArrayList<>());
        pe0.addFailureListener(events0);
        Future<?> waiting = pool.submit(() -> {
            pe0.barrier("b", LONG);
            return null;
        });
        Thread.sleep(200);
        pe1.abort(7, "out of patience");
        assertEquals("aborted 1 7: out of patience", events0.await("aborted", 2000));
        PeFailedException e = assertInstanceOf(PeFailedException.class, causeOf(waiting));
        assertEquals(1, e.failedPe());
        assertTrue(e.getMessage().contains("globalExit(7)"), e.getMessage());
        awaitServerEvent("aborted 1 7 out of patience");
        assertThrows(PeFailedException.class, () -> pe2.barrier("c", LONG));
    }

    @Test
    void anAbortingPeThatExitsIsNotReportedAsLost() throws Exception {
        connect(0, 2);
        RawPeer pe1 = rawPe(1, 2, "31337/aborter");
        pe1.send(Frame.of(Frame.ABORT).putLong(1).putInt(3).putString("bye").toBytes());
        Frame ok = Frame.read(pe1.in, Frame.MAX_LENGTH);
        assertEquals(Frame.OK, ok.type);
        pe1.drop();
        awaitServerEvent("aborted 1 3 bye");
        Thread.sleep(300);
        synchronized (serverEvents) {
            assertFalse(serverEvents.contains("lost 1"), serverEvents.toString());
        }
    }

    @Test
    void strangersAreRefusedAndChangeNothing() throws Exception {
        RendezvousClient pe0 = connect(0, 2);
        pe0.set("job-key", "original".getBytes(UTF_8));

        // 1. A client with the wrong secret.
        UniqueId forged = new UniqueId(server.uniqueId().host(), server.uniqueId().port(), UniqueId.newSecret());
        BootstrapException wrong = assertThrows(BootstrapException.class,
                () -> RendezvousClient.connect(forged, 1, 2, Duration.ofSeconds(5), null));
        assertTrue(wrong.getMessage().contains("authentication failed"), wrong.getMessage());

        // 2. A raw socket sending garbage.
        try (Socket s = new Socket()) {
            s.connect(server.uniqueId().address(), 5000);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(UTF_8));
            out.flush();
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            assertEquals(Frame.SERVER_HELLO, Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH).type);
            assertTrue(closedByPeer(in), "the server must close the connection");
        }

        // 3. A stranger that fakes the hello with a wrong secret and then sends requests anyway.
        try (RawPeer stranger = RawPeer.open(server.uniqueId())) {
            Frame reply = stranger.hello(UniqueId.newSecret(), 1, 2, "666/evil");
            assertEquals(Frame.REFUSED, reply.type);
            try {
                stranger.send(Frame.of(Frame.SET).putLong(1).putString("job-key").putBytes(new byte[] {66}).toBytes());
                stranger.send(Frame.of(Frame.ABORT).putLong(2).putInt(9).putString("pwned").toBytes());
            } catch (java.io.IOException closedAlready) {
                // Also fine: the server hung up first.
            }
            assertTrue(stranger.closedByServer());
        }

        assertEquals("original", new String(pe0.get("job-key", LONG), UTF_8));
        assertThrows(ShmemTimeoutException.class, () -> pe0.get("never-set", Duration.ofMillis(200)));
        assertTrue(server.refusedConnections() >= 3, "refused " + server.refusedConnections());
        synchronized (serverEvents) {
            assertEquals(List.of(), serverEvents, "strangers must not cause PE events");
        }
        // The real PE 1 can still join and the job works.
        RendezvousClient pe1 = connect(1, 2);
        Future<?> b = pool.submit(() -> {
            pe0.barrier("after", LONG);
            return null;
        });
        pe1.barrier("after", LONG);
        b.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aClientRefusesAServerThatDoesNotKnowTheSecret() throws Exception {
        try (ServerSocket fake = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Future<?> impostor = pool.submit(() -> {
                try (Socket s = fake.accept()) {
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                    Frame.of(Frame.SERVER_HELLO).putInt(Handshake.MAGIC).putInt(Handshake.VERSION)
                            .putFixed(Handshake.nonce()).writeTo(out);
                    Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
                    Frame.of(Frame.WELCOME).putFixed(new byte[Handshake.MAC_BYTES]).putInt(1).putInt(-1).writeTo(out);
                    in.read();
                }
                return null;
            });
            UniqueId uid = new UniqueId("127.0.0.1", fake.getLocalPort(), UniqueId.newSecret());
            BootstrapException e = assertThrows(BootstrapException.class,
                    () -> RendezvousClient.connect(uid, 0, 1, Duration.ofSeconds(5), null));
            assertTrue(e.getMessage().contains("did not prove"), e.getMessage());
            impostor.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aLostRendezvousIsReportedToListenersAndFailsWaits() throws Exception {
        byte[] s = UniqueId.newSecret();
        try (ServerSocket fake = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Future<Socket> accepted = pool.submit(() -> {
                Socket sock = fake.accept();
                DataOutputStream out = new DataOutputStream(sock.getOutputStream());
                DataInputStream in = new DataInputStream(new BufferedInputStream(sock.getInputStream()));
                byte[] serverNonce = Handshake.nonce();
                Frame.of(Frame.SERVER_HELLO).putInt(Handshake.MAGIC).putInt(Handshake.VERSION).putFixed(serverNonce)
                        .writeTo(out);
                Frame hello = Frame.read(in, Frame.MAX_HANDSHAKE_LENGTH);
                hello.readInt();
                hello.readInt();
                byte[] clientNonce = hello.readFixed(Handshake.NONCE_BYTES);
                Frame.of(Frame.WELCOME).putFixed(Handshake.serverProof(s, clientNonce, serverNonce, 1)).putInt(2)
                        .putInt(0).writeTo(out);
                return sock;
            });
            UniqueId uid = new UniqueId("127.0.0.1", fake.getLocalPort(), s);
            RendezvousClient c = RendezvousClient.connect(uid, 1, 2, Duration.ofSeconds(5), null);
            clients.add(c);
            assertEquals(0, c.hostPe());
            RecordingListener events = new RecordingListener(new ArrayList<>());
            c.addFailureListener(events);
            Future<?> waiting = pool.submit(() -> c.get("k", LONG));
            Thread.sleep(200);
            Socket serverSide = accepted.get(5, TimeUnit.SECONDS);
            serverSide.setSoLinger(true, 0);
            serverSide.close();
            assertEquals("lost 0: rendezvous lost", events.await("lost", 2000));
            PeFailedException e = assertInstanceOf(PeFailedException.class, causeOf(waiting));
            assertEquals(0, e.failedPe());
            assertTrue(e.getMessage().contains("rendezvous lost"), e.getMessage());
            assertThrows(PeFailedException.class, () -> c.set("x", new byte[0]));
        }
    }

    static boolean closedByPeer(DataInputStream in) {
        try {
            return in.read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (java.io.IOException e) {
            return true; // a reset: the server closed with our garbage unread
        }
    }

    void awaitServerEvent(String event) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 3000;
        synchronized (serverEvents) {
            while (!serverEvents.contains(event)) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    throw new AssertionError("server listener did not get '" + event + "': " + serverEvents);
                }
                serverEvents.wait(left);
            }
        }
    }
}
