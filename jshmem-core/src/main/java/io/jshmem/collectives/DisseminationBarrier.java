package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitCondition;
import io.jshmem.comm.WaitLoop;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Dissemination barrier over a set of PEs, built only from remote release stores and local acquire waits.
 * In round r, member i stores the barrier's epoch into the round-r flag of member (i + 2^r) mod n and waits until
 * its own round-r flag reaches the epoch; after ceil(log2 n) rounds every member has transitively heard from
 * every other. Epochs only grow, so flags never need resetting and back-to-back barriers cannot be confused.
 *
 * <p>Ordering: a barrier is a full fence: every store a member made before entering (local or remote, completed by
 * the quiet that precedes it) is visible to every member after it leaves.
 *
 * <p>Not thread-safe: one thread of a PE runs a given barrier at a time (the runtime serializes collective calls).
 * {@link Barrier#over} picks this algorithm unless every member sleeps while it waits.
 */
public final class DisseminationBarrier implements Barrier {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Comm comm;
    private final int[] members;
    private final int me;
    private final long flagsOffset;
    private final long flagStride;
    private final long arrivedOffset;
    private final int rounds;
    private final java.util.function.Supplier<String> mismatch;
    private long epoch;
    private final RoundWait round = new RoundWait();

    /**
     * @param members       global PE numbers of the participants, in team order
     * @param me            this PE's index in {@code members}
     * @param flagsOffset   heap offset of the round-0 flag (same on every member)
     * @param flagStride    bytes between round flags (a cache line or more)
     * @param arrivedOffset heap offset where each member publishes the epoch it entered (for timeout reports)
     */
    public DisseminationBarrier(Comm comm, int[] members, int me, long flagsOffset, long flagStride,
                                long arrivedOffset) {
        this(comm, members, me, flagsOffset, flagStride, arrivedOffset, null);
    }

    /**
     * As above; {@code mismatch} (may be null) explains, when a wait is slow, whether members are in another
     * collective (see {@link CollectiveActivity#mismatch}).
     */
    public DisseminationBarrier(Comm comm, int[] members, int me, long flagsOffset, long flagStride,
                                long arrivedOffset, java.util.function.Supplier<String> mismatch) {
        this.mismatch = mismatch;
        this.comm = comm;
        this.members = members.clone();
        this.me = me;
        this.flagsOffset = flagsOffset;
        this.flagStride = flagStride;
        this.arrivedOffset = arrivedOffset;
        this.rounds = members.length <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(members.length - 1);
    }

    @Override
    public long epoch() {
        return epoch;
    }

    public static int roundsFor(int n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    @Override
    public void barrier() {
        comm.quiet();
        sync();
    }

    @Override
    public void barrier(WaitLoop waits) {
        comm.quiet();
        sync(waits);
    }

    @Override
    public void sync() {
        sync(comm.waitLoop());
    }

    private void sync(WaitLoop waits) {
        long e = ++epoch;
        MemorySegment local = comm.localHeap();
        LONG.setRelease(local, arrivedOffset, e);
        int n = members.length;
        for (int r = 0; r < rounds; r++) {
            int partner = members[(me + (1 << r)) % n];
            long flag = flagsOffset + r * flagStride;
            comm.putLongRelease(partner, flag, e);
            round.flag = flag;
            waits.await(round, round);
        }
        VarHandle.fullFence();
    }

    /**
     * The wait of the current round, made once so that a barrier allocates nothing: the round's flag reaching the
     * epoch, and its description (built only on timeout).
     */
    private final class RoundWait implements WaitCondition, WaitLoop.Stall {
        long flag;

        @Override
        public boolean satisfied() {
            return (long) LONG.getAcquire(comm.localHeap(), flag) >= epoch;
        }

        @Override
        public String describe() {
            return "barrier (epoch " + epoch + ", " + members.length + " PEs)";
        }

        @Override
        public List<Integer> latePes() {
            return DisseminationBarrier.latePes(comm, members, arrivedOffset, epoch);
        }

        @Override
        public String mismatch() {
            return mismatch == null ? null : mismatch.get();
        }
    }

    /** Members whose arrival epoch published at {@code arrivedOffset} is below {@code e} (or cannot be read). */
    static List<Integer> latePes(Comm comm, int[] members, long arrivedOffset, long e) {
        List<Integer> late = new ArrayList<>();
        for (int pe : members) {
            try {
                if (comm.getScalarLong(pe, arrivedOffset) < e) {
                    late.add(pe);
                }
            } catch (RuntimeException unreachable) {
                late.add(pe);
            }
        }
        return late;
    }
}
