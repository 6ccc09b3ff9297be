package io.jshmem.bench;

import com.google.gson.GsonBuilder;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The foundation's speed check: jshmem's put/get paths against the raw operation on the same mapped peer heap in
 * the same run. PE 0 measures, PE 1 is the target. Each round runs both paths back to back (their order
 * alternating), after warm-up; the report gives the median ns/op of each over the rounds and their ratio.
 *
 * <p>Run: {@code bin/shmemrun -np 2 io.jshmem.bench.RmaVsRawBench --rounds 15}
 */
@Command(name = "rma-vs-raw", mixinStandardHelpOptions = true,
        description = "jshmem put/get vs raw MemorySegment access to the mapped peer heap")
public final class RmaVsRawBench implements Callable<Integer> {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    @Option(names = "--rounds", description = "measured rounds (default ${DEFAULT-VALUE})")
    int rounds = 11;
    @Option(names = "--warmup", description = "warm-up rounds (default ${DEFAULT-VALUE})")
    int warmup = 5;
    @Option(names = "--small-iterations", description = "operations per round for 8 B (default ${DEFAULT-VALUE})")
    int smallIterations = 2_000_000;
    @Option(names = "--large-iterations", description = "operations per round for 8 MiB (default ${DEFAULT-VALUE})")
    int largeIterations = 40;
    @Option(names = "--large-bytes", description = "size of the large put (default ${DEFAULT-VALUE})")
    long largeBytes = 8L << 20;
    @Option(names = "--output", description = "JSON results file (default ${DEFAULT-VALUE})")
    Path output = Path.of("results/rma_vs_raw.json");

    private static long sink;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RmaVsRawBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            if (shmem.nPes() < 2) {
                System.err.println("rma-vs-raw needs 2 PEs: bin/shmemrun -np 2 io.jshmem.bench.RmaVsRawBench");
                return 2;
            }
            SymmetricMemory small = shmem.malloc(64);
            SymmetricMemory large = shmem.malloc(largeBytes);
            shmem.barrierAll();
            Map<String, Object> results = new LinkedHashMap<>();
            if (shmem.myPe() == 0) {
                MemorySegment peerSmall = small.ptr(1).orElseThrow();
                MemorySegment peerLarge = large.ptr(1).orElseThrow();
                MemorySegment src8 = arena.allocate(8, 8);
                MemorySegment dst8 = arena.allocate(8, 8);
                MemorySegment srcLarge = arena.allocate(largeBytes, 4096);
                srcLarge.fill((byte) 1);
                results.put("put_8B_quiet", measure(
                        () -> putSmall(shmem, small, src8), () -> rawStore(peerSmall), smallIterations));
                results.put("get_8B", measure(
                        () -> getSmall(shmem, small, dst8), () -> rawLoad(peerSmall), smallIterations));
                results.put("p_long_quiet", measure(
                        () -> pSmall(shmem, small), () -> rawStore(peerSmall), smallIterations));
                Rounds copy = measureRounds(() -> putLarge(shmem, large, srcLarge),
                        () -> stubCopy(srcLarge, peerLarge), largeIterations);
                Rounds memcpy = measureRounds(() -> putLarge(shmem, large, srcLarge),
                        () -> libcCopy(srcLarge, peerLarge), largeIterations);
                boolean libcFaster = memcpy.baselineMedian() < copy.baselineMedian();
                Map<String, Object> big = describe(libcFaster ? memcpy : copy, largeIterations);
                big.put("baseline", libcFaster ? "libc memcpy (critical downcall)" : "MemorySegment.copy");
                big.put("segment_copy_ns", copy.baselineMedian());
                big.put("libc_memcpy_ns", memcpy.baselineMedian());
                big.put("bytes", largeBytes);
                results.put("put_" + (largeBytes >> 20) + "MiB_quiet", big);
                print(results);
                Files.createDirectories(output.toAbsolutePath().getParent());
                Files.writeString(output, new GsonBuilder().setPrettyPrinting().create().toJson(results));
                System.out.println("wrote " + output);
            }
            shmem.barrierAll();
            shmem.free(large);
            shmem.free(small);
        }
        return 0;
    }

    private Map<String, Object> measure(Runnable subject, Runnable baseline, int iterations) {
        return describe(measureRounds(subject, baseline, iterations), iterations);
    }

    private Rounds measureRounds(Runnable subject, Runnable baseline, int iterations) {
        return Rounds.alternating(RmaVsRawBench::time, subject, baseline, iterations, warmup, rounds);
    }

    private static Map<String, Object> describe(Rounds r, int iterations) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jshmem_ns", r.subjectMedian());
        m.put("raw_ns", r.baselineMedian());
        m.put("ratio", r.ratio());
        m.put("iterations_per_round", iterations);
        m.put("jshmem_rounds_ns", r.subjectRounds());
        m.put("raw_rounds_ns", r.baselineRounds());
        return m;
    }

    /** ns per operation of {@code iterations} calls of {@code op}. */
    private static double time(Runnable op, int iterations) {
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            op.run();
        }
        return (System.nanoTime() - t0) / (double) iterations;
    }

    private static void putSmall(ShmemRuntime shmem, SymmetricMemory dest, MemorySegment src) {
        shmem.putmem(dest, 0, src, 0, 8, 1);
        shmem.quiet();
    }

    private static void pSmall(ShmemRuntime shmem, SymmetricMemory dest) {
        shmem.p(ValueLayout.JAVA_LONG, dest, 0, 42L, 1);
        shmem.quiet();
    }

    private static void rawStore(MemorySegment peer) {
        peer.set(LONG, 0, 42L);
        VarHandle.fullFence();
    }

    private static void getSmall(ShmemRuntime shmem, SymmetricMemory src, MemorySegment dst) {
        shmem.getmem(dst, 0, src, 0, 8, 1);
        sink += dst.get(LONG, 0);
        VarHandle.fullFence();
    }

    private static void rawLoad(MemorySegment peer) {
        sink += peer.get(LONG, 0);
        VarHandle.fullFence();
    }

    private void putLarge(ShmemRuntime shmem, SymmetricMemory dest, MemorySegment src) {
        shmem.putmem(dest, 0, src, 0, largeBytes, 1);
        shmem.quiet();
    }

    private void stubCopy(MemorySegment src, MemorySegment peer) {
        MemorySegment.copy(src, 0, peer, 0, largeBytes);
        VarHandle.fullFence();
    }

    private static final MethodHandle MEMCPY = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("memcpy").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            Linker.Option.critical(true));

    /** The fastest plain copy Java has for large sizes: libc memcpy in one critical downcall per MiB. */
    private void libcCopy(MemorySegment src, MemorySegment peer) {
        try {
            for (long off = 0; off < largeBytes; off += 1 << 20) {
                long n = Math.min(1 << 20, largeBytes - off);
                MemorySegment r = (MemorySegment) MEMCPY.invokeExact(peer.asSlice(off, n), src.asSlice(off, n), n);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        VarHandle.fullFence();
    }

    private static void print(Map<String, Object> results) {
        System.out.printf("%-22s %12s %12s %8s%n", "operation", "jshmem ns", "raw ns", "ratio");
        for (Map.Entry<String, Object> e : results.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) e.getValue();
            System.out.printf("%-22s %12.2f %12.2f %8.3f%n", e.getKey(), (double) m.get("jshmem_ns"),
                    (double) m.get("raw_ns"), (double) m.get("ratio"));
        }
    }
}
