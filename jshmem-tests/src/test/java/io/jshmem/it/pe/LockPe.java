package io.jshmem.it.pe;

import io.jshmem.DataType;
import java.lang.foreign.ValueLayout;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemStateException;

/**
 * Distributed locks: mutual exclusion of a non-atomic read-modify-write of a remote counter (g then p) under the
 * lock, with setLock and testLock; two locks with different home PEs; clearLock by a PE that does not hold the
 * lock; and fairness (a greedy PE that relocks at once cannot overtake a waiting PE more than a couple of times).
 */
public final class LockPe {
    static final int ROUNDS = 1500;

    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int n = shmem.nPes();
                SymmetricMemory locks = shmem.calloc(2, 8);
                SymmetricMemory counters = shmem.calloc(4, 8);
                shmem.barrierAll();
                int target = n - 1;
                for (int i = 0; i < ROUNDS; i++) {
                    int which = i & 1;
                    if ((i & 2) == 0) {
                        shmem.setLock(locks, which);
                    } else {
                        while (!shmem.testLock(locks, which)) {
                            Thread.onSpinWait();
                        }
                    }
                    long v = shmem.g(ValueLayout.JAVA_LONG, counters, which, target);
                    if ((i & 7) == 0) {
                        Thread.yield(); // widen the window a broken lock would let another PE in through
                    }
                    shmem.p(ValueLayout.JAVA_LONG, counters, which, v + 1, target);
                    shmem.clearLock(locks, which);
                }
                shmem.barrierAll();
                Expect.equal((long) n * ROUNDS / 2, shmem.g(ValueLayout.JAVA_LONG, counters, 0, target),
                        "counter under lock 0");
                Expect.equal((long) n * ROUNDS / 2, shmem.g(ValueLayout.JAVA_LONG, counters, 1, target),
                        "counter under lock 1");
                shmem.barrierAll();

                // Only the holder may clear; a failed clear changes nothing.
                if (me == 0) {
                    shmem.setLock(locks, 0);
                }
                shmem.barrierAll();
                if (me != 0) {
                    Expect.thrown(ShmemStateException.class, () -> shmem.clearLock(locks, 0), "not held by PE " + me);
                    Expect.isTrue(!shmem.testLock(locks, 0), "lock still held by PE 0");
                }
                shmem.barrierAll();
                if (me == 0) {
                    shmem.clearLock(locks, 0);
                }
                shmem.barrierAll();

                fairness(shmem, locks, counters, me, n);
                shmem.free(counters);
                shmem.free(locks);
                System.out.println("LOCK OK pe " + me);
            });
        }
    }

    /**
     * FIFO hand-over: PE 0 holds lock 1; PEs 1..n-1 queue up one after the other (PE 0 lets the next one go once
     * the queue tail, documented in io.jshmem.comm.QueueLocks, names the previous one); PE 0 then releases and at
     * once asks again. It must be served after every waiting PE, and they in the order they queued.
     */
    private static void fairness(ShmemRuntime shmem, SymmetricMemory locks, SymmetricMemory counters, int me,
                                 int n) {
        SymmetricMemory go = shmem.calloc(1, 8);
        int home = (int) ((locks.heapOffset() + 8) / 8 % n);
        if (me == 0) {
            shmem.setLock(locks, 1);
        }
        shmem.barrierAll();
        for (int k = 1; k < n; k++) {
            if (me == k) {
                shmem.waitUntil(DataType.LONG, go, 0, io.jshmem.Cmp.EQ, 1);
                shmem.setLock(locks, 1);
                long ticket = shmem.atomicFetchInc(DataType.LONG, counters, 2, 0);
                Expect.equal(k - 1L, ticket, "PE " + k + " served in queue order");
                shmem.clearLock(locks, 1);
            } else if (me == 0) {
                shmem.p(ValueLayout.JAVA_LONG, go, 0, 1L, k);
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (shmem.g(ValueLayout.JAVA_INT, locks, 2, home) != k + 1) {
                    Thread.onSpinWait();
                    Expect.isTrue(System.nanoTime() < deadline, "PE " + k + " never queued");
                }
            }
        }
        if (me == 0) {
            shmem.clearLock(locks, 1);
            shmem.setLock(locks, 1);
            Expect.equal(n - 1L, shmem.atomicFetch(DataType.LONG, counters, 2, 0),
                    "greedy PE 0 served after every waiter");
            shmem.clearLock(locks, 1);
        }
        shmem.barrierAll();
        shmem.free(go);
    }
}
