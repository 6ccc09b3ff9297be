package io.jshmem.bootstrap;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.error.BootstrapException;
import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemTimeoutException;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The key-value store, barriers, allgathers and deadlines, with PEs as threads of this JVM. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RendezvousTest {
    static final Duration LONG = Duration.ofSeconds(20);

    RendezvousServer server;
    final List<RendezvousClient> clients = new ArrayList<>();
    final ExecutorService pool = Executors.newCachedThreadPool();

    @BeforeEach
    void start() {
        server = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), null);
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

    /** {@code client}'s barrier {@code name} with the long deadline, on a pool thread. */
    Future<?> barrierLater(RendezvousClient client, String name) {
        return pool.submit(() -> {
            client.barrier(name, LONG);
            return null;
        });
    }

    List<RendezvousClient> connectAll(int nPes) {
        List<RendezvousClient> all = new ArrayList<>();
        for (int pe = 0; pe < nPes; pe++) {
            all.add(connect(pe, nPes));
        }
        return all;
    }

    @Test
    void uniqueIdCarriesTheBoundPort() {
        UniqueId uid = server.uniqueId();
        assertEquals("127.0.0.1", uid.host());
        assertTrue(uid.port() > 0, "ephemeral port was bound: " + uid.port());
        assertEquals(uid, UniqueId.parse(uid.toString()));
    }

    @Test
    void setThenGetReturnsTheValue() {
        RendezvousClient c = connect(0, 1);
        c.set("k", "hello".getBytes(UTF_8));
        assertEquals("hello", new String(c.get("k", LONG), UTF_8));
        c.set("k", "again".getBytes(UTF_8));
        assertEquals("again", new String(c.get("k", LONG), UTF_8));
        c.set("empty", new byte[0]);
        assertEquals(0, c.get("empty", LONG).length);
    }

    @Test
    void getWaitsUntilAnotherPeSetsTheKey() throws Exception {
        List<RendezvousClient> pes = connectAll(2);
        Future<byte[]> waiting = pool.submit(() -> pes.get(1).get("late", LONG));
        Thread.sleep(300);
        assertTrue(!waiting.isDone(), "get returned before the key was set");
        pes.get(0).set("late", new byte[] {7, 8});
        assertArrayEquals(new byte[] {7, 8}, waiting.get(10, TimeUnit.SECONDS));
    }

    @Test
    void addIsAtomicAcrossPes() throws Exception {
        List<RendezvousClient> pes = connectAll(4);
        List<Future<List<Long>>> results = new ArrayList<>();
        for (RendezvousClient c : pes) {
            results.add(pool.submit(() -> {
                List<Long> seen = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    seen.add(c.add("counter", 1));
                }
                return seen;
            }));
        }
        Set<Long> all = new HashSet<>();
        for (Future<List<Long>> f : results) {
            all.addAll(f.get(20, TimeUnit.SECONDS));
        }
        assertEquals(400, all.size(), "every add returned a distinct value");
        assertEquals(401, pes.get(0).add("counter", 1));
        assertEquals(391, pes.get(1).add("counter", -10));
        assertEquals(391, ByteBuffer.wrap(pes.get(2).get("counter", LONG)).getLong());
    }

    @Test
    void addOnANonCounterKeyIsAnArgumentError() {
        RendezvousClient c = connect(0, 1);
        c.set("text", "abc".getBytes(UTF_8));
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> c.add("text", 1));
        assertTrue(e.getMessage().contains("'text' holds 3 bytes"), e.getMessage());
    }

    @Test
    void oneClientIsUsableFromManyThreads() throws Exception {
        RendezvousClient c = connect(0, 1);
        List<Future<?>> fs = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            fs.add(pool.submit(() -> {
                for (int i = 0; i < 50; i++) {
                    String key = "t" + thread + "-" + i;
                    c.set(key, new byte[] {(byte) thread, (byte) i});
                    assertArrayEquals(new byte[] {(byte) thread, (byte) i}, c.get(key, LONG));
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void barrierReleasesOnlyWhenAllPesArrived(int nPes) throws Exception {
        List<RendezvousClient> pes = connectAll(nPes);
        for (int round = 0; round < 3; round++) {
            List<Future<?>> fs = new ArrayList<>();
            for (int pe = 0; pe < nPes - 1; pe++) {
                RendezvousClient c = pes.get(pe);
                fs.add(barrierLater(c, "b"));
            }
            Thread.sleep(100);
            for (Future<?> f : fs) {
                assertTrue(!f.isDone(), "a PE left the barrier before the last PE arrived (round " + round + ")");
            }
            pes.get(nPes - 1).barrier("b", LONG);
            for (Future<?> f : fs) {
                f.get(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void allgatherReturnsEveryContributionIndexedByPe() throws Exception {
        int nPes = 4;
        List<RendezvousClient> pes = connectAll(nPes);
        for (int round = 0; round < 2; round++) {
            int r = round;
            List<Future<byte[][]>> fs = new ArrayList<>();
            // Submit in reverse order so that arrival order differs from PE order.
            for (int pe = nPes - 1; pe >= 0; pe--) {
                RendezvousClient c = pes.get(pe);
                byte[] mine = ("pe" + pe + "r" + r).getBytes(UTF_8);
                fs.add(0, pool.submit(() -> c.allgather("ag", mine, LONG)));
            }
            for (Future<byte[][]> f : fs) {
                byte[][] all = f.get(10, TimeUnit.SECONDS);
                assertEquals(nPes, all.length);
                for (int pe = 0; pe < nPes; pe++) {
                    assertEquals("pe" + pe + "r" + r, new String(all[pe], UTF_8));
                }
            }
        }
    }

    @Test
    void getTimesOut() {
        RendezvousClient c = connect(0, 1);
        long t0 = System.nanoTime();
        ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class,
                () -> c.get("never", Duration.ofMillis(300)));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= 250 && ms < 5000, "timed out after " + ms + " ms");
        assertTrue(e.getMessage().contains("'never'"), e.getMessage());
    }

    @Test
    void barrierTimeoutNamesTheMissingPes() throws Exception {
        int nPes = 4;
        RendezvousClient pe0 = connect(0, nPes);
        RendezvousClient pe1 = connect(1, nPes);
        connect(2, nPes); // connected but never arrives
        Future<?> other = barrierLater(pe1, "init");
        ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class,
                () -> pe0.barrier("init", Duration.ofMillis(500)));
        assertEquals(List.of(2, 3), e.missingPes());
        assertTrue(e.getMessage().contains("PEs 2, 3 have not arrived"), e.getMessage());
        assertTrue(e.getMessage().contains("never connected to the rendezvous: [3]"), e.getMessage());
        assertTrue(!other.isDone());
    }

    @Test
    void allgatherTimeoutWithdrawsTheArrival() throws Exception {
        List<RendezvousClient> pes = connectAll(2);
        ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class,
                () -> pes.get(0).allgather("x", new byte[] {1}, Duration.ofMillis(300)));
        assertEquals(List.of(1), e.missingPes());
        // PE 0 timed out, so PE 1 alone must now see PE 0 as missing.
        ShmemTimeoutException e1 = assertThrows(ShmemTimeoutException.class,
                () -> pes.get(1).allgather("x", new byte[] {2}, Duration.ofMillis(300)));
        assertEquals(List.of(0), e1.missingPes());
    }

    /**
     * A PE whose barrier wait timed out and which then said goodbye (a finalize after a timeout, which waits short
     * steps) will never arrive: a PE still waiting there with a long deadline fails at once, naming it, and so does a
     * PE that arrives later. Before, the long waiter sat out its whole deadline (CollectivesTest, 6 PEs in CI: a PE in
     * a normal finalize waited at the rendezvous until the launcher killed it, and its own error was lost).
     */
    @Test
    @Timeout(30)
    void aPeThatGaveUpOnABarrierAndLeftFailsItsWaitersAtOnce() throws Exception {
        List<RendezvousClient> pes = connectAll(3);
        Future<?> patient = barrierLater(pes.get(1), "finalize");
        assertThrows(ShmemTimeoutException.class, () -> pes.get(0).barrier("finalize", Duration.ofMillis(300)));
        long t0 = System.nanoTime();
        pes.get(0).close();
        ExecutionException e = assertThrows(ExecutionException.class, () -> patient.get(10, TimeUnit.SECONDS));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        PeFailedException failed = assertInstanceOf(PeFailedException.class, e.getCause());
        assertEquals(0, failed.failedPe());
        assertTrue(failed.getMessage().contains("barrier 'finalize' cannot complete: PE 0 stopped waiting for it"),
                failed.getMessage());
        assertTrue(ms < 5_000, "the waiter failed " + ms + " ms after PE 0 left, not at its deadline");
        PeFailedException late = assertThrows(PeFailedException.class, () -> pes.get(2).barrier("finalize", LONG));
        assertEquals(0, late.failedPe());
        // The rendezvous still serves the others: a key PE 1 sets reaches PE 2.
        pes.get(1).set("k", new byte[] {7});
        assertArrayEquals(new byte[] {7}, pes.get(2).get("k", LONG));
    }

    /** A PE that said goodbye without giving up on any round may come back (a new instance) and complete it. */
    @Test
    @Timeout(30)
    void aPeThatLeftWithoutGivingUpMayRejoinAPendingBarrier() throws Exception {
        List<RendezvousClient> pes = connectAll(2);
        Future<?> waiting = barrierLater(pes.get(1), "init-done");
        pes.get(0).close();
        Thread.sleep(200);
        assertTrue(!waiting.isDone(), "PE 1 still waits for PE 0");
        connect(0, 2).barrier("init-done", LONG);
        waiting.get(10, TimeUnit.SECONDS);
    }

    /** A PE that timed out and arrived again before leaving completes the round as usual. */
    @Test
    @Timeout(30)
    void aPeThatGaveUpAndRetriedIsNotAbandoning() throws Exception {
        List<RendezvousClient> pes = connectAll(2);
        assertThrows(ShmemTimeoutException.class, () -> pes.get(0).barrier("b", Duration.ofMillis(200)));
        Future<?> retry = barrierLater(pes.get(0), "b");
        Thread.sleep(100);
        pes.get(1).barrier("b", LONG);
        retry.get(10, TimeUnit.SECONDS);
    }

    @Test
    void mismatchingNPesIsRefused() {
        connect(0, 4);
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> RendezvousClient.connect(server.uniqueId(), 1, 3, Duration.ofSeconds(5), null));
        assertTrue(e.getMessage().contains("nPes = 3") && e.getMessage().contains("nPes = 4"), e.getMessage());
    }

    @Test
    void connectRetriesUntilTheServerStarts() throws Exception {
        UniqueId uid = server.uniqueId();
        server.close();
        CompletableFuture<RendezvousClient> late = CompletableFuture.supplyAsync(
                () -> RendezvousClient.connect(uid, 0, 1, Duration.ofSeconds(15), null), pool);
        Thread.sleep(700);
        assertTrue(!late.isDone(), "connect must still be retrying");
        server = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), uid.port()),
                uid.secret(), null);
        RendezvousClient c = late.get(15, TimeUnit.SECONDS);
        clients.add(c);
        c.set("a", new byte[] {1});
        assertArrayEquals(new byte[] {1}, c.get("a", LONG));
    }

    @Test
    void connectGivesUpNamingTheAddressAndTheSettings() {
        UniqueId uid = server.uniqueId();
        server.close();
        long t0 = System.nanoTime();
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> RendezvousClient.connect(uid, 0, 1, Duration.ofMillis(800), null));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= 700 && ms < 5000, "gave up after " + ms + " ms");
        assertTrue(e.getMessage().contains(uid.addressText()), e.getMessage());
        assertTrue(e.getMessage().contains("JSHMEM_UNIQUE_ID"), e.getMessage());
    }

    @Test
    void badArgumentsAreRejectedWithTheirRange() {
        RendezvousClient c = connect(0, 1);
        assertThrows(ShmemArgumentException.class, () -> c.get("", LONG));
        assertThrows(ShmemArgumentException.class, () -> c.barrier("b", Duration.ZERO));
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> RendezvousClient.connect(server.uniqueId(), 5, 4, LONG, null));
        assertTrue(e.getMessage().contains("0..3"), e.getMessage());
    }

    @Test
    void serverCloseEndsPendingWaitsWithoutReportingAFailure() throws Exception {
        RendezvousClient c = connect(0, 2);
        List<String> events = new ArrayList<>();
        c.addFailureListener(new RecordingListener(events));
        Future<?> waiting = pool.submit(() -> {
            c.get("never", LONG);
            return null;
        });
        Thread.sleep(200);
        server.close();
        Exception e = assertThrows(Exception.class, () -> waiting.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof BootstrapException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("closed by its host"), e.getCause().getMessage());
        Thread.sleep(200);
        synchronized (events) {
            assertEquals(List.of(), events);
        }
    }

    @Test
    void gracefulCloseThenReconnectWithTheSamePe() {
        RendezvousClient first = connect(0, 2);
        first.set("k", new byte[] {1});
        first.close();
        RendezvousClient again = connect(0, 2);
        assertArrayEquals(new byte[] {1}, again.get("k", LONG));
    }

    @Test
    void twoClientsOfOneProcessMayShareAPe() {
        connect(0, 2);
        RendezvousClient second = connect(0, 2); // e.g. a second instance in the same JVM
        second.set("z", new byte[] {3});
        assertArrayEquals(new byte[] {3}, second.get("z", LONG));
    }

    @Test
    void serverInThisProcessIsReportedAsHostedByThePeInThisProcess() throws Exception {
        RendezvousClient c = connect(0, 1);
        assertEquals(0, c.hostPe());
    }

    /** Records listener calls as strings. */
    record RecordingListener(List<String> events) implements FailureListener {
        @Override
        public void peerLost(int pe, String reason) {
            synchronized (events) {
                events.add("lost " + pe + ": " + reason);
                events.notifyAll();
            }
        }

        @Override
        public void jobAborted(int fromPe, int status, String reason) {
            synchronized (events) {
                events.add("aborted " + fromPe + " " + status + ": " + reason);
                events.notifyAll();
            }
        }

        /** Waits until an event starting with {@code prefix} arrives; returns it. */
        String await(String prefix, long ms) throws InterruptedException {
            long deadline = System.currentTimeMillis() + ms;
            synchronized (events) {
                while (true) {
                    for (String e : events) {
                        if (e.startsWith(prefix)) {
                            return e;
                        }
                    }
                    long left = deadline - System.currentTimeMillis();
                    if (left <= 0) {
                        throw new AssertionError("no event '" + prefix + "' within " + ms + " ms; got " + events);
                    }
                    events.wait(left);
                }
            }
        }
    }

    @Test
    void secretsDifferPerServer() {
        RendezvousServer other = RendezvousServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                UniqueId.newSecret(), null);
        try {
            assertNotEquals(server.uniqueId().sessionName(), other.uniqueId().sessionName());
        } finally {
            other.close();
        }
    }
}
