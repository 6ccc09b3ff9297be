package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Bad input: each call throws a clear exception before touching memory; the canary on every PE stays intact and
 * the next barrier succeeds.
 */
public final class BadInputPe {
    public static void main(String[] args) {
        Expect.thrown(ShmemStateException.class, Shmem::myPe, "not initialized", "Shmem.init()");
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        int n = shmem.nPes();
        int next = (me + 1) % n;
        SymmetricMemory buf = shmem.malloc(64);
        long canary = 0x5A5A5A5A00L + me;
        for (int i = 0; i < 8; i++) {
            buf.local().setAtIndex(ValueLayout.JAVA_LONG, i, canary);
        }
        shmem.barrierAll();
        long[] src = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.put(ValueLayout.JAVA_LONG, buf, 0, MemorySegment.ofArray(src), 0, 1, n), "pe = " + n,
                "0.." + (n - 1));
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.put(ValueLayout.JAVA_LONG, buf, 0, MemorySegment.ofArray(src), 0, 1, -1), "pe = -1");
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.put(ValueLayout.JAVA_LONG, buf, 4, MemorySegment.ofArray(src), 0, 5, next),
                "destIndex = 4", "count = 5", "8 elements of 8 bytes");
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.put(ValueLayout.JAVA_LONG, buf, 0, MemorySegment.ofArray(src), 8, 4, next), "srcIndex = 8",
                "count = 4");
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.put(ValueLayout.JAVA_LONG, buf, 0, MemorySegment.ofArray(src), 0, -1, next), "count = -1");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.p(ValueLayout.JAVA_LONG, buf, 8, 1L, next),
                "index = 8");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.g(ValueLayout.JAVA_LONG, buf, -1, next),
                "index = -1");
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.iput(ValueLayout.JAVA_LONG, buf, 0, 0, MemorySegment.ofArray(src), 0, 1, 2, next),
                "destStride = 0");
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.iput(ValueLayout.JAVA_LONG, buf, 0, 3, MemorySegment.ofArray(src), 0, 1, 4, next),
                "destIndex = 0", "destStride = 3", "count = 4");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(16);
            Expect.thrown(ShmemArgumentException.class, () -> shmem.getmem(small, 0, buf, 0, 32, next),
                    "local segment", "16 bytes");
            Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(buf, 60, small, 0, 8, next),
                    "destOffset = 60");
        }
        Expect.thrown(ShmemArgumentException.class, () -> shmem.align(3, 64), "alignment = 3", "power of two");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.malloc(-5), "bytes = -5");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(null, 0, buf.local(), 0, 8, next),
                "dest is null");
        shmem.barrierAll();
        for (int i = 0; i < 8; i++) {
            Expect.equal(canary, buf.local().getAtIndex(ValueLayout.JAVA_LONG, i), "canary " + i + " untouched");
        }
        SymmetricMemory gone = shmem.malloc(8);
        shmem.free(gone);
        Expect.thrown(ShmemStateException.class, () -> shmem.free(gone), "has been freed");
        Expect.thrown(ShmemStateException.class, () -> shmem.p(ValueLayout.JAVA_LONG, gone, 0, 1L, next),
                "has been freed");
        shmem.barrierAll();
        shmem.free(buf);
        shmem.close();
        Expect.thrown(ShmemStateException.class, Shmem::barrierAll, "finalized");
        Expect.thrown(ShmemStateException.class, () -> shmem.malloc(8), "finalized");
        System.out.println("BAD INPUT OK pe " + me);
    }
}
