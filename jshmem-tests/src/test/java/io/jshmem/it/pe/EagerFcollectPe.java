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
 * fcollects that synchronize nobody (the eager algorithm, for blocks that fit the scratch) back to back, so that
 * members run ahead of each other: block sizes from 0 to one past the eager limit (the direct allgather), in place
 * and from a separate source, the sources rewritten right after each call, every member checking its whole dest
 * and the byte after it after each call, some members dawdling now and then; interleaved with eager broadcasts
 * (which may leave members behind), reductions (which share the scratch halves), collects and syncs. On
 * TEAM_WORLD and on the team of even PEs.
 */
public final class EagerFcollectPe {
    /** Block sizes: 0, 8, the 2-PE limit (120), one more, the 8-PE limit (14), odd sizes. */
    private static final long[] SIZES = {8, 0, 120, 121, 14, 8, 3, 36, 8, 37};
    private static final int ROUNDS = 4000;

    public static void main(String[] args) {
        EagerCollectiveRun.onWorldAndEvenTeam("EAGER FCOLLECT", 256L, EagerFcollectPe::exercise);
    }

    private static void exercise(Team team, SymmetricMemory src, SymmetricMemory dst, SymmetricMemory sum) {
        int me = team.myPe();
        int n = team.nPes();
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (int r = 0; r < ROUNDS; r++) {
            long block = SIZES[r % SIZES.length];
            boolean inPlace = r % 3 == 1;
            long total = block * n;
            d.asSlice(0, total + 64).fill((byte) 0x5A);
            if (inPlace) {
                fill(d.asSlice(me * block, block), block, r, me);
                team.fcollectmem(dst, 0, dst, me * block, block);
            } else {
                fill(s, block, r, me);
                team.fcollectmem(dst, 0, src, 0, block);
                s.asSlice(0, 256).fill((byte) 0x77);
            }
            for (int i = 0; i < n; i++) {
                check(d.asSlice(i * block, block), block, r, i, "fcollect round " + r + " (" + block + " B blocks"
                        + (inPlace ? ", in place" : "") + "), block of team member " + i);
            }
            Expect.isTrue(d.get(ValueLayout.JAVA_BYTE, total) == 0x5A, "round " + r + ": dest beyond " + total
                    + " bytes untouched");
            if ((r + me) % 13 == 0) {
                long until = System.nanoTime() + 20_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            switch (r % 11) {
                case 3 -> {
                    // An eager broadcast, after which members may lag: the next fcollect's first writes must wait.
                    int root = r % n;
                    if (me == root) {
                        s.set(ValueLayout.JAVA_LONG, 0, r * 7L);
                    }
                    team.broadcastmem(dst, 0, src, 0, 8, root);
                    Expect.equal(r * 7L, d.get(ValueLayout.JAVA_LONG, 0), "round " + r + " broadcast");
                }
                case 5 -> {
                    s.set(ValueLayout.JAVA_LONG, 0, r * 1000L + me);
                    team.reduce(ReduceOp.SUM, DataType.LONG, sum, 0, src, 0, 1);
                    Expect.equal((long) n * r * 1000L + (long) n * (n - 1) / 2,
                            sum.local().get(ValueLayout.JAVA_LONG, 0), "round " + r + " sum");
                }
                case 7 -> {
                    long mine = 8L * (me % 3);
                    for (long i = 0; i < mine; i++) {
                        s.set(ValueLayout.JAVA_BYTE, i, (byte) (me + 1));
                    }
                    long got = team.collectmem(dst, 0, src, 0, mine);
                    long expected = 0;
                    for (int i = 0; i < n; i++) {
                        for (long b = 0; b < 8L * (i % 3); b++) {
                            Expect.equal((byte) (i + 1), d.get(ValueLayout.JAVA_BYTE, expected + b), "round " + r
                                    + " collect byte " + (expected + b));
                        }
                        expected += 8L * (i % 3);
                    }
                    Expect.equal(expected, got, "round " + r + " collect total");
                }
                case 9 -> team.sync();
                default -> { }
            }
        }
    }
}
