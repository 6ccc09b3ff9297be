package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitCondition;
import io.jshmem.comm.WaitLoop;
import io.jshmem.memory.HeapLayout;

import java.util.ArrayList;
import java.util.List;

/**
 * The first step of finalize, after this PE has published that it is in finalize ({@link CollectiveActivity}): wait
 * until every other PE has published the same, then meet them in the world barrier. Without this step the world
 * barrier of a PE that finalized early (its code threw out of a try-with-resources block) met the barrierAll of a PE
 * that had not (both are the world barrier's next epoch): the barrierAll returned as if every PE had called it, and
 * that PE's own finalize then waited a whole deadline for a barrier nobody would enter. With it, a PE that waits for
 * a finalizing PE in barrierAll, or in any collective, fails in seconds ({@link CollectiveActivity#finalizing}), and
 * finalize itself costs one read of each PE's activity word. Not thread-safe: finalize holds the collective lock.
 */
public final class FinalizeHandshake implements WaitCondition, WaitLoop.Stall {
    private final Comm comm;
    private final int nPes;
    private final java.util.function.Supplier<String> probe;
    /** The first PE not yet seen in finalize: PEs before it were, and a PE in finalize stays there. */
    private int next;

    private FinalizeHandshake(Comm comm, java.util.function.Supplier<String> probe) {
        this.comm = comm;
        this.nPes = comm.nPes();
        this.probe = probe;
    }

    /** Waits, through {@code waits}, until every PE of the job has entered finalize. */
    public static void await(Comm comm, WaitLoop waits) {
        await(comm, waits, () -> null);
    }

    /**
     * As {@link #await(Comm, WaitLoop)}; while the wait is slow, {@code probe} compares the teams' calls with the
     * members that are not here yet and records a mismatch in their slots, so that one waiting in a collective this
     * PE never called fails at once and comes to finalize ({@link LiveTeams#probe}).
     */
    public static void await(Comm comm, WaitLoop waits, java.util.function.Supplier<String> probe) {
        FinalizeHandshake h = new FinalizeHandshake(comm, probe);
        waits.await(h, h);
    }

    @Override
    public String diverged() {
        // Recorded for the members; finalize itself goes on waiting for them, and reports it once all are here.
        probe.get();
        return null;
    }

    @Override
    public boolean satisfied() {
        while (next < nPes) {
            if (next != comm.myPe() && CollectiveActivity.codeOf(CollectiveActivity.read(comm, next))
                    != CollectiveActivity.FINALIZE) {
                return false;
            }
            next++;
        }
        return true;
    }

    @Override
    public String describe() {
        return "finalize (PE " + comm.myPe() + " waiting for every PE to enter finalize)";
    }

    @Override
    public List<Integer> latePes() {
        List<Integer> late = new ArrayList<>();
        for (int pe = next; pe < nPes; pe++) {
            try {
                if (pe != comm.myPe() && CollectiveActivity.codeOf(CollectiveActivity.read(comm, pe))
                        != CollectiveActivity.FINALIZE) {
                    late.add(pe);
                }
            } catch (RuntimeException unreachable) {
                late.add(pe);
            }
        }
        return late;
    }

    @Override
    public String mismatch() {
        StringBuilder where = new StringBuilder();
        for (int pe : latePes()) {
            try {
                long word = CollectiveActivity.read(comm, pe);
                int code = CollectiveActivity.codeOf(word);
                long epoch = word >>> 32;
                if (code != CollectiveActivity.NONE) {
                    where.append(where.isEmpty() ? "" : ", ").append("PE ").append(pe).append(" is in ")
                            .append(CollectiveActivity.name(code)).append(" epoch ").append(epoch);
                }
            } catch (RuntimeException unreachable) {
                // Named by latePes already.
            }
        }
        return where.isEmpty() ? null : where + ": finalize is collective, and every PE must finish its collectives"
                + " before it (a PE waiting in a collective for this PE fails in seconds and then finalizes)";
    }
}
