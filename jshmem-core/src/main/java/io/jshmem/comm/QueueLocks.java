package io.jshmem.comm;

import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.spi.AmoOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Distributed locks on a symmetric 64-bit lock word ({@code shmem_set_lock} and friends): an MCS queue lock built
 * from remote 32-bit atomics, so that PEs acquire in arrival order (no PE starves) and each waiter spins only on
 * its own heap.
 *
 * <p>Every PE's copy of the lock word is two 32-bit halves. On the lock's home PE ({@code (offset/8) mod nPes},
 * which spreads locks over PEs), the low half is the queue tail: 0 when free, else 1 + the PE number of the last
 * PE in line. On every PE, the high half is that PE's queue node: bits 0..29 hold 1 + the number of its successor
 * (0 = none yet), bit 30 is set by the predecessor when it hands the lock over. A word that is 0 everywhere is a
 * free lock, as OpenSHMEM requires.
 *
 * <p>Acquire: clear the own node, swap itself into the tail; if there was a predecessor, link into its node and
 * wait for the hand-over bit. Release: quiet first (so the next holder sees every store made under the lock),
 * then either swing the tail back to 0 (nobody waits) or wait for the successor's link and set its hand-over bit.
 * The atomics are volatile accesses and the waits acquire loads, so everything the previous holder stored before
 * releasing is visible to the next holder.
 *
 * <p>Threads: the lock belongs to the PE. Threads of one PE are queued locally first (a semaphore per lock word),
 * so only one of them is in the distributed queue, and any thread of the holding PE may release. Thread-safe.
 */
public final class QueueLocks {
    private static final int NEXT_MASK = (1 << 30) - 1;
    private static final int HANDED_OVER = 1 << 30;
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final Comm comm;
    private final int me;
    private final ConcurrentHashMap<Long, Slot> slots = new ConcurrentHashMap<>();

    /** Local state of one lock word: the semaphore that queues this PE's threads, and whether this PE holds it. */
    private static final class Slot {
        final Semaphore local = new Semaphore(1);
        volatile boolean held;
    }

    public QueueLocks(Comm comm) {
        this.comm = comm;
        this.me = comm.myPe();
    }

    /** The PE whose copy of the lock word at {@code offset} holds the queue tail. */
    public int home(long offset) {
        return (int) ((offset >>> 3) % comm.nPes());
    }

    /** Blocks until this PE holds the lock at heap offset {@code offset} (8-byte aligned). */
    public void set(long offset) {
        Slot slot = slot(offset);
        acquireLocal(slot, offset);
        boolean done = false;
        try {
            enqueueAndWait(offset);
            slot.held = true;
            done = true;
        } finally {
            if (!done) {
                slot.local.release();
            }
        }
    }

    /** Takes the lock if it is free now; true when this PE now holds it. Never waits on other PEs. */
    public boolean test(long offset) {
        Slot slot = slot(offset);
        if (!slot.local.tryAcquire()) {
            return false;
        }
        comm.atomicInt(AmoOp.SET, me, offset + 4, 0, 0);
        if (comm.atomicInt(AmoOp.COMPARE_SWAP, home(offset), offset, me + 1, 0) == 0) {
            slot.held = true;
            return true;
        }
        slot.local.release();
        return false;
    }

    /** Whether this PE holds the lock at {@code offset}. */
    public boolean holds(long offset) {
        Slot slot = slots.get(offset);
        return slot != null && slot.held;
    }

    /**
     * Releases the lock at {@code offset}: completes this PE's outstanding operations, then hands the lock to the
     * next PE in line. Throws, changing nothing, when this PE does not hold it.
     */
    public void clear(long offset, String name) {
        Slot slot = slots.get(offset);
        if (slot == null || !slot.held) {
            throw new ShmemStateException(name + " (lock word at heap offset " + offset + ") is not held by PE " + me
                    + ": only the PE that set the lock may clear it; call setLock or a successful testLock first");
        }
        comm.quiet();
        int home = home(offset);
        int node = comm.atomicInt(AmoOp.FETCH, me, offset + 4, 0, 0);
        int next = node & NEXT_MASK;
        if (next == 0) {
            if (comm.atomicInt(AmoOp.COMPARE_SWAP, home, offset, 0, me + 1) == me + 1) {
                release(slot);
                return;
            }
            next = waitForSuccessor(offset);
        }
        slot.held = false;
        comm.atomicInt(AmoOp.FETCH_OR, next - 1, offset + 4, HANDED_OVER, 0);
        slot.local.release();
    }

    private void release(Slot slot) {
        slot.held = false;
        slot.local.release();
    }

    private void enqueueAndWait(long offset) {
        // The own node is reset before this PE can become anybody's predecessor: a successor links only after
        // the swap below, which is ordered after this store (both are volatile accesses).
        comm.atomicInt(AmoOp.SET, me, offset + 4, 0, 0);
        int pred = comm.atomicInt(AmoOp.SWAP, home(offset), offset, me + 1, 0);
        if (pred == 0) {
            return;
        }
        comm.atomicInt(AmoOp.FETCH_OR, pred - 1, offset + 4, me + 1, 0);
        MemorySegment heap = comm.localHeap();
        long node = offset + 4;
        comm.waitLoop().await(() -> ((int) INT.getAcquire(heap, node) & HANDED_OVER) != 0,
                () -> "setLock (lock word at heap offset " + offset + ", waiting behind PE " + (pred - 1) + ")",
                () -> List.of(pred - 1));
    }

    private int waitForSuccessor(long offset) {
        MemorySegment heap = comm.localHeap();
        long node = offset + 4;
        comm.waitLoop().await(() -> ((int) INT.getAcquire(heap, node) & NEXT_MASK) != 0,
                () -> "clearLock (lock word at heap offset " + offset + ", waiting for the next PE to link in)",
                List::of);
        return (int) INT.getAcquire(heap, node) & NEXT_MASK;
    }

    private void acquireLocal(Slot slot, long offset) {
        long nanos = comm.waitLoop().timeout().toNanos();
        try {
            if (!slot.local.tryAcquire(nanos, TimeUnit.NANOSECONDS)) {
                throw new ShmemTimeoutException("setLock (lock word at heap offset " + offset + ") did not complete "
                        + "within " + comm.waitLoop().timeout().toSeconds() + " s: another thread of PE " + me
                        + " holds the lock (PEs not arrived: none, the holder is local); raise JSHMEM_TIMEOUT if the job"
                        + " is just slow", List.of());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ShmemStateException("setLock (lock word at heap offset " + offset + ") was interrupted while "
                    + "another thread of PE " + me + " held the lock");
        }
    }

    private Slot slot(long offset) {
        return slots.computeIfAbsent(offset, o -> new Slot());
    }
}
