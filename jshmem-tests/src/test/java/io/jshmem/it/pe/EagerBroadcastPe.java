package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.jshmem.it.pe.EagerCollectiveRun.check;
import static io.jshmem.it.pe.EagerCollectiveRun.fill;

/**
 * Broadcasts that synchronize nobody (the eager algorithm, JSHMEM_BCAST_ALGO auto or eager for what fits the scratch)
 * run back to back and interleaved with the collectives that share their scratch or flags, so that members run
 * ahead of each other: every root changes its source right after each call, every member checks its dest after
 * each call, and reductions, fcollects, trees and barriers in between must still see their own data. Sizes from 0
 * to a full 2-PE scratch slot (240 bytes) and one byte more (the tree), every root in turn, on TEAM_WORLD and on
 * the team of even PEs.
 */
public final class EagerBroadcastPe {
    /** 0, 8, the 2-PE scratch capacity (240) and one more (the tree), 100, 112 (the 8-PE capacity). */
    private static final long[] SIZES = {0, 8, 240, 241, 100, 112, 8};
    private static final int ROUNDS = 3000;
    /** Broadcasts per run from one root. */
    private static final int RUN = 700;
    /** Broadcasts of up to 8 bytes per run from one root (the eager ring). */
    private static final int SCALAR_RUN = 2000;

    public static void main(String[] args) {
        EagerCollectiveRun.onWorldAndEvenTeam("EAGER BROADCAST", 1024L, EagerBroadcastPe::exercise);
    }

    private static void exercise(Team team, SymmetricMemory src, SymmetricMemory dst, SymmetricMemory sum) {
        int me = team.myPe();
        int n = team.nPes();
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (int r = 0; r < ROUNDS; r++) {
            long bytes = SIZES[r % SIZES.length];
            int root = r % n;
            if (me == root) {
                fill(s, bytes, r, root);
            }
            d.asSlice(0, 512).fill((byte) 0x5A);
            team.broadcastmem(dst, 0, src, 0, bytes, root);
            // The root may reuse its source at once: the data is already in the children's scratch.
            if (me == root) {
                s.asSlice(0, 512).fill((byte) 0x77);
            }
            check(d, bytes, r, root, "broadcast round " + r + " (" + bytes + " B, root " + root + ")");
            Expect.isTrue(bytes >= 512 || d.get(ValueLayout.JAVA_BYTE, bytes) == 0x5A,
                    "round " + r + ": dest beyond " + bytes + " bytes untouched");
            switch (r % 7) {
                case 2 -> {
                    // A small reduction right behind a broadcast that may have left members behind: it shares the
                    // scratch halves.
                    s.set(ValueLayout.JAVA_LONG, 0, r * 1000L + me);
                    s.set(ValueLayout.JAVA_LONG, 8, -me);
                    team.reduce(ReduceOp.SUM, DataType.LONG, sum, 0, src, 0, 2);
                    long expected = (long) n * r * 1000L + (long) n * (n - 1) / 2;
                    Expect.equal(expected, sum.local().get(ValueLayout.JAVA_LONG, 0), "round " + r + " sum[0]");
                    Expect.equal(-(long) n * (n - 1) / 2, sum.local().get(ValueLayout.JAVA_LONG, 8),
                            "round " + r + " sum[1]");
                }
                case 4 -> {
                    s.set(ValueLayout.JAVA_LONG, 0, r * 31L + me);
                    team.fcollectmem(dst, 0, src, 0, 8);
                    for (int i = 0; i < n; i++) {
                        Expect.equal(r * 31L + i, d.get(ValueLayout.JAVA_LONG, 8L * i), "round " + r
                                + " fcollect block " + i);
                    }
                }
                case 6 -> team.sync();
                default -> { }
            }
        }
        runsFromOneRoot(team, src, dst, sum);
        scalarRuns(team, src, dst);
    }

    /**
     * Long runs of broadcasts of up to 8 bytes, which go through the team's 16-entry eager ring: a root may run up
     * to fifteen calls ahead of a child, so the children dawdle for 100 µs now and then to let it, and every
     * member checks every call's data; a sync ends each root's run so that the next root starts on a level field.
     */
    private static void scalarRuns(Team team, SymmetricMemory src, SymmetricMemory dst) {
        int me = team.myPe();
        int n = team.nPes();
        long[] sizes = {8, 1, 4, 8, 2, 0, 8};
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (int root = 0; root < n; root++) {
            for (int r = 0; r < SCALAR_RUN; r++) {
                long bytes = sizes[r % sizes.length];
                int tag = 2 * ROUNDS + root * SCALAR_RUN + r;
                if (me == root) {
                    fill(s, bytes, tag, root);
                }
                team.broadcastmem(dst, 0, src, 0, bytes, root);
                check(d, bytes, tag, root, "scalar run from root " + root + ", call " + r + " (" + bytes + " B)");
                if (me != root && (r + 7 * me) % 40 == 0) {
                    long until = System.nanoTime() + 100_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
            }
            team.sync();
        }
    }

    /**
     * Runs of broadcasts from one root, the benchmark's pattern, in which the root may run up to three broadcasts
     * ahead of a child through the four scratch quarters: the children dawdle now and then so that it does, and a
     * reduction every seventh call reuses a whole half right behind a run.
     */
    private static void runsFromOneRoot(Team team, SymmetricMemory src, SymmetricMemory dst, SymmetricMemory sum) {
        int me = team.myPe();
        int n = team.nPes();
        long[] sizes = {8, 16, 112, 8, 40};
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (int root = 0; root < n; root++) {
            for (int r = 0; r < RUN; r++) {
                long bytes = sizes[r % sizes.length];
                int tag = ROUNDS + root * RUN + r;
                if (me == root) {
                    fill(s, bytes, tag, root);
                }
                team.broadcastmem(dst, 0, src, 0, bytes, root);
                check(d, bytes, tag, root, "run from root " + root + ", call " + r + " (" + bytes + " B)");
                if (me != root && (r + me) % 16 == 0) {
                    long until = System.nanoTime() + 20_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
                if (r % 7 == 6) {
                    s.set(ValueLayout.JAVA_LONG, 0, tag + me);
                    team.reduce(ReduceOp.SUM, DataType.LONG, sum, 0, src, 0, 1);
                    Expect.equal((long) n * tag + (long) n * (n - 1) / 2, sum.local().get(ValueLayout.JAVA_LONG, 0),
                            "run from root " + root + ", call " + r + ": sum");
                }
            }
        }
    }
}
