package io.jshmem.bench;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Runs a list of benchmarks on every PE: allocates their symmetric buffers (collectively), builds this PE's kernel
 * for each case and hands it to the {@link Harness}. PE 0 collects the results into a {@link ResultsDocument}.
 * Collective: every PE runs the same list. Not thread-safe.
 */
final class BenchSuite {
    private static final long ATOMIC_STRIDE = 16;
    private final ShmemRuntime shmem;
    private final BenchOptions options;
    private final Harness harness;
    private final ResultsDocument doc;
    private final MemorySegment local;
    private final int me;
    private final int nPes;

    BenchSuite(ShmemRuntime shmem, BenchOptions options, Harness harness, ResultsDocument doc, Arena arena) {
        this.shmem = shmem;
        this.options = options;
        this.harness = harness;
        this.doc = doc;
        this.me = shmem.myPe();
        this.nPes = shmem.nPes();
        long localBytes = Math.max(64, options.maxSizeBytes());
        this.local = arena.allocate(localBytes, 4096);
        local.fill((byte) 0x5a);
    }

    /** Runs one benchmark at every one of its sizes, or records why it cannot run here. */
    void run(Bench bench) {
        if (bench.needsPeer && nPes < 2) {
            doc.unavailable.add(new Unavailable(bench.id(), "needs at least 2 PEs; this job has " + nPes));
            return;
        }
        switch (bench) {
            case PUT_LAT, GET_LAT, PUT_BW, GET_BW -> rma(bench);
            case P_PINGPONG -> pingPong(bench);
            case BARRIER_ALL -> add(harness.measure(bench, 0, Harness.Mode.ALL, new SyncKernels.BarrierAll(shmem),
                    null));
            case BROADCAST, FCOLLECT, COLLECT, ALLTOALL, SUM_REDUCE -> collective(bench);
            case PUT_SIGNAL -> putSignal(bench);
            default -> atomic(bench);
        }
    }

    private void add(CaseResult r) {
        if (r != null) {
            doc.results.add(r);
        }
    }

    private void rma(Bench bench) {
        List<Long> sizes = bench.sizes(options);
        SymmetricMemory remote = shmem.malloc(Math.max(64, options.maxSizeBytes()));
        remote.local().fill((byte) me);
        shmem.barrierAll();
        for (long size : sizes) {
            Kernel k = null;
            if (me == 0) {
                k = switch (bench) {
                    case PUT_LAT -> new RmaKernels.PutLatency(shmem, remote, local, size, 1);
                    case GET_LAT -> new RmaKernels.GetLatency(shmem, remote, local, size, 1);
                    case PUT_BW -> new RmaKernels.PutBandwidth(shmem, remote, local, size, 1, options.window);
                    default -> new RmaKernels.GetBandwidth(shmem, remote, local, size, 1, options.window);
                };
            }
            add(harness.measure(bench, size, Harness.Mode.ORIGIN, k, null));
        }
        shmem.free(remote);
    }

    private void pingPong(Bench bench) {
        SymmetricMemory flag = shmem.malloc(8);
        flag.local().set(ValueLayout.JAVA_LONG, 0, 0L);
        Kernel k = me == 0 ? new SyncKernels.PingPong(shmem, flag, 1, true)
                : me == 1 ? new SyncKernels.PingPong(shmem, flag, 0, false) : null;
        add(harness.measure(bench, 8, Harness.Mode.PAIR, k, null));
        shmem.free(flag);
    }

    private void atomic(Bench bench) {
        SymmetricMemory words = shmem.malloc(ATOMIC_STRIDE * Long.BYTES * Bench.values().length);
        long index = (long) bench.ordinal() * ATOMIC_STRIDE;
        words.local().setAtIndex(ValueLayout.JAVA_LONG, index, 0L);
        Kernel k = me == 0 ? new AtomicKernel(shmem, bench, words, index, 1) : null;
        add(harness.measure(bench, 8, Harness.Mode.ORIGIN, k,
                bench.metric.equals("issue") ? "non-fetching: issued back to back, one quiet per batch" : null));
        shmem.free(words);
    }

    private void collective(Bench bench) {
        List<Long> sizes = bench.sizes(options);
        long max = sizes.isEmpty() ? 8 : sizes.getLast();
        SymmetricMemory dest = shmem.malloc(CollectiveKernel.destBytes(bench, max, nPes));
        SymmetricMemory source = shmem.malloc(CollectiveKernel.sourceBytes(bench, max, nPes));
        source.local().fill((byte) (me + 1));
        shmem.barrierAll();
        Team world = shmem.teamWorld();
        for (long size : sizes) {
            add(harness.measure(bench, size, Harness.Mode.ALL,
                    new CollectiveKernel(world, bench, dest, source, size), null));
        }
        shmem.free(source);
        shmem.free(dest);
    }

    private void putSignal(Bench bench) {
        List<Long> sizes = bench.sizes(options);
        SymmetricMemory data = shmem.malloc(Math.max(64, options.maxSizeBytes()));
        SymmetricMemory signal = shmem.malloc(8);
        for (long size : sizes) {
            // Every size starts its sequence at 1 again, so the word is reset before the case's first barrier.
            signal.local().set(ValueLayout.JAVA_LONG, 0, 0L);
            Kernel k = me == 0 ? new SyncKernels.PutSignalPingPong(shmem, data, signal, local, size, 1, true)
                    : me == 1 ? new SyncKernels.PutSignalPingPong(shmem, data, signal, local, size, 0, false) : null;
            add(harness.measure(bench, size, Harness.Mode.PAIR, k, null));
        }
        shmem.free(signal);
        shmem.free(data);
    }
}
