package io.jshmem.transport.ucx;

import io.jshmem.error.BootstrapException;
import io.jshmem.spi.Transport;
import io.jshmem.spi.contract.InJvmJob;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs a test body on N in-JVM PEs, each with its own UCX engine over its own native heap; collects the first
 * failure of any PE and rethrows it (with the others suppressed). Engines are closed by the runner unless the body
 * closed them.
 */
final class UcxJobRunner {
    static final long HEAP_BYTES = 4L << 20;

    /** What a PE's body sees. */
    record Pe(int pe, InJvmJob job, Transport transport, MemorySegment heap, MemorySegment[] heaps) {
        void barrier() {
            job.barrier();
        }

        int nPes() {
            return job.nPes();
        }
    }

    interface Body {
        void run(Pe pe) throws Exception;
    }

    private UcxJobRunner() {
    }

    /** Every PE serves every other PE (not itself). */
    static void run(int nPes, Body body) throws Exception {
        run(nPes, false, Duration.ofSeconds(30), body);
    }

    static void run(int nPes, boolean includeSelf, Duration timeout, Body body) throws Exception {
        run(nPes, includeSelf, timeout, HEAP_BYTES, body);
    }

    /** As {@link #run(int, boolean, Duration, Body)} with heaps of {@code heapBytes} each. */
    static void run(int nPes, boolean includeSelf, Duration timeout, long heapBytes, Body body) throws Exception {
        InJvmJob job = new InJvmJob(nPes, timeout);
        Arena arena = Arena.ofShared();
        MemorySegment[] heaps = new MemorySegment[nPes];
        for (int i = 0; i < nPes; i++) {
            heaps[i] = arena.allocate(heapBytes, 4096);
        }
        AtomicReferenceArray<Throwable> errors = new AtomicReferenceArray<>(nPes);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < nPes; i++) {
            int me = i;
            threads.add(Thread.ofPlatform().name("pe-" + me).start(() -> {
                boolean[] peers = new boolean[nPes];
                for (int p = 0; p < nPes; p++) {
                    peers[p] = includeSelf || p != me;
                }
                Transport t = null;
                try {
                    t = new UcxTransportProvider().create(job.setup(me, heaps[me]), peers);
                    body.run(new Pe(me, job, t, heaps[me], heaps));
                    job.barrier(); // like finalize: nobody closes while others may still talk to it
                } catch (Throwable e) {
                    errors.set(me, e);
                    job.abort();
                } finally {
                    if (t != null) {
                        try {
                            t.close();
                        } catch (Throwable e) {
                            if (errors.get(me) == null) {
                                errors.set(me, e);
                            }
                        }
                    }
                }
            }));
        }
        long deadline = System.nanoTime() + timeout.multipliedBy(3).toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " did not finish in time");
            }
        }
        // Heaps are freed only after every engine is closed (the registrations point into them).
        arena.close();
        AssertionError first = null;
        // Report real failures before the "another PE failed" aborts they caused.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < nPes; i++) {
            if (errors.get(i) != null && !(errors.get(i) instanceof BootstrapException)) {
                order.add(i);
            }
        }
        for (int i = 0; i < nPes; i++) {
            if (!order.contains(i)) {
                order.add(i);
            }
        }
        for (int i : order) {
            Throwable e = errors.get(i);
            if (e != null) {
                if (first == null) {
                    first = new AssertionError("PE " + i + " failed: " + e, e);
                } else {
                    first.addSuppressed(new AssertionError("PE " + i + " failed: " + e, e));
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
