package io.jshmem.comm;

import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCS queue lock with threads playing PEs over one in-process SHM engine. */
class QueueLocksTest {
    private static final long LOCK = 1024;
    private static final long COUNTER = 4096;

    @Test
    @Timeout(60)
    void nonAtomicIncrementsUnderTheLockAreNeverLost() throws Exception {
        int n = 4;
        int rounds = 3000;
        try (InProcessPes pes = new InProcessPes(n, Duration.ofSeconds(30))) {
            runPes(n, pe -> {
                QueueLocks locks = new QueueLocks(pes.comms[pe]);
                for (int i = 0; i < rounds; i++) {
                    locks.set(LOCK);
                    long v = pes.heaps[0].get(ValueLayout.JAVA_LONG, COUNTER);
                    Thread.onSpinWait();
                    pes.heaps[0].set(ValueLayout.JAVA_LONG, COUNTER, v + 1);
                    locks.clear(LOCK, "lock");
                }
            });
            assertEquals((long) n * rounds, pes.heaps[0].get(ValueLayout.JAVA_LONG, COUNTER));
            for (int pe = 0; pe < n; pe++) {
                // Tail swung back to 0 on the home PE: the lock is free again.
                int home = new QueueLocks(pes.comms[pe]).home(LOCK);
                assertEquals(0, pes.heaps[home].get(ValueLayout.JAVA_INT, LOCK), "tail on home PE " + home);
            }
        }
    }

    @Test
    @Timeout(60)
    void waitersAreServedInArrivalOrderAndARelockingHolderGoesLast() throws Exception {
        int n = 5;
        try (InProcessPes pes = new InProcessPes(n, Duration.ofSeconds(30))) {
            QueueLocks[] locks = new QueueLocks[n];
            for (int pe = 0; pe < n; pe++) {
                locks[pe] = new QueueLocks(pes.comms[pe]);
            }
            int home = locks[0].home(LOCK);
            List<Integer> served = java.util.Collections.synchronizedList(new ArrayList<>());
            locks[0].set(LOCK);
            List<Thread> waiters = new ArrayList<>();
            for (int pe = 1; pe < n; pe++) {
                int p = pe;
                waiters.add(Thread.ofPlatform().start(() -> {
                    locks[p].set(LOCK);
                    served.add(p);
                    locks[p].clear(LOCK, "lock");
                }));
                // The queue tail (low half of the home PE's word) names the last PE in line.
                while (pes.heaps[home].get(ValueLayout.JAVA_INT, LOCK) != p + 1) {
                    Thread.onSpinWait();
                }
            }
            locks[0].clear(LOCK, "lock");
            locks[0].set(LOCK);
            served.add(0);
            locks[0].clear(LOCK, "lock");
            for (Thread t : waiters) {
                t.join();
            }
            assertEquals(List.of(1, 2, 3, 4, 0), served, "FIFO hand-over; the relocking holder queues last");
        }
    }

    @Test
    @Timeout(30)
    void testLockAndClearByANonHolder() throws Exception {
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(10))) {
            QueueLocks a = new QueueLocks(pes.comms[0]);
            QueueLocks b = new QueueLocks(pes.comms[1]);
            ShmemStateException e = assertThrows(ShmemStateException.class, () -> b.clear(LOCK, "lock"));
            assertTrue(e.getMessage().contains("not held by PE 1"), e.getMessage());
            assertTrue(a.test(LOCK));
            assertTrue(a.holds(LOCK));
            assertFalse(b.test(LOCK));
            long before = pes.heaps[a.home(LOCK)].get(ValueLayout.JAVA_LONG, LOCK);
            assertThrows(ShmemStateException.class, () -> b.clear(LOCK, "lock"));
            assertEquals(before, pes.heaps[a.home(LOCK)].get(ValueLayout.JAVA_LONG, LOCK), "nothing modified");
            a.clear(LOCK, "lock");
            assertFalse(a.holds(LOCK));
            assertTrue(b.test(LOCK));
            b.clear(LOCK, "lock");
        }
    }

    @Test
    @Timeout(30)
    void threadsOfOnePeQueueLocally() throws Exception {
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(10))) {
            QueueLocks locks = new QueueLocks(pes.comms[1]);
            long[] counter = new long[1];
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 500; i++) {
                        locks.set(LOCK);
                        counter[0]++;
                        locks.clear(LOCK, "lock");
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(2000, counter[0]);
        }
    }

    interface PeBody {
        void run(int pe) throws Exception;
    }

    static void runPes(int n, PeBody body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(n);
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int pe = 0; pe < n; pe++) {
            int p = pe;
            threads.add(Thread.ofPlatform().name("pe-" + pe).start(() -> {
                try {
                    start.await();
                    body.run(p);
                } catch (Throwable t) {
                    errors.add(t);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!errors.isEmpty()) {
            AssertionError e = new AssertionError("a PE thread failed: " + errors.getFirst(), errors.getFirst());
            throw e;
        }
    }
}
