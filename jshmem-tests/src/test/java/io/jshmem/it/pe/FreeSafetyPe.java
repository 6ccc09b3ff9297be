package io.jshmem.it.pe;

import io.jshmem.HeapUsage;
import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemOutOfMemoryException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Freed means gone (args: rounds of the race). (1) Two threads race free on one handle while the winner allocates
 * again at the same offset: exactly one free wins every round, the loser gets ShmemStateException and the new block
 * stays intact on every PE. (2) Every view of a block (local(), ptr(pe), the facade's ptr) fails on access after
 * free, also after the range is reused. (3) OpenSHMEM's edge cases of allocation, and huge sizes that would wrap:
 * out of memory on every PE with the heap unchanged. (4) ptr across instances is rejected like every other use.
 * Prints {@code FREE SAFETY OK pe P rounds R}.
 */
public final class FreeSafetyPe {
    private FreeSafetyPe() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        try (ShmemRuntime rt = Shmem.init()) {
            int peer = (rt.myPe() + 1) % rt.nPes();
            race(rt, rounds, peer);
            views(rt, peer);
            edges(rt);
            foreign(rt, peer);
            rt.barrierAll();
            System.out.println("FREE SAFETY OK pe " + rt.myPe() + " rounds " + rounds);
        }
    }

    private static void race(ShmemRuntime rt, int rounds, int peer) throws Exception {
        CyclicBarrier start = new CyclicBarrier(3);
        CyclicBarrier done = new CyclicBarrier(3);
        AtomicReference<SymmetricMemory> shared = new AtomicReference<>();
        AtomicReference<SymmetricMemory> reborn = new AtomicReference<>();
        AtomicInteger wins = new AtomicInteger();
        AtomicInteger losses = new AtomicInteger();
        AtomicReference<Throwable> odd = new AtomicReference<>();
        Runnable racer = () -> {
            try {
                for (int r = 0; r < rounds; r++) {
                    start.await();
                    SymmetricMemory m = shared.get();
                    try {
                        rt.free(m);
                        wins.incrementAndGet();
                        // The winner allocates again at once: the same offset, while the loser may still be freeing.
                        reborn.set(rt.malloc(64));
                    } catch (ShmemStateException e) {
                        losses.incrementAndGet();
                    } catch (Throwable t) {
                        odd.compareAndSet(null, t);
                    }
                    done.await();
                }
            } catch (Exception e) {
                odd.compareAndSet(null, e);
            }
        };
        Thread a = Thread.ofPlatform().start(racer);
        Thread b = Thread.ofPlatform().start(racer);
        for (int r = 0; r < rounds; r++) {
            SymmetricMemory m = rt.malloc(64);
            shared.set(m);
            start.await();
            done.await();
            if (odd.get() != null) {
                throw Expect.failure("round " + r + ": a racing free threw " + odd.get(), odd.get());
            }
            SymmetricMemory fresh = reborn.get();
            Expect.equal(r + 1, wins.get(), "frees won after round " + r);
            Expect.equal(r + 1, losses.get(), "frees lost after round " + r);
            Expect.equal(m.heapOffset(), fresh.heapOffset(), "the new block reuses the freed offset");
            Expect.isTrue(!fresh.isFreed(), "round " + r + ": the late free released the new block");
            // The new block works on every PE: a put to the peer and back.
            rt.p(ValueLayout.JAVA_LONG, fresh, 0, 1000L * r + rt.myPe(), peer);
            rt.barrierAll();
            long got = fresh.local().get(ValueLayout.JAVA_LONG, 0);
            int from = (rt.myPe() + rt.nPes() - 1) % rt.nPes();
            Expect.equal(1000L * r + from, got, "round " + r + ": value in the re-allocated block");
            rt.free(fresh);
        }
        a.join();
        b.join();
    }

    private static void views(ShmemRuntime rt, int peer) {
        SymmetricMemory m = rt.malloc(64);
        MemorySegment local = m.local();
        Optional<MemorySegment> remote = m.ptr(peer);
        MemorySegment facadeView = Shmem.ptr(m, peer);
        local.set(ValueLayout.JAVA_LONG, 0, 7);
        Expect.isTrue(remote.isPresent() && facadeView != null, "peer views exist on one host");
        remote.get().get(ValueLayout.JAVA_LONG, 8);
        rt.free(m);
        Expect.thrown(IllegalStateException.class, () -> local.get(ValueLayout.JAVA_LONG, 0));
        Expect.thrown(IllegalStateException.class, () -> m.local().set(ValueLayout.JAVA_LONG, 0, 1));
        Expect.thrown(IllegalStateException.class, () -> remote.get().get(ValueLayout.JAVA_LONG, 0));
        Expect.thrown(IllegalStateException.class, () -> facadeView.set(ValueLayout.JAVA_LONG, 0, 1));
        Expect.thrown(ShmemStateException.class, () -> m.ptr(peer), "freed");
        Expect.thrown(ShmemStateException.class, () -> Shmem.ptr(m, peer), "freed");
        Expect.thrown(ShmemStateException.class, () -> rt.p(ValueLayout.JAVA_LONG, m, 0, 1L, peer), "freed");
        Expect.thrown(ShmemStateException.class, () -> rt.free(m), "freed");
        SymmetricMemory again = rt.malloc(64);
        Expect.equal(m.heapOffset(), again.heapOffset(), "the range is reused");
        again.local().set(ValueLayout.JAVA_LONG, 0, 99);
        Expect.thrown(IllegalStateException.class, () -> local.get(ValueLayout.JAVA_LONG, 0));
        Expect.thrown(IllegalStateException.class, () -> remote.get().get(ValueLayout.JAVA_LONG, 0));
        Expect.equal(99L, again.local().get(ValueLayout.JAVA_LONG, 0), "the old handle did not touch the new block");
        // realloc hands out a new handle: the old one and its views are gone.
        MemorySegment beforeRealloc = again.local();
        SymmetricMemory grown = rt.realloc(again, 4096);
        Expect.isTrue(again.isFreed(), "realloc frees the old handle");
        Expect.thrown(IllegalStateException.class, () -> beforeRealloc.get(ValueLayout.JAVA_LONG, 0));
        Expect.equal(99L, grown.local().get(ValueLayout.JAVA_LONG, 0), "realloc keeps the contents");
        rt.free(grown);
    }

    private static void edges(ShmemRuntime rt) {
        HeapUsage before = rt.heapUsage();
        Expect.equal(null, rt.malloc(0), "malloc(0)");
        Expect.equal(null, rt.calloc(0, 8), "calloc(0, 8)");
        Expect.equal(null, rt.calloc(8, 0), "calloc(8, 0)");
        Expect.equal(null, rt.align(64, 0), "align(64, 0)");
        rt.free(null);
        Shmem.free(null);
        SymmetricMemory m = rt.realloc(null, 128);
        Expect.isTrue(m != null && m.byteSize() == 128, "realloc(null, 128) allocates");
        m.local().set(ValueLayout.JAVA_LONG, 0, 5);
        for (long huge : new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 3, Long.MAX_VALUE - 7, 1L << 62}) {
            Expect.thrown(ShmemOutOfMemoryException.class, () -> rt.malloc(huge), Long.toString(huge), "free");
            Expect.thrown(ShmemOutOfMemoryException.class, () -> rt.align(64, huge), Long.toString(huge));
            Expect.thrown(ShmemOutOfMemoryException.class, () -> rt.realloc(m, huge), Long.toString(huge));
        }
        Expect.thrown(ShmemArgumentException.class, () -> rt.calloc(Long.MAX_VALUE / 2, 4), "overflows",
                "elementSize");
        Expect.thrown(ShmemArgumentException.class, () -> rt.malloc(-1), "bytes");
        Expect.equal(128L, m.byteSize(), "a failed realloc leaves the block as it was");
        Expect.isTrue(!m.isFreed(), "a failed realloc does not free the block");
        Expect.equal(5L, m.local().get(ValueLayout.JAVA_LONG, 0), "a failed realloc keeps the contents");
        Expect.equal(null, rt.realloc(m, 0), "realloc(p, 0)");
        Expect.isTrue(m.isFreed(), "realloc(p, 0) frees p");
        rt.barrierAll();
        HeapUsage after = rt.heapUsage();
        Expect.equal(before.used(), after.used(), "heap in use after the edge cases");
        Expect.equal(before.liveBlocks(), after.liveBlocks(), "live blocks after the edge cases");
    }

    private static void foreign(ShmemRuntime rt, int peer) {
        ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(4L << 20));
        Shmem.setInstance(0);
        SymmetricMemory theirs = other.malloc(64);
        Expect.thrown(ShmemArgumentException.class, () -> rt.ptr(theirs, peer), "instance 1");
        Expect.thrown(ShmemArgumentException.class, () -> Shmem.ptr(theirs, peer), "instance 1");
        Expect.thrown(ShmemArgumentException.class, () -> rt.free(theirs), "instance 1");
        Expect.isTrue(other.ptr(theirs, peer).isPresent(), "its own instance may view it");
        other.free(theirs);
        other.close();
    }
}
