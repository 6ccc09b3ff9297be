package io.jshmem.impl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The team's lock: mutual exclusion under contention, reentrancy, and a clear error for a give-back by a non-owner. */
class TeamLockTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 50_000;

    @Test
    @Timeout(60)
    void threadsThatContendTakeTurnsAndSeeEachOthersWrites() throws Exception {
        TeamLock lock = new TeamLock();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        long[] plainCounter = new long[1];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < ROUNDS; i++) {
                        lock.lock();
                        try {
                            if (inside.incrementAndGet() != 1) {
                                overlaps.incrementAndGet();
                            }
                            // A plain read-modify-write: lost updates would show a missing happens-before edge.
                            plainCounter[0]++;
                            inside.decrementAndGet();
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "contender-" + t);
            threads.add(th);
            th.start();
        }
        start.countDown();
        for (Thread th : threads) {
            th.join();
        }
        assertTrue(failures.isEmpty(), () -> "contenders failed: " + failures);
        assertEquals(0, overlaps.get(), "two threads were inside the lock at once");
        lock.lock();
        try {
            assertEquals((long) THREADS * ROUNDS, plainCounter[0], "updates made under the lock were lost");
        } finally {
            lock.unlock();
        }
    }

    @Test
    @Timeout(10)
    void theOwnerMayTakeItAgainAndOnlyTheLastGiveBackFreesIt() throws Exception {
        TeamLock lock = new TeamLock();
        lock.lock();
        lock.lock();
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();
        assertTrue(lock.isHeldByCurrentThread(), "one give-back of two takes freed the lock");
        assertFalse(tryFromAnotherThread(lock, 50), "another thread took a lock still held once");
        lock.unlock();
        assertFalse(lock.isHeldByCurrentThread());
        assertTrue(tryFromAnotherThread(lock, 5_000), "another thread could not take a freed lock");
    }

    @Test
    @Timeout(10)
    void aWaiterGetsTheLockSoonAfterTheHolderGivesItBack() throws Exception {
        TeamLock lock = new TeamLock();
        lock.lock();
        AtomicLong acquiredAt = new AtomicLong();
        Thread waiter = new Thread(() -> {
            lock.lock();
            acquiredAt.set(System.nanoTime());
            lock.unlock();
        }, "waiter");
        waiter.start();
        // Long enough for the waiter to pass its spins and yields and park.
        Thread.sleep(100);
        assertEquals(0, acquiredAt.get(), "the waiter took a held lock");
        long releasedAt = System.nanoTime();
        lock.unlock();
        waiter.join(5_000);
        assertFalse(waiter.isAlive(), "the waiter never took the freed lock");
        long delayMs = TimeUnit.NANOSECONDS.toMillis(acquiredAt.get() - releasedAt);
        assertTrue(delayMs < 1_000, "the waiter took the lock " + delayMs + " ms after it was freed");
    }

    @Test
    @Timeout(10)
    void anInterruptedWaiterKeepsWaitingQuietlyAndKeepsItsInterrupt() throws Exception {
        TeamLock lock = new TeamLock();
        lock.lock();
        boolean[] interruptedAfter = new boolean[1];
        Thread waiter = new Thread(() -> {
            lock.lock();
            interruptedAfter[0] = Thread.currentThread().isInterrupted();
            lock.unlock();
        }, "interrupted-waiter");
        waiter.start();
        Thread.sleep(50);
        waiter.interrupt();
        Thread.sleep(100);
        assertTrue(waiter.isAlive(), "an interrupt made the waiter leave without the lock");
        lock.unlock();
        waiter.join(5_000);
        assertFalse(waiter.isAlive(), "the interrupted waiter never took the freed lock");
        assertTrue(interruptedAfter[0], "the waiter's interrupt was swallowed");
    }

    @Test
    @Timeout(10)
    void givingBackALockThisThreadDoesNotHoldFails() throws Exception {
        TeamLock lock = new TeamLock();
        IllegalMonitorStateException unheld = assertThrows(IllegalMonitorStateException.class, lock::unlock);
        assertTrue(unheld.getMessage().contains("not held by this thread"), unheld.getMessage());
        lock.lock();
        try {
            Throwable[] seen = new Throwable[1];
            Thread other = new Thread(() -> {
                try {
                    lock.unlock();
                } catch (Throwable e) {
                    seen[0] = e;
                }
            });
            other.start();
            other.join();
            assertTrue(seen[0] instanceof IllegalMonitorStateException, "a non-owner's give-back: " + seen[0]);
            assertTrue(lock.isHeldByCurrentThread(), "a non-owner's give-back freed the lock");
        } finally {
            lock.unlock();
        }
    }

    /** Whether another thread takes (and gives back) the lock within {@code millis}. */
    private static boolean tryFromAnotherThread(TeamLock lock, long millis) throws InterruptedException {
        CountDownLatch taken = new CountDownLatch(1);
        Thread other = new Thread(() -> {
            lock.lock();
            taken.countDown();
            lock.unlock();
        }, "other");
        other.setDaemon(true);
        other.start();
        return taken.await(millis, TimeUnit.MILLISECONDS);
    }
}
