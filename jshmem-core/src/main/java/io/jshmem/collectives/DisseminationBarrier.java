package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitLoop;


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
public final class DisseminationBarrier extends EpochBarrier {
    private final int me;
    private final long flagsOffset;
    private final long flagStride;
    private final int rounds;
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
        this(comm, members, me, flagsOffset, flagStride, arrivedOffset, mismatch, null);
    }

    /** As above; {@code diverged} (may be null): see {@link Barrier#over}. */
    DisseminationBarrier(Comm comm, int[] members, int me, long flagsOffset, long flagStride, long arrivedOffset,
                         java.util.function.Supplier<String> mismatch,
                         java.util.function.Supplier<String> diverged) {
        super(comm, members, arrivedOffset, mismatch, diverged);
        this.me = me;
        this.flagsOffset = flagsOffset;
        this.flagStride = flagStride;
        this.rounds = roundsFor(members.length);
    }

    public static int roundsFor(int n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    @Override
    void synchronize(WaitLoop waits, long e) {
        int n = members.length;
        for (int r = 0; r < rounds; r++) {
            int partner = members[(me + (1 << r)) % n];
            long flag = flagsOffset + r * flagStride;
            comm.putLongRelease(partner, flag, e);
            round.flag = flag;
            waits.await(round, round);
        }
    }

    /** The wait of the current round: the round's flag reaching the epoch. */
    private final class RoundWait extends EpochWait {
        long flag;

        RoundWait() {
            super("");
        }

        @Override
        public boolean satisfied() {
            return (long) LONG.getAcquire(comm.localHeap(), flag) >= epoch();
        }
    }
}
