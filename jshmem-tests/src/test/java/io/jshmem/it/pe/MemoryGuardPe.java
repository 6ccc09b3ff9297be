package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * CANN's memory test with buffer guards: calloc zeroes, align aligns, a freed buffer cannot be used or freed
 * again, and two threads freeing one buffer at once: exactly one succeeds (through the facade and the object API).
 */
public final class MemoryGuardPe {
    public static void main(String[] args) throws Exception {
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            long usedBefore = rt.heapUsage().used();
            SymmetricMemory z = Shmem.calloc(100, 8);
            Expect.isTrue(z.byteSize() >= 800, "calloc length " + z.byteSize());
            for (int i = 0; i < 100; i++) {
                Expect.equal(0L, z.local().getAtIndex(ValueLayout.JAVA_LONG, i), "calloc word " + i);
            }
            SymmetricMemory a = Shmem.align(256, 1000);
            Expect.equal(0L, a.heapOffset() % 256, "align(256) offset " + a.heapOffset());
            Expect.equal(0L, a.local().address() % 256, "align(256) address");
            Shmem.free(z);
            // A view taken before free is closed by it (the JDK's IllegalStateException); local() after free
            // refuses to hand out a view of a range the allocator may give out again.
            java.lang.foreign.MemorySegment kept = a.local();
            Shmem.free(a);
            Expect.thrown(IllegalStateException.class, () -> kept.getAtIndex(ValueLayout.JAVA_LONG, 0), "closed");
            Expect.thrown(ShmemStateException.class, () -> z.local().getAtIndex(ValueLayout.JAVA_LONG, 0),
                    "has been freed");
            Expect.thrown(ShmemStateException.class, () -> Shmem.free(z), "has been freed");
            // OpenSHMEM: free(null) is a no-op; heap usage is unchanged.
            long usedBeforeNullFree = rt.heapUsage().used();
            Shmem.free(null);
            rt.free(null);
            Expect.equal(usedBeforeNullFree, rt.heapUsage().used(), "free(null) is a no-op");
            for (int round = 0; round < 10; round++) {
                concurrentFree(rt, round % 2 == 0);
            }
            Expect.equal(usedBefore, rt.heapUsage().used(), "heap usage back to where it was");
            System.out.println("MEMORY OK pe " + me);
        }
    }

    /** Two threads free one buffer at once: exactly one succeeds, the other gets a state or argument error. */
    private static void concurrentFree(ShmemRuntime rt, boolean facade) throws Exception {
        SymmetricMemory m = Shmem.malloc(4096);
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger rejected = new AtomicInteger();
        Thread[] t = new Thread[2];
        for (int i = 0; i < 2; i++) {
            t[i] = Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                    if (facade) {
                        Shmem.free(m);
                    } else {
                        rt.free(m);
                    }
                    ok.incrementAndGet();
                } catch (ShmemStateException | ShmemArgumentException e) {
                    rejected.incrementAndGet();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        go.countDown();
        for (Thread x : t) {
            x.join(60_000);
        }
        Expect.equal(1, ok.get(), "frees that succeeded (" + (facade ? "facade" : "object API") + ")");
        Expect.equal(1, rejected.get(), "frees rejected");
        Expect.isTrue(m.isFreed(), "buffer marked freed");
        rt.barrierAll();
    }
}
