package io.jshmem.bench;

import io.jshmem.DataType;
import com.google.gson.GsonBuilder;
import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The synchronization speed check: jshmem's remote atomics and point-to-point waits against the raw operation on
 * the same mapped peer heap in the same run.
 * <ul>
 * <li>{@code fetchAdd}, {@code xor}, {@code compareSwap}: PE 0 on a long of PE 1, against {@code VarHandle.getAndAdd}
 * / {@code getAndBitwiseXor} / {@code compareAndSet} on PE 1's mapped heap.</li>
 * <li>{@code ping-pong}: half round trip of {@code p} + {@code waitUntilLong} between PE 0 and PE 1, against a raw
 * release-store / acquire-spin ping-pong between the same two processes (on other cache lines).</li>
 * </ul>
 * Each round runs both paths back to back (their order alternating), after warm-up; the report gives the median
 * ns/op of each over the rounds and their ratio, and the fastest round of each (on a host shared with other work,
 * the rounds that ran undisturbed).
 *
 * <p>Run: {@code bin/shmemrun -np 2 io.jshmem.bench.AmoVsRawBench}
 */
@Command(name = "amo-vs-raw", mixinStandardHelpOptions = true,
        description = "jshmem atomics and waits vs raw VarHandle access to the mapped peer heap")
public final class AmoVsRawBench implements Callable<Integer> {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Words of the benchmark block, each on its own 128-byte line. */
    private static final long COUNTER = 0;
    private static final long PING_JSHMEM = 16;
    private static final long PING_RAW = 32;

    @Option(names = "--rounds", description = "measured rounds (default ${DEFAULT-VALUE})")
    int rounds = 31;
    @Option(names = "--warmup", description = "warm-up rounds (default ${DEFAULT-VALUE})")
    int warmup = 5;
    @Option(names = "--amo-iterations", description = "atomics per round (default ${DEFAULT-VALUE})")
    int amoIterations = 1_000_000;
    @Option(names = "--pingpong-iterations", description = "round trips per round (default ${DEFAULT-VALUE})")
    int pingIterations = 5_000;
    @Option(names = "--output", description = "JSON results file (default ${DEFAULT-VALUE})")
    Path output = Path.of("results/amo_vs_raw.json");

    private long expected;
    private long seq;
    private long xorOperand;
    private long sink;

