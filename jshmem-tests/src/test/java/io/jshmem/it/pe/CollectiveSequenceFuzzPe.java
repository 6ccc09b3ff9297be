package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

/**
 * A random sequence of collectives on TEAM_WORLD with no synchronization between them: broadcasts (random size and
 * root), fcollect, collect (unequal blocks), alltoall and sum reductions of random sizes, in random order, the same
 * on every PE (one seed). Every result is checked before the next call, and sources are rewritten right after each
 * call returns, so a collective that signals or writes into a member still in the previous one, or reads a source
 * its owner has moved on from, shows as a wrong byte. {@code args[0]} seed, {@code args[1]} steps. Algorithm
 * choices come from the environment (JSHMEM_BCAST_ALGO, JSHMEM_FCOLLECT_ALGO, JSHMEM_REDUCE_ALGO).
 */
public final class CollectiveSequenceFuzzPe {
    private static final long[] SIZES = {8, 64, 1024, 8192, 65536};

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int steps = Integer.parseInt(args[1]);
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            Team world = shmem.teamWorld();
            long cap = n * 65536L + 64;
            SymmetricMemory src = shmem.malloc(cap);
            SymmetricMemory dst = shmem.malloc(cap);
            MemorySegment s = src.local();
            MemorySegment d = dst.local();
            if (me == 0) {
                System.out.println("SEQUENCE FUZZ seed " + seed + ", " + steps + " steps on " + n + " PEs");
            }
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int step = 1; step <= steps; step++) {
                int kind = rnd.nextInt(5);
                long size = SIZES[rnd.nextInt(SIZES.length)];
                String what = "seed " + seed + " step " + step + " ";
                switch (kind) {
                    case 0 -> {
                        int root = rnd.nextInt(n);
                        Patterns.fill(s, 0, size, me, 0, step);
                        world.broadcastmem(dst, 0, src, 0, size, root);
                        Patterns.expect(d, 0, size, root, 0, step, what + "broadcast " + size + " B root " + root);
                    }
                    case 1 -> {
                        long block = Math.min(size, 8192);
                        Patterns.fill(s, 0, block, me, 0, step);
                        world.fcollectmem(dst, 0, src, 0, block);
                        for (int k = 0; k < n; k++) {
                            Patterns.expect(d, k * block, block, k, 0, step, what + "fcollect " + block + " B block "
                                    + k);
                        }
                    }
                    case 2 -> {
                        long block = Math.min(size, 8192);
                        long mine = block >> (me % 3);
                        Patterns.fill(s, 0, mine, me, 0, step);
                        long total = world.collectmem(dst, 0, src, 0, mine);
                        long off = 0;
                        for (int k = 0; k < n; k++) {
                            long len = block >> (k % 3);
                            Patterns.expect(d, off, len, k, 0, step, what + "collect " + len + " B block " + k);
                            off += len;
                        }
                        Expect.equal(off, total, what + "collect total");
                    }
                    case 3 -> {
                        long block = Math.min(size, 8192);
                        for (int j = 0; j < n; j++) {
                            Patterns.fill(s, j * block, block, me, j, step);
                        }
                        world.alltoallmem(dst, 0, src, 0, block);
                        for (int j = 0; j < n; j++) {
                            Patterns.expect(d, j * block, block, j, me, step, what + "alltoall " + block
                                    + " B from " + j);
                        }
                    }
                    default -> {
                        long count = size / 8;
                        for (long i = 0; i < count; i++) {
                            s.setAtIndex(ValueLayout.JAVA_LONG, i, value(me, i, step));
                        }
                        world.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, count);
                        for (long i = 0; i < count; i++) {
                            long want = 0;
                            for (int k = 0; k < n; k++) {
                                want += value(k, i, step);
                            }
                            Expect.equal(want, d.getAtIndex(ValueLayout.JAVA_LONG, i), what + "sum of " + count
                                    + " longs, element " + i);
                        }
                    }
                }
                // The caller may reuse its source at once: scribble over it before the next call.
                s.asSlice(0, Math.min(cap, n * 8192L)).fill((byte) step);
            }
            shmem.free(dst);
            shmem.free(src);
            System.out.println("SEQUENCE FUZZ OK pe " + me + " of " + n);
        }
    }

    private static long value(int pe, long i, int step) {
        return pe * 1_000_003L + i * 31 + step * 7919L;
    }
}
