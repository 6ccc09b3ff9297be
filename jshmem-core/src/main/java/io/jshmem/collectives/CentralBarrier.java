package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitLoop;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * Counter barrier for PEs that sleep while they wait: every member adds one to a counter in the first member's
 * heap; the member whose add completes the epoch ({@code n * epoch} arrivals in all) stores the epoch into every
 * member's release word, which rings each sleeper's doorbell; the others wait for their release word to reach the
 * epoch. The counter only grows and the release words hold epochs, so nothing is reset between barriers.
 *
 * <p>Why not dissemination here: with PEs outnumbering cores, a waiter that polls briefly and then sleeps pays a
 * futex sleep, a wake-up and a context switch per round, and the rounds chain: 32 PEs on 2 cores took 0.9-1.4 ms
 * per barrier. Here each PE sleeps at most once, and the wake-ups of one epoch run in parallel.
 *
 * <p>Only for members whose heaps are all mapped here (the counter is added to through the mapping, without ringing
 * the first member's doorbell: nobody waits on the counter). Ordering and thread-safety as {@link Barrier}. A
 * barrier allocates nothing; a timeout names the members whose published arrival epoch is behind.
 */
final class CentralBarrier extends EpochBarrier {
    private final long counterOffset;
    private final long releaseOffset;
    private final MemorySegment counterHeap;
    private final ReleaseWait release = new ReleaseWait();

    CentralBarrier(Comm comm, int[] members, int me, long counterOffset, long releaseOffset, long arrivedOffset,
                   Supplier<String> mismatch, Supplier<String> diverged) {
        super(comm, members, arrivedOffset, mismatch, diverged);
        this.counterOffset = counterOffset;
        this.releaseOffset = releaseOffset;
        this.counterHeap = comm.direct(members[0]);
        if (counterHeap == null || members[me] != comm.myPe()) {
            throw new IllegalArgumentException("a central barrier needs the first member's heap mapped here and "
                    + "this PE at index " + me);
        }
    }

    @Override
    void synchronize(WaitLoop waits, long e) {
        // A volatile add: every store of this PE before the barrier happens-before the last arrival's releases.
        long arrivals = (long) LONG.getAndAdd(counterHeap, counterOffset, 1L) + 1;
        if (arrivals == members.length * e) {
            int self = comm.myPe();
            for (int pe : members) {
                if (pe != self) {
                    comm.putLongRelease(pe, releaseOffset, e);
                }
            }
            LONG.setRelease(comm.localHeap(), releaseOffset, e);
        } else {
            waits.await(release, release);
        }
    }

    /** The wait for this epoch's release. */
    private final class ReleaseWait extends EpochWait {
        ReleaseWait() {
            super(", central");
        }

        @Override
        public boolean satisfied() {
            return (long) LONG.getAcquire(comm.localHeap(), releaseOffset) >= epoch();
        }
    }
}
