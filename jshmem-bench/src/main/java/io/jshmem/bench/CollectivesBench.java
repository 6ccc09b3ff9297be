package io.jshmem.bench;

import io.jshmem.ReduceOp;
import com.google.gson.GsonBuilder;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
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
 * The collectives' speed check, every comparison made in the same run with subject and baseline rounds alternating
 * (medians and best rounds, after warm-up; times are PE 0's, which ends every round in a synchronization):
 * <ul>
 * <li>barrierAll, and TEAM_WORLD's barrier, against a raw two-process sense-reversing barrier (one shared counter
 * and sense word on PE 0's heap, getAndAdd plus acquire spin: what a C program would write);</li>
 * <li>broadcast and fcollect of 1 MiB and a sum reduction of 1 MiB of longs against one libc memcpy of 1 MiB, both
 * PEs copying at once: from a private buffer into the heap ("local"), and out of the peer's mapped heap ("peer",
 * the copy a receiving PE cannot avoid).</li>
 * </ul>
 * With {@code --barrier-only} it measures just barrierAll and the team barrier, for the growth series over PE counts.
 *
 * <p>Run: {@code bin/shmemrun -np 2 io.jshmem.bench.CollectivesBench}; growth:
 * {@code for n in 2 4 8 16 32; do bin/shmemrun -np $n io.jshmem.bench.CollectivesBench --barrier-only; done}
 */
@Command(name = "collectives", mixinStandardHelpOptions = true,
        description = "jshmem barriers and collectives against raw barriers and memcpy")
