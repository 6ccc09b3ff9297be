package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitLoop;

import java.util.function.Supplier;

/**
 * A barrier over a fixed set of PEs, reused for every barrier of a team (or of the world): each call is the next
 * epoch. Two algorithms, chosen alike on every member ({@link #over}):
 * <ul>
 *   <li>{@link DisseminationBarrier} while waits spin: ceil(log2 n) rounds of one store and one wait, each a
 *   cache-line transfer when every PE has a core;</li>
 *   <li>{@link CentralBarrier} when every member's waits sleep (PEs outnumber cores) and every member's heap is
 *   mapped here: one atomic arrival at the first member and one release store per member, so that each PE sleeps
 *   at most once per barrier instead of once per round (on 2 cores, 32 PEs: 160 sleeps and wake-ups per barrier
 *   become 31).</li>
 * </ul>
 *
 * <p>Ordering: a barrier is a full fence: every store a member made before entering (local or remote, completed by
 * the quiet that precedes it) is visible to every member after it leaves. Not thread-safe: one thread of a PE runs
 * a given barrier at a time (the runtime serializes collective calls).
 */
public interface Barrier {
    /** The epoch of the last barrier entered (the next one is {@code epoch() + 1}). */
    long epoch();

    /** Completes local outstanding operations, then synchronizes with every member. */
    void barrier();

    /** {@link #barrier()} whose waits use {@code waits} (another deadline) instead of the comm layer's. */
    void barrier(WaitLoop waits);

    /** Synchronizes with every member without completing outstanding remote operations first. */
    void sync();

    /**
     * The barrier for {@code members}: central when {@link Comm#allSleep} holds for them (the same answer on every
     * member, from the wait modes exchanged at init), dissemination otherwise.
     *
     * @param members       global PE numbers of the participants, in team order
     * @param me            this PE's index in {@code members}
     * @param flagsOffset   heap offset of the round-0 flag (same on every member); the central barrier keeps its
     *                      arrival counter there and its release word {@code max(flagStride, 64)} bytes further,
     *                      on another cache line, both inside the round flags it does not use
     * @param flagStride    bytes between round flags
     * @param arrivedOffset heap offset where each member publishes the epoch it entered (for timeout reports)
     * @param mismatch      explains, when a wait is slow, whether members are in another collective (may be null)
     */
    static Barrier over(Comm comm, int[] members, int me, long flagsOffset, long flagStride, long arrivedOffset,
                        Supplier<String> mismatch) {
        return over(comm, members, me, flagsOffset, flagStride, arrivedOffset, mismatch, null);
    }

    /**
     * As {@link #over(Comm, int[], int, long, long, long, Supplier)}; {@code diverged} (may be null) says, when a
     * wait is slow, whether the members are known to have called different collectives (the wait then fails).
     */
    public static Barrier over(Comm comm, int[] members, int me, long flagsOffset, long flagStride,
                               long arrivedOffset, Supplier<String> mismatch, Supplier<String> diverged) {
        if (comm.allSleep(members)) {
            return new CentralBarrier(comm, members, me, flagsOffset, flagsOffset + Math.max(flagStride, 64),
                    arrivedOffset, mismatch, diverged);
        }
        return new DisseminationBarrier(comm, members, me, flagsOffset, flagStride, arrivedOffset, mismatch,
                diverged);
    }
}
