package io.jshmem.bench;

import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The gate's {@code stream} mode, CANN SHMEM's {@code benchmark_putmem_on_stream.py} carried over: the jshmem path
 * queues {@code iterations} {@link Stream#putmem} calls on one explicit stream and then synchronizes it (as the seed's
 * Python path loops over {@code core.put} and then synchronizes the ACL stream); the raw path copies the same bytes
 * {@code iterations} times with {@code MemorySegment.copy} into the mapped peer heap and then issues one full fence (as
 * the seed's C++ reference loops over {@code aclshmemx_putmem_on_stream} and then synchronizes). Same instance,
 * buffers, size and ring route; both paths warmed up until the JIT is quiet ({@link GateWarmup}), PEs aligned by a
 * barrier before every timed path, path order alternating per round; per round a path's figure is the slowest PE's, the
 * verdict compares the medians. Not thread-safe; one per gate run.
 */
final class StreamGate {
    private final ShmemRuntime shmem;
    private final Stream stream;
    private final SymmetricMemory dst;
    private final MemorySegment localSrc;
    private final MemorySegment peerDst;
    private final long bytes;
    private final int next;

    StreamGate(ShmemRuntime shmem, Stream stream, SymmetricMemory src, SymmetricMemory dst, MemorySegment peerDst,
               long bytes, int next) {
        this.shmem = shmem;
        this.stream = stream;
        this.dst = dst;
        this.localSrc = src.local();
        this.peerDst = peerDst;
        this.bytes = bytes;
        this.next = next;
    }

    /** {@code n} stream puts then one synchronize; elapsed ns. */
    double timeStream(int n) {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            stream.putmem(dst, 0, localSrc, 0, bytes, next);
        }
        stream.synchronize();
        return System.nanoTime() - t0;
    }

    /** {@code n} raw copies into the mapped peer heap then one full fence; elapsed ns. */
    double timeRaw(int n) {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            MemorySegment.copy(localSrc, 0, peerDst, 0, bytes);
        }
        VarHandle.fullFence();
        return System.nanoTime() - t0;
    }

    /**
     * The warm-up ({@link GateWarmup}): passes of {@code warmup} copies per path, raw first in even passes as in
     * the rounds, until a stretch as long as the rounds compiled nothing on any PE or {@code maxNanos} passed.
     */
    GateWarmup.Result warmUp(PeGather gather, int warmup, int iterations, int rounds, long maxNanos) {
        return GateWarmup.run(shmem, gather, pass -> {
            boolean rawFirst = (pass & 1) == 0;
            for (int k = 0; k < 2; k++) {
                shmem.barrierAll();
                if (rawFirst == (k == 0)) {
                    timeRaw(warmup);
                } else {
                    timeStream(warmup);
                }
            }
        }, warmup, (long) rounds * iterations, maxNanos);
    }

    /**
     * Runs the rounds (after {@link #warmUp}) and returns this PE's row for {@link StreamGateReport#of}:
     * {@code rounds} ns/op of the stream path, {@code rounds} of the raw path, then data-ok (1/0), first byte, last
     * byte.
     */
    double[] measure(int iterations, int rounds, boolean corruptForTest, int prev) {
        double[] row = new double[2 * rounds + 3];
        for (int r = 0; r < rounds; r++) {
            boolean rawFirst = (r & 1) == 0;
            for (int k = 0; k < 2; k++) {
                boolean raw = rawFirst == (k == 0);
                shmem.barrierAll();
                double ns = raw ? timeRaw(iterations) : timeStream(iterations);
                row[(raw ? rounds : 0) + r] = ns / iterations;
            }
        }
        if (corruptForTest && shmem.myPe() == 0) {
            localSrc.set(ValueLayout.JAVA_BYTE, bytes - 1, (byte) (shmem.myPe() + 2));
        }
        // The data check: one more stream put, so the bytes seen are the ones Stream.putmem delivered.
        shmem.barrierAll();
        timeStream(1);
        shmem.barrierAll();
        byte expected = (byte) (prev + 1);
        byte first = dst.local().get(ValueLayout.JAVA_BYTE, 0);
        byte last = dst.local().get(ValueLayout.JAVA_BYTE, bytes - 1);
        row[2 * rounds] = first == expected && last == expected ? 1 : 0;
        row[2 * rounds + 1] = first;
        row[2 * rounds + 2] = last;
        return row;
    }
}
