package io.jshmem.it.pe;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Back-to-back collectives on the same team and the same buffers with no synchronization in between: 1000
 * broadcasts with a rotating root (each result checked before the next call, and the root rewriting its source
 * right after returning), then 200 rounds of a mixed sequence of every collective.
 */
public final class BackToBackPe {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;

    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            Team world = shmem.teamWorld();
            SymmetricMemory src = shmem.malloc(4096);
            SymmetricMemory dst = shmem.malloc(4096L * n);
            MemorySegment s = src.local();
            MemorySegment d = dst.local();
            for (int i = 0; i < 1000; i++) {
                int root = i % n;
                int longs = i % 2 == 0 ? 1 : 512;
                for (int k = 0; k < longs; k++) {
                    s.setAtIndex(L, k, i * 100_000L + me * 1000L + k);
                }
                world.broadcast(ValueLayout.JAVA_LONG, dst, 0, src, 0, longs, root);
                for (int k = 0; k < longs; k++) {
                    Expect.equal(i * 100_000L + root * 1000L + k, d.getAtIndex(L, k), "broadcast " + i + " elem " + k);
                }
            }
            for (int r = 0; r < 200; r++) {
                int root = (r * 7) % n;
                s.setAtIndex(L, 0, r * 10L + me);
                world.broadcast(ValueLayout.JAVA_LONG, dst, 0, src, 0, 1, root);
                Expect.equal(r * 10L + root, d.getAtIndex(L, 0), "mixed broadcast " + r);
                world.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, 1);
                Expect.equal(r * 10L * n + (long) n * (n - 1) / 2, d.getAtIndex(L, 0), "mixed sum " + r);
                world.fcollect(ValueLayout.JAVA_LONG, dst, 0, src, 0, 1);
                for (int k = 0; k < n; k++) {
                    Expect.equal(r * 10L + k, d.getAtIndex(L, k), "mixed fcollect " + r);
                }
                for (int k = 0; k < n; k++) {
                    s.setAtIndex(L, k, r * 1000L + me * 10L + k);
                }
                world.alltoall(ValueLayout.JAVA_LONG, dst, 0, src, 0, 1);
                for (int k = 0; k < n; k++) {
                    Expect.equal(r * 1000L + k * 10L + me, d.getAtIndex(L, k), "mixed alltoall " + r);
                }
                world.sync();
                s.setAtIndex(L, 0, r);
                long total = world.collect(ValueLayout.JAVA_LONG, dst, 0, src, 0, me % 2);
                Expect.equal((long) n / 2, total, "mixed collect count " + r);
                world.reduce(ReduceOp.MAX, DataType.INT, dst, 0, src, 0, 1);
                world.sumInscan(DataType.LONG, dst, 0, src, 0, 1);
                Expect.equal((long) r * (me + 1), d.getAtIndex(L, 0), "mixed inscan " + r);
            }
            shmem.free(dst);
            shmem.free(src);
            System.out.println("BACK TO BACK OK pe " + me + " of " + n);
        }
    }
}
