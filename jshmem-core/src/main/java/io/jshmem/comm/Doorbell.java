package io.jshmem.comm;

import io.jshmem.memory.HeapLayout;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The two heap words through which sleeping waiters and writers meet: a waiter count and a 32-bit doorbell in the
 * reserved header of every PE's heap ({@link HeapLayout#WAITERS_OFFSET}, {@link HeapLayout#DOORBELL_OFFSET}).
 * One doorbell per PE, whatever word a waiter watches, so 16-, 32- and 64-bit variables, runs of variables and
 * collective flags all sleep on the same futex word.
 *
 * <p>Protocol (no lost wake-ups): the waiter increments the count, reads the doorbell, re-checks its condition
 * and only then sleeps while the doorbell still holds what it read. The writer makes its write, issues a full
 * fence, and reads the count; when it is not zero it bumps the doorbell and wakes its sleepers. Both sides order
 * "my write, then read the other's word" with sequentially consistent accesses, so either the writer sees the
 * count (and its bump makes the futex wait return or not start) or the waiter's re-check sees the write. A bump
 * before the waiter read the doorbell happened after the write, so the re-check sees the write then too.
 *
 * <p>Stateless and thread-safe. Writers pay one fence and one load when nobody sleeps.
 */
public final class Doorbell {
    private static final VarHandle INT = java.lang.foreign.ValueLayout.JAVA_INT.varHandle();

    private Doorbell() {
    }

    /** Writer side, after a write into {@code heap} (a PE's mapped heap): wakes that PE's sleepers, if any. */
    public static void ring(MemorySegment heap) {
        VarHandle.fullFence();
        if ((int) INT.getVolatile(heap, HeapLayout.WAITERS_OFFSET) != 0) {
            INT.getAndAdd(heap, HeapLayout.DOORBELL_OFFSET, 1);
            Futex.wakeAll(heap, HeapLayout.DOORBELL_OFFSET);
        }
    }

    /** Waiter side: counts this thread as a (future) sleeper of {@code heap}, this PE's own heap. */
    static void announce(MemorySegment heap) {
        INT.getAndAdd(heap, HeapLayout.WAITERS_OFFSET, 1);
    }

    /** Waiter side: no longer a sleeper. */
    static void withdraw(MemorySegment heap) {
        INT.getAndAdd(heap, HeapLayout.WAITERS_OFFSET, -1);
    }

    /** Waiter side: the doorbell now; read after {@link #announce} and before the condition's re-check. */
    static int current(MemorySegment heap) {
        return (int) INT.getVolatile(heap, HeapLayout.DOORBELL_OFFSET);
    }

    /** Waiter side: sleeps while the doorbell holds {@code seen}, at most {@code nanos}. */
    static void sleep(MemorySegment heap, int seen, long nanos) {
        Futex.await(heap, HeapLayout.DOORBELL_OFFSET, seen, nanos);
    }
}
