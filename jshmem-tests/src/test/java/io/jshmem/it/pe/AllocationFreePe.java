package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.DataType;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts the bytes this thread allocates ({@code com.sun.management.ThreadMXBean}) around 10,000 calls of every
 * hot-path routine of the facade and of the 8-byte collectives (broadcast, fcollect, sum reduction) (fewer when the arguments say so), after a warm-up that lets the JIT compile
 * them, and fails when any routine allocates: more than {@link #TOLERANCE_BYTES} over all its calls in each of two
 * batches (well below one byte per call, so a one-off such as a late recompilation, seen in one batch only, passes
 * and one small object per call does not).
 * Each PE targets its partner (PE me^1), so on 2 PEs every call crosses to the other PE's heap, over SHM or, with
 * JSHMEM_ENGINE=ucx, UCX. Prints "ALLOC op bytes/call" per routine and "ALLOCATION FREE OK pe N" at the end.
 */
public final class AllocationFreePe {
    private static int calls = 10_000;
    private static int warmup = 30_000;
    private static final long TOLERANCE_BYTES = 8192;

    private interface Op {
        void call(int i);
    }

    /** Optional arguments: calls per routine, warm-up calls per routine (fewer for slow engines). */
    public static void main(String[] args) {
        if (args.length >= 2) {
            calls = Integer.parseInt(args[0]);
            warmup = Integer.parseInt(args[1]);
        }
        Shmem.init();
        FailFast.run(() -> {
            int me = Shmem.myPe();
            int partner = me ^ 1;
            if (partner >= Shmem.nPes()) {
                partner = me;
            }
            int pe = partner;
            SymmetricMemory data = Shmem.calloc(64, 8);
            SymmetricMemory flags = Shmem.calloc(8, 8);
            MemorySegment buf = Arena.global().allocate(64, 8);
            Shmem.barrierAll();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            List<String> failures = new ArrayList<>();
            measure(mx, failures, "putmem 8 B", i -> Shmem.putmem(data, 0, buf, 0, 8, pe));
            measure(mx, failures, "getmem 8 B", i -> Shmem.getmem(buf, 0, data, 8, 8, pe));
            measure(mx, failures, "putmemNbi 8 B + quiet", i -> {
                Shmem.putmemNbi(data, 16, buf, 0, 8, pe);
                Shmem.quiet();
            });
            measure(mx, failures, "getmemNbi 8 B + quiet", i -> {
                Shmem.getmemNbi(buf, 8, data, 24, 8, pe);
                Shmem.quiet();
            });
            measure(mx, failures, "p long", i -> Shmem.p(data, 4, (long) i, pe));
            measure(mx, failures, "g long", i -> Shmem.gLong(data, 5, pe));
            measure(mx, failures, "atomicFetchAddLong", i -> Shmem.atomicFetchAddLong(data, 6, 1, pe));
            measure(mx, failures, "atomicAddLong", i -> Shmem.atomicAddLong(data, 6, 1, pe));
            measure(mx, failures, "atomicCompareSwapLong", i -> Shmem.atomicCompareSwapLong(data, 7, 0, 0, pe));
            measure(mx, failures, "atomicSetLong", i -> Shmem.atomicSetLong(data, 8, i, pe));
            measure(mx, failures, "atomicFetchLong", i -> Shmem.atomicFetchLong(data, 8, pe));
            measure(mx, failures, "putmemSignal 8 B", i -> Shmem.putmemSignal(data, 80, buf, 0, 8, flags, 1, 1,
                    SignalOp.ADD, pe));
            measure(mx, failures, "signalFetch", i -> Shmem.signalFetch(flags, 1));
            measure(mx, failures, "waitUntilLong (satisfied)", i -> Shmem.waitUntilLong(flags, 1, Cmp.GE, 1));
            measure(mx, failures, "fence", i -> Shmem.fence());
            measure(mx, failures, "barrierAll", i -> Shmem.barrierAll());
            // Collectives of 8-byte blocks after warm-up (these once allocated step strings, lambdas and
            // slices per call; fcollect a concatenated argument name whenever the JIT did not inline past it).
            Team world = Shmem.teamWorld();
            SymmetricMemory src = Shmem.calloc(8, 8);
            SymmetricMemory dst = Shmem.calloc(8 * Shmem.nPes(), 8);
            measure(mx, failures, "broadcastmem 8 B", i -> Shmem.broadcastmem(world, dst, 0, src, 0, 8, 0));
            measure(mx, failures, "fcollectmem 8 B", i -> Shmem.fcollectmem(world, dst, 0, src, 0, 8));
            measure(mx, failures, "fcollect long x1", i -> Shmem.fcollect(world, ValueLayout.JAVA_LONG, dst, 0, src,
                    0, 1));
            measure(mx, failures, "sumReduce long x1", i -> Shmem.sumReduce(world, DataType.LONG, dst, 0, src, 0,
                    1));
            // A real wait each call: p to the partner, then wait for its p back (the partner runs the same loop).
            long[] round = {0};
            measure(mx, failures, "p + waitUntilLong ping-pong", i -> {
                long r = ++round[0];
                Shmem.p(flags, 2, r, pe);
                Shmem.waitUntilLong(flags, 2, Cmp.GE, r);
            });
            Shmem.barrierAll();
            if (!failures.isEmpty()) {
                throw Expect.failure("PE " + me + ": routines that allocate per call: " + failures, null);
            }
            System.out.println("ALLOCATION FREE OK pe " + me);
        });
        Shmem.finalizeShmem();
    }

    private static void measure(com.sun.management.ThreadMXBean mx, List<String> failures, String name, Op op) {
        // Every PE calls measure in the same order; a barrier around each keeps ping-pong partners in step.
        Shmem.barrierAll();
        for (int i = 0; i < warmup; i++) {
            op.call(i);
        }
        // Two batches: a one-off allocation (a late recompilation, a structure an engine builds lazily) shows in
        // one of them only, an allocation per call in both. Every PE runs both, so ping-pong partners stay in step.
        long bytes = batch(mx, op);
        long again = batch(mx, op);
        System.out.printf("ALLOC %-30s %8.3f then %8.3f bytes/call%n", name, (double) bytes / calls,
                (double) again / calls);
        if (bytes > TOLERANCE_BYTES && again > TOLERANCE_BYTES) {
            failures.add(name + " (" + bytes + " then " + again + " bytes in " + calls + " calls)");
        }
    }

    private static long batch(com.sun.management.ThreadMXBean mx, Op op) {
        Shmem.barrierAll();
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            op.call(i);
        }
        return mx.getCurrentThreadAllocatedBytes() - before;
    }
}
