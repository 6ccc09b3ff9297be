package io.jshmem.it.pe;

import io.jshmem.HeapUsage;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.ValueLayout;

/** Collective allocation: symmetric offsets, calloc zeroing, align, realloc contents, free, usage, mismatches. */
public final class HeapPe {
    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory a = shmem.malloc(100);
            SymmetricMemory b = shmem.align(4096, 10);
            SymmetricMemory c = shmem.calloc(1000, 8);
            Expect.equal(0L, b.heapOffset() % 4096, "align offset");
            Expect.equal(104L, a.byteSize(), "malloc rounds to 8");
            for (long i = 0; i < 1000; i++) {
                Expect.equal(0L, c.local().getAtIndex(ValueLayout.JAVA_LONG, i), "calloc zero " + i);
            }
            // symmetric: every PE's offsets equal PE 0's (exchange through the heap itself)
            SymmetricMemory offsets = shmem.calloc(3L * n, 8);
            for (int pe = 0; pe < n; pe++) {
                shmem.p(ValueLayout.JAVA_LONG, offsets, 3L * me, a.heapOffset(), pe);
                shmem.p(ValueLayout.JAVA_LONG, offsets, 3L * me + 1, b.heapOffset(), pe);
                shmem.p(ValueLayout.JAVA_LONG, offsets, 3L * me + 2, c.heapOffset(), pe);
            }
            shmem.barrierAll();
            for (int pe = 0; pe < n; pe++) {
                Expect.equal(a.heapOffset(), offsets.local().getAtIndex(ValueLayout.JAVA_LONG, 3L * pe), "a of " + pe);
                Expect.equal(b.heapOffset(), offsets.local().getAtIndex(ValueLayout.JAVA_LONG, 3L * pe + 1),
                        "b of " + pe);
                Expect.equal(c.heapOffset(), offsets.local().getAtIndex(ValueLayout.JAVA_LONG, 3L * pe + 2),
                        "c of " + pe);
            }
            HeapUsage before = shmem.heapUsage();
            Expect.equal(4, before.liveBlocks(), "live blocks");

            // realloc keeps contents and invalidates the old handle
            a.local().set(ValueLayout.JAVA_LONG, 0, 777L + me);
            SymmetricMemory a2 = shmem.realloc(a, 1 << 16);
            Expect.equal(777L + me, a2.local().get(ValueLayout.JAVA_LONG, 0), "realloc keeps data");
            Expect.isTrue(a.isFreed(), "old handle invalid after realloc");
            Expect.thrown(ShmemStateException.class, () -> shmem.p(ValueLayout.JAVA_LONG, a, 0, 1L, me), "freed");

            // mismatched collective: every PE gets the same exception naming the differing PEs
            if (n > 1) {
                long size = me == n - 1 ? 2048 : 1024;
                ShmemArgumentException e = Expect.thrown(ShmemArgumentException.class, () -> shmem.malloc(size),
                        "PEs [" + (n - 1) + "]", "size=2048");
                Expect.isTrue(e.getMessage().contains("malloc"), "names malloc");
                Expect.equal(before.liveBlocks(), shmem.heapUsage().liveBlocks(), "nothing allocated on mismatch");
                shmem.barrierAll();
            }

            // exhaustion is a clear error and leaves the heap usable
            Expect.thrown(ShmemException.class, () -> shmem.malloc(shmem.heapSize() * 2), "SHMEM_SYMMETRIC_SIZE");
            shmem.barrierAll();

            shmem.free(a2);
            shmem.free(b);
            shmem.free(c);
            shmem.free(offsets);
            Expect.thrown(ShmemStateException.class, () -> shmem.free(b), "freed");
            Expect.equal(0, shmem.heapUsage().liveBlocks(), "all freed");
            Expect.equal(0L, shmem.heapUsage().used(), "no bytes used");
            shmem.barrierAll();
            System.out.println("HEAP OK pe " + me);
        }
    }
}
