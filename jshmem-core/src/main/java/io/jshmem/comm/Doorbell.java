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
 * <p>Protocol (no lost wake-ups): before each sleep the waiter arms the flag (stores 1), reads the doorbell,
 * re-checks its condition and only then sleeps while the doorbell still holds what it read. The writer makes its
 * write, issues a full fence and reads the flag; when it is set, the writer that clears it (getAndSet 0) bumps the
 * doorbell and wakes every sleeper. Both sides order "my write, then read the other's word" with sequentially
 * consistent accesses, so either the writer sees the armed flag (and its bump makes the futex wait return or not
 * start) or the waiter's re-check sees the write. A writer that finds the flag clear read it before the waiter's
 * next arming, so the re-check that follows that arming sees its write. A waiter whose arming a writer cleared
 * before it read the doorbell finds the flag clear just before sleeping ({@link #armed}) and arms again instead. A
 * flag left armed by a waiter that did not sleep costs the next writer one needless wake.
 *
 * <p>One wake per sleep, not one per write: a waiter woken by a write it does not wait for (a PE sleeping in a
 * barrier while the others update its memory, as random-access updates do) re-arms only when it runs again, and
 * the writes until then pass without a syscall. With a count of sleepers instead, every write to a PE that had
 * a sleeper paid a futex wake and made the sleeper runnable again: GUPS (1 Mi updates per PE, 16 MiB per PE) at
 * 4 PEs on 2 cores ran its updates 2-3x slower than with waits that poll (docs/performance.md).
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
        if ((int) INT.getVolatile(heap, HeapLayout.WAITERS_OFFSET) != 0
                && (int) INT.getAndSet(heap, HeapLayout.WAITERS_OFFSET, 0) != 0) {
            INT.getAndAdd(heap, HeapLayout.DOORBELL_OFFSET, 1);
            Futex.wakeAll(heap, HeapLayout.DOORBELL_OFFSET);
        }
    }

    /**
     * Waiter side, before every sleep on {@code heap} (this PE's own heap): asks the next writer to ring. Never
     * cleared by a waiter: another thread of the PE may be asleep on the same arming.
     */
    static void arm(MemorySegment heap) {
        INT.setVolatile(heap, HeapLayout.WAITERS_OFFSET, 1);
    }

    /**
     * Waiter side, after {@link #current} and the condition's re-check, just before sleeping: whether the flag is
     * still armed. A writer may have cleared this arming (and bumped the doorbell before {@link #current} read it)
     * for a write this thread does not wait for; a later writer then finds the flag clear and does not ring, so the
     * waiter must arm again and re-check instead of sleeping. A clear after this read comes with a bump after
     * {@link #current}, which ends the sleep.
     */
    static boolean armed(MemorySegment heap) {
        return (int) INT.getVolatile(heap, HeapLayout.WAITERS_OFFSET) != 0;
    }

    /** Waiter side: the doorbell now; read after {@link #arm} and before the condition's re-check. */
    static int current(MemorySegment heap) {
        return (int) INT.getVolatile(heap, HeapLayout.DOORBELL_OFFSET);
    }

    /** Waiter side: sleeps while the doorbell holds {@code seen}, at most {@code nanos}. */
    static void sleep(MemorySegment heap, int seen, long nanos) {
        Futex.await(heap, HeapLayout.DOORBELL_OFFSET, seen, nanos);
    }
}
