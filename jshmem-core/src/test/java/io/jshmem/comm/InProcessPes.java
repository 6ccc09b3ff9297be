package io.jshmem.comm;

import io.jshmem.spi.Transport;
import io.jshmem.transport.shm.ShmTransport;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * N "PEs" inside one JVM for unit tests of the comm layer: N heaps in shared native memory, one SHM engine that
 * maps them all, and one Comm per PE. Threads play the PEs. Close to free the heaps.
 */
public final class InProcessPes implements AutoCloseable {
    public static final long HEAP = 1 << 16;

    private final Arena arena = Arena.ofShared();
    public final MemorySegment[] heaps;
    public final Comm[] comms;

    InProcessPes(int n, Duration timeout) {
        this(n, timeout, WaitMode.POLL, 0, new FailureState());
    }

    /**
     * PEs whose waits use {@code mode}, sleeping at once after their polls (no yields, so that tests of the
     * wake-up protocol sleep) and at most {@code sliceNanos} at a time in SLEEP mode.
     */
    InProcessPes(int n, Duration timeout, WaitMode mode, long sliceNanos, FailureState failures) {
        this(n, timeout, mode, sliceNanos, failures, 0, null);
    }

    /**
     * As above, with {@code sleepYields} yields before a sleep, and {@code sleeping} (may be null) as the wait
     * modes every Comm knows of the others.
     */
    public InProcessPes(int n, Duration timeout, WaitMode mode, long sliceNanos, FailureState failures,
                        int sleepYields, boolean[] sleeping) {
        heaps = new MemorySegment[n];
        for (int i = 0; i < n; i++) {
            heaps[i] = arena.allocate(HEAP, 128);
        }
        ShmTransport shm = new ShmTransport(heaps, 1 << 14);
        Transport[] route = new Transport[n];
        java.util.Arrays.fill(route, shm);
        comms = new Comm[n];
        for (int i = 0; i < n; i++) {
            comms[i] = new Comm(i, route, shm, heaps[i], new WaitLoop(200, timeout, failures, mode, heaps[i],
                    sliceNanos, WaitLoop.DEFAULT_WARN_FRACTION, null, sleepYields), sleeping);
        }
    }

    /** What one PE thread of {@link #runAll} does. */
    public interface PeBody {
        void run(int pe) throws Exception;
    }

    /** Runs {@code body} on one platform thread per PE, waits for all, and rethrows the first failure. */
    public void runAll(PeBody body) throws InterruptedException {
        java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread[] threads = new Thread[comms.length];
        for (int t = 0; t < threads.length; t++) {
            int me = t;
            threads[t] = Thread.ofPlatform().daemon().start(() -> {
                try {
                    body.run(me);
                } catch (Throwable x) {
                    failure.compareAndSet(null, x);
                }
            });
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    /** Sleeps of every PE's waits that ran their whole slice (a lost wake-up shows as one). */
    public long fullSlices() {
        long full = 0;
        for (Comm c : comms) {
            full += c.waitLoop().fullSlices();
        }
        return full;
    }

    @Override
    public void close() {
        arena.close();
    }
}