public final class CollectivesBench implements Callable<Integer> {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final long MIB = 1 << 20;
    private static final MethodHandle MEMCPY = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("memcpy").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            Linker.Option.critical(true));

    @Option(names = "--rounds", description = "measured rounds (default ${DEFAULT-VALUE})")
    int rounds = 21;
    @Option(names = "--warmup", description = "warm-up rounds (default ${DEFAULT-VALUE})")
    int warmup = 5;
    @Option(names = "--barrier-iterations", description = "barriers per round (default ${DEFAULT-VALUE})")
    int barrierIterations = 20_000;
    @Option(names = "--copy-iterations", description = "1 MiB operations per round (default ${DEFAULT-VALUE})")
    int copyIterations = 20;
    @Option(names = "--barrier-only", description = "measure barrierAll and the team barrier only")
    boolean barrierOnly;
    @Option(names = "--output", description = "JSON results file (default results/collectives.json, or "
            + "results/barrier_<N>pe.json with --barrier-only)")
    Path output;

    private ShmemRuntime shmem;
    private Team world;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CollectivesBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofConfined()) {
            shmem = rt;
            world = rt.teamWorld();
            int n = rt.nPes();
            Map<String, Object> results = new LinkedHashMap<>();
            results.put("pes", n);
            if (barrierOnly) {
                Rounds r = measure(rt::barrierAll, () -> world.barrier(), barrierIterations);
                results.put("barrierAll_vs_team_barrier", describe(r, "barrierAll", "team_barrier",
                        barrierIterations));
                finish(results, output != null ? output : Path.of("results/barrier_" + n + "pe.json"));
                return 0;
            }
            if (n != 2) {
                System.err.println("the comparison runs on 2 PEs: bin/shmemrun -np 2 io.jshmem.bench.CollectivesBench"
                        + " (use --barrier-only for other PE counts)");
                return 2;
            }
            SymmetricMemory raw = rt.calloc(32, 8);
            MemorySegment word = raw.ptr(0).orElseThrow();
            long[] sense = {0};
            Runnable rawBarrier = () -> senseReversing(word, sense, n);
            results.put("barrierAll_vs_raw", describe(measure(rt::barrierAll, rawBarrier, barrierIterations),
                    "jshmem", "raw", barrierIterations));
            results.put("team_barrier_vs_raw", describe(measure(() -> world.barrier(), rawBarrier, barrierIterations),
                    "jshmem", "raw", barrierIterations));

            SymmetricMemory src = rt.malloc(MIB);
            SymmetricMemory dst = rt.malloc(MIB);
            src.local().fill((byte) (1 + rt.myPe()));
            MemorySegment privateSrc = arena.allocate(MIB, 4096);
            privateSrc.fill((byte) 7);
            MemorySegment peerSrc = src.ptr(1 - rt.myPe()).orElseThrow();
            MemorySegment localDst = dst.local();
            Runnable local = () -> memcpy(localDst, privateSrc, MIB);
            Runnable peer = () -> memcpy(localDst, peerSrc, MIB);
            Runnable bcast = () -> world.broadcastmem(dst, 0, src, 0, MIB, 0);
            Runnable fcollect = () -> world.fcollectmem(dst, 0, src, 0, MIB / 2);
            Runnable reduce = () -> world.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, MIB / 8);
            results.put("broadcast_1MiB", copies(bcast, local, peer));
            results.put("fcollect_1MiB", copies(fcollect, local, peer));
            results.put("sum_reduce_1MiB_longs", copies(reduce, local, peer));
            rt.barrierAll();
            rt.free(dst);
            rt.free(src);
            rt.free(raw);
            finish(results, output != null ? output : Path.of("results/collectives.json"));
        }
        return 0;
    }

    /** A collective against both memcpy baselines; every iteration of either is run by both PEs. */
    private Map<String, Object> copies(Runnable subject, Runnable local, Runnable peer) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vs_local_memcpy", describe(measure(subject, local, copyIterations), "jshmem", "memcpy",
                copyIterations));
        m.put("vs_peer_memcpy", describe(measure(subject, peer, copyIterations), "jshmem", "memcpy",
                copyIterations));
        return m;
    }

    /**
     * Alternating rounds of {@code subject} and {@code baseline}, each round started together on every PE and ended
     * by a barrier inside the timed region (one per round, negligible against its iterations), so that a round's
     * time is the slowest PE's.
     */
    private Rounds measure(Runnable subject, Runnable baseline, int iterations) {
        return Rounds.alternating(this::time, subject, baseline, iterations, warmup, rounds);
    }

    /** ns per call of {@code iterations} calls, all PEs starting together and the last one ending the round. */
    private double time(Runnable op, int iterations) {
        shmem.barrierAll();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            op.run();
        }
        shmem.barrierAll();
        return (System.nanoTime() - t0) / (double) iterations;
    }

    /** A sense-reversing central barrier: one counter and one sense word on PE 0's heap. */
    private static void senseReversing(MemorySegment word, long[] localSense, int n) {
        long s = localSense[0] ^ 1;
        localSense[0] = s;
        if ((long) LONG.getAndAdd(word, 0L, 1L) == n - 1) {
            LONG.setVolatile(word, 0L, 0L);
            LONG.setRelease(word, 128L, s);
        } else {
            while ((long) LONG.getAcquire(word, 128L) != s) {
                Thread.onSpinWait();
            }
        }
    }

    private static void memcpy(MemorySegment dst, MemorySegment src, long bytes) {
        try {
            MemorySegment unused = (MemorySegment) MEMCPY.invokeExact(dst, src, bytes);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        VarHandle.fullFence();
    }

    private static Map<String, Object> describe(Rounds r, String subjectName, String baselineName, int iterations) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(subjectName + "_ns", r.subjectMedian());
        m.put(baselineName + "_ns", r.baselineMedian());
        m.put("ratio", r.ratio());
        // Best rounds: on a shared machine a round without a preempted PE shows the cost itself.
        double sb = java.util.Arrays.stream(r.subjectRounds()).min().orElse(Double.NaN);
        double bb = java.util.Arrays.stream(r.baselineRounds()).min().orElse(Double.NaN);
        m.put(subjectName + "_best_ns", sb);
        m.put(baselineName + "_best_ns", bb);
        m.put("best_ratio", sb / bb);
        m.put("iterations_per_round", iterations);
        m.put(subjectName + "_rounds_ns", r.subjectRounds());
        m.put(baselineName + "_rounds_ns", r.baselineRounds());
        return m;
    }

    private void finish(Map<String, Object> results, Path out) throws java.io.IOException {
        if (shmem.myPe() != 0) {
            return;
        }
        print("", results);
        Path abs = out.toAbsolutePath();
        Files.createDirectories(abs.getParent());
        Files.writeString(abs, new GsonBuilder().setPrettyPrinting().create().toJson(results));
        System.out.println("wrote " + out);
    }

    @SuppressWarnings("unchecked")
    private static void print(String prefix, Map<String, Object> results) {
        for (Map.Entry<String, Object> e : results.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> m) {
                Map<String, Object> sub = (Map<String, Object>) m;
                if (sub.containsKey("ratio")) {
                    double[] v = sub.values().stream().filter(x -> x instanceof Double).mapToDouble(x -> (Double) x)
                            .toArray();
                    System.out.printf("%-38s median %11.1f / %11.1f ns = %6.3f   best %11.1f / %11.1f ns = %6.3f%n",
                            prefix + e.getKey(), v[0], v[1], v[2], v[3], v[4], v[5]);
                } else {
                    print(prefix + e.getKey() + ".", sub);
                }
            } else {
                System.out.println(prefix + e.getKey() + " = " + e.getValue());
            }
        }
    }
}