    public static void main(String[] args) {
        System.exit(new CommandLine(new AmoVsRawBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try (ShmemRuntime shmem = Shmem.init()) {
            if (shmem.nPes() != 2) {
                System.err.println("amo-vs-raw needs exactly 2 PEs: bin/shmemrun -np 2 io.jshmem.bench.AmoVsRawBench");
                return 2;
            }
            int me = shmem.myPe();
            SymmetricMemory words = shmem.calloc(48, 8);
            shmem.barrierAll();
            Map<String, Object> results = new LinkedHashMap<>();
            if (me == 0) {
                MemorySegment peer = words.ptr(1).orElseThrow();
                results.put("fetchAdd_long", describe(measure(
                        () -> sink += shmem.atomicFetchAdd(DataType.LONG, words, COUNTER, 1, 1),
                        () -> sink += (long) LONG.getAndAdd(peer, COUNTER * 8, 1L), amoIterations), amoIterations));
                // GUPS's update: a non-fetching XOR, against getAndBitwiseXor (the raw form also returns the old value).
                results.put("xor_ulong", describe(measure(
                        () -> shmem.atomicXor(DataType.ULONG, words, COUNTER, ++xorOperand, 1),
                        () -> sink += (long) LONG.getAndBitwiseXor(peer, COUNTER * 8, ++xorOperand), amoIterations),
                        amoIterations));
                expected = shmem.atomicFetch(DataType.LONG, words, COUNTER, 1);
                results.put("compareSwap_long", describe(measure(
                        () -> casJshmem(shmem, words), () -> casRaw(peer), amoIterations), amoIterations));
            }
            shmem.barrierAll();
            Rounds ping = pingPong(shmem, words, me);
            if (me == 0) {
                Map<String, Object> m = describe(ping, pingIterations);
                m.put("unit", "ns per half round trip");
                results.put("p_waitUntil_pingpong", m);
                print(results);
                Files.createDirectories(output.toAbsolutePath().getParent());
                Files.writeString(output, new GsonBuilder().setPrettyPrinting().create().toJson(results));
                System.out.println("wrote " + output);
            }
            shmem.barrierAll();
            shmem.free(words);
        }
        return 0;
    }

    private void casJshmem(ShmemRuntime shmem, SymmetricMemory words) {
        long old = shmem.atomicCompareSwap(DataType.LONG, words, COUNTER, expected, expected + 1, 1);
        if (old != expected) {
            throw new IllegalStateException("compareSwap failed: " + old + " != " + expected);
        }
        expected++;
    }

    private void casRaw(MemorySegment peer) {
        if (!LONG.compareAndSet(peer, COUNTER * 8, expected, expected + 1)) {
            throw new IllegalStateException("compareAndSet failed");
        }
        expected++;
    }

    private Rounds measure(Runnable subject, Runnable baseline, int iterations) {
        return Rounds.alternating(AmoVsRawBench::time, subject, baseline, iterations, warmup, rounds);
    }

    /** Both PEs run the same schedule; PE 0's timings are the ones kept. */
    private Rounds pingPong(ShmemRuntime shmem, SymmetricMemory words, int me) {
        MemorySegment local = words.local();
        MemorySegment peer = words.ptr(1 - me).orElseThrow();
        Rounds r = new Rounds(rounds);
        for (int round = -warmup; round < rounds; round++) {
            double s;
            double b;
            if ((round & 1) == 0) {
                s = pingJshmem(shmem, words, me);
                b = pingRaw(shmem, local, peer, me);
            } else {
                b = pingRaw(shmem, local, peer, me);
                s = pingJshmem(shmem, words, me);
            }
            if (round >= 0) {
                r.add(s, b);
            }
        }
        return r;
    }

    private double pingJshmem(ShmemRuntime shmem, SymmetricMemory words, int me) {
        shmem.barrierAll();
        int other = 1 - me;
        long start = seq;
        long t0 = System.nanoTime();
        for (int i = 0; i < pingIterations; i++) {
            long v = ++seq;
            if (me == 0) {
                shmem.p(ValueLayout.JAVA_LONG, words, PING_JSHMEM, v, other);
                shmem.waitUntil(DataType.LONG, words, PING_JSHMEM, Cmp.EQ, v);
            } else {
                shmem.waitUntil(DataType.LONG, words, PING_JSHMEM, Cmp.EQ, v);
                shmem.p(ValueLayout.JAVA_LONG, words, PING_JSHMEM, v, other);
            }
        }
        double ns = (System.nanoTime() - t0) / (2.0 * (seq - start));
        shmem.barrierAll();
        return ns;
    }

    private double pingRaw(ShmemRuntime shmem, MemorySegment local, MemorySegment peer, int me) {
        shmem.barrierAll();
        long off = PING_RAW * 8;
        long start = seq;
        long t0 = System.nanoTime();
        for (int i = 0; i < pingIterations; i++) {
            long v = ++seq;
            if (me == 0) {
                LONG.setRelease(peer, off, v);
                while ((long) LONG.getAcquire(local, off) != v) {
                    Thread.onSpinWait();
                }
            } else {
                while ((long) LONG.getAcquire(local, off) != v) {
                    Thread.onSpinWait();
                }
                LONG.setRelease(peer, off, v);
            }
        }
        double ns = (System.nanoTime() - t0) / (2.0 * (seq - start));
        shmem.barrierAll();
        return ns;
    }

    private static Map<String, Object> describe(Rounds r, int iterations) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jshmem_ns", r.subjectMedian());
        m.put("raw_ns", r.baselineMedian());
        m.put("ratio", r.ratio());
        // The fastest round of each path: on a loaded host, the rounds that ran undisturbed.
        double subjectMin = java.util.Arrays.stream(r.subjectRounds()).min().orElse(Double.NaN);
        double baselineMin = java.util.Arrays.stream(r.baselineRounds()).min().orElse(Double.NaN);
        m.put("jshmem_min_ns", subjectMin);
        m.put("raw_min_ns", baselineMin);
        m.put("min_ratio", subjectMin / baselineMin);
        m.put("iterations_per_round", iterations);
        m.put("jshmem_rounds_ns", r.subjectRounds());
        m.put("raw_rounds_ns", r.baselineRounds());
        return m;
    }

    private static double time(Runnable op, int iterations) {
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            op.run();
        }
        return (System.nanoTime() - t0) / (double) iterations;
    }

    private static void print(Map<String, Object> results) {
        System.out.printf("%-22s %12s %12s %8s   %12s %12s %8s%n", "operation", "jshmem ns", "raw ns", "ratio",
                "jshmem min", "raw min", "ratio");
        for (Map.Entry<String, Object> e : results.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) e.getValue();
            System.out.printf("%-22s %12.2f %12.2f %8.3f   %12.2f %12.2f %8.3f%n", e.getKey(),
                    (double) m.get("jshmem_ns"), (double) m.get("raw_ns"), (double) m.get("ratio"),
                    (double) m.get("jshmem_min_ns"), (double) m.get("raw_min_ns"), (double) m.get("min_ratio"));
        }
    }
}
