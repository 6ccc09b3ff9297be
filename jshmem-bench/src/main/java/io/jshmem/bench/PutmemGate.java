package io.jshmem.bench;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.Stream;
import io.jshmem.SymmetricMemory;
import io.jshmem.memory.CopyRoutine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The overhead gate, CANN SHMEM's putmem_on_stream Python-vs-C check carried over as jshmem API vs the raw path: on the
 * same instance, with the same symmetric buffers, size and ring route (PE p writes to PE p+1), it times {@code putmem +
 * quiet} against a plain {@code MemorySegment.copy} into the peer's mapped heap followed by a full fence. The paths are
 * warmed up until the JIT is quiet on every PE ({@link GateWarmup}: passes of every path until a stretch of them as
 * long as the rounds compiled nothing, at most {@code --warmup-max-seconds}), then every round runs the paths (jshmem
 * and raw alternating first, every PE at once, a barrier before each); per round the figure of a path is the slowest
 * PE's, and the gate's overhead is the median over rounds of the same-round ratio jshmem / raw (see {@link
 * GateReport}). A third, informational path copies with libc {@code memcpy} (what jshmem itself uses from {@code
 * JSHMEM_MEMCPY_THRESHOLD} up where {@code JSHMEM_LARGE_COPY} chose it), so the report shows both raw baselines, and
 * the JSON records the large-copy plan PE 0's init chose ({@code large_copy_plan}), what the warm-up did ({@code
 * warmup_*}) and how long each PE's JIT compiled during each path's timed phases ({@code compile_ms_in_rounds}).
 * Finally every PE checks that the first and last bytes of its receive buffer equal previous PE + 1.
 *
 * <p>Run: {@code bin/shmemrun -np 2 io.jshmem.bench.PutmemGate} or {@code NPROC_PER_NODE=8 bench/putmem-gate}.
 * Options fall back to the environment ({@code PERF_BYTES, PERF_ITERATIONS, PERF_WARMUP, PERF_ROUNDS,
 * PERF_THRESHOLD_PERCENT, PERF_WARMUP_MAX_SECONDS}, and {@code NPROC_PER_NODE} as the expected PE count), then to
 * the defaults 8 MiB, 100, 50 per pass, 11, 5 %, 60 s. PE 0 writes {@code results/putmem_<N>pe.json}; every PE
 * exits 1 when the gate fails.
 *
 * <p>{@code --mode stream} (env {@code PERF_MODE}) is CANN's putmem_on_stream gate instead ({@link StreamGate}):
 * {@code Stream.putmem} x iterations + {@code synchronize} against the raw copy, JSON in the seed's fields
 * ({@link StreamGateReport}), default output {@code results/putmem_on_stream_<N>pe.json}.
 */
@Command(name = "putmem-gate", mixinStandardHelpOptions = true,
        description = "jshmem putmem vs a raw copy into the mapped peer heap; fails above the overhead threshold")
public final class PutmemGate implements Callable<Integer> {
    @Option(names = "--bytes", description = "bytes per put (env PERF_BYTES; default ${DEFAULT-VALUE})",
            defaultValue = "${env:PERF_BYTES:-8m}")
    String bytesText;
    @Option(names = "--iterations", description = "puts per path per round (env PERF_ITERATIONS; default "
            + "${DEFAULT-VALUE})", defaultValue = "${env:PERF_ITERATIONS:-100}")
    int iterations;
    @Option(names = "--warmup", description = "untimed puts per path in each warm-up pass (env PERF_WARMUP; default "
            + "${DEFAULT-VALUE})", defaultValue = "${env:PERF_WARMUP:-50}")
    int warmup;
    @Option(names = "--rounds", description = "rounds (env PERF_ROUNDS; default ${DEFAULT-VALUE})",
            defaultValue = "${env:PERF_ROUNDS:-11}")
    int rounds;
    @Option(names = "--warmup-max-seconds", description = "the warm-up repeats its passes (--warmup copies per path"
            + " each) until a stretch of them as long as the rounds compiled nothing on any PE, for at most this long"
            + " (env PERF_WARMUP_MAX_SECONDS; default ${DEFAULT-VALUE})",
            defaultValue = "${env:PERF_WARMUP_MAX_SECONDS:-60}")
    double warmupMaxSeconds;
    @Option(names = "--threshold-percent", description = "largest overhead that passes (env PERF_THRESHOLD_PERCENT;"
            + " default ${DEFAULT-VALUE})", defaultValue = "${env:PERF_THRESHOLD_PERCENT:-5}")
    double thresholdPercent;
    @Option(names = "--pes", description = "expected PE count, 0 for any (env NPROC_PER_NODE; default "
            + "${DEFAULT-VALUE})", defaultValue = "${env:NPROC_PER_NODE:-0}")
    int expectedPes;
    @Option(names = "--mode", description = "putmem (putmem + quiet per op) or stream (Stream.putmem x iterations +"
            + " synchronize, CANN's putmem_on_stream gate) (env PERF_MODE; default ${DEFAULT-VALUE})",
            defaultValue = "${env:PERF_MODE:-putmem}")
    String mode;
    @Option(names = "--output", paramLabel = "FILE", description = "JSON file (default results/putmem_<N>pe.json,"
            + " results/putmem_on_stream_<N>pe.json in stream mode)")
    Path output;
    /** Test hook: PE 0 corrupts the last byte it sends, so the data check must fail. */
    @Option(names = "--corrupt-for-test", hidden = true)
    boolean corruptForTest;

    public static void main(String[] args) {
        System.exit(new CommandLine(new PutmemGate()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        long bytes;
        try {
            bytes = Sizes.parse("--bytes", bytesText);
        } catch (IllegalArgumentException e) {
            System.err.println("putmem-gate: " + e.getMessage());
            return 2;
        }
        String bad = validate(bytes);
        if (bad != null) {
            System.err.println("putmem-gate: " + bad);
            return 2;
        }
        try (ShmemRuntime shmem = Shmem.init()) {
            if (expectedPes > 0 && expectedPes != shmem.nPes()) {
                if (shmem.myPe() == 0) {
                    System.err.println("putmem-gate: NPROC_PER_NODE/--pes = " + expectedPes + " but the job has "
                            + shmem.nPes() + " PEs; start it with shmemrun -np " + expectedPes);
                }
                return 2;
            }
            return run(shmem, bytes);
        }
    }

    private String validate(long bytes) {
        if (bytes < 1) {
            return "--bytes = " + bytesText + " is below 1; pass 1 or more (e.g. 8m)";
        }
        if (iterations < 1) {
            return "--iterations = " + iterations + " is below 1; pass 1 or more";
        }
        if (warmup < 0) {
            return "--warmup = " + warmup + " is negative; pass 0 or more";
        }
        if (!(warmupMaxSeconds >= 0 && warmupMaxSeconds <= 3600)) {
            return "--warmup-max-seconds = " + warmupMaxSeconds + " is outside 0..3600; pass seconds in that range";
        }
        if (rounds < 1 || rounds > 1000) {
            return "--rounds = " + rounds + " is outside 1..1000; pass a count in that range";
        }
        if (!mode.equals("putmem") && !mode.equals("stream")) {
            return "--mode = " + mode + " is not a gate mode; pass putmem or stream";
        }
        if (!(thresholdPercent >= 0)) {
            return "--threshold-percent = " + thresholdPercent + " is negative; pass 0 or more";
        }
        return null;
    }

    private int run(ShmemRuntime shmem, long bytes) throws IOException {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        SymmetricMemory src = shmem.malloc(bytes);
        SymmetricMemory dst = shmem.malloc(bytes);
        SymmetricMemory verdict = shmem.malloc(8);
        src.local().fill((byte) (me + 1));
        dst.local().fill((byte) 0);
        MemorySegment peerDst = dst.ptr(next).orElseThrow(() -> new IllegalStateException("PE " + next
                + "'s heap is not mapped on PE " + me + ": the raw path needs every PE on one host with the SHM "
                + "engine; run the gate on one host without JSHMEM_ENGINE=ucx"));
        if (mode.equals("stream")) {
            int code = runStream(shmem, src, dst, peerDst, verdict, bytes, prev);
            shmem.free(verdict);
            shmem.free(dst);
            shmem.free(src);
            return code;
        }
        GatePaths paths = new GatePaths(shmem, src, dst, peerDst, bytes, next);
        int paths3 = GatePaths.Path.values().length;
        int code;
        try (PeGather gather = new PeGather(shmem, GateReport.rowLength(rounds))) {
            GateWarmup.Result warm = GateWarmup.run(shmem, gather, paths, warmup, (long) rounds * iterations,
                    Math.round(warmupMaxSeconds * 1e9));
            double[][] perRound = new double[paths3][rounds];
            long[] compileMs = new long[paths3];
            for (int r = 0; r < rounds; r++) {
                for (GatePaths.Path p : GatePaths.order(r)) {
                    shmem.barrierAll();
                    long jit = JitClock.millis();
                    perRound[p.ordinal()][r] = paths.time(p, iterations) / iterations;
                    compileMs[p.ordinal()] += JitClock.millis() - jit;
                }
            }
            // The data check: one more jshmem put, so the bytes seen are the ones the API delivered.
            if (corruptForTest && me == 0) {
                src.local().set(ValueLayout.JAVA_BYTE, bytes - 1, (byte) (me + 2));
            }
            shmem.barrierAll();
            paths.time(GatePaths.Path.JSHMEM, 1);
            shmem.barrierAll();
            byte expected = (byte) (prev + 1);
            byte first = dst.local().get(ValueLayout.JAVA_BYTE, 0);
            byte last = dst.local().get(ValueLayout.JAVA_BYTE, bytes - 1);
            boolean dataOk = first == expected && last == expected;

            double[][] all = gather.gather(GateReport.row(perRound, dataOk, first, last, compileMs));
            if (me == 0) {
                GateReport report = GateReport.of(all, n, bytes, iterations, warmup, rounds, thresholdPercent, warm);
                // Which routine jshmem's large copies use here (JSHMEM_LARGE_COPY; measured at init when auto).
                report.json().put("large_copy_plan", CopyRoutine.plan());
                System.out.println("large copies: " + CopyRoutine.plan());
                System.out.println(GateReport.describe(warm));
                Path out = output != null ? output : Path.of("results", "putmem_" + n + "pe.json");
                report.write(out);
                System.out.println(report.summary());
                System.out.println("wrote " + out);
                code = report.passed() ? 0 : 1;
                for (int pe = 0; pe < n; pe++) {
                    shmem.p(ValueLayout.JAVA_LONG, verdict, 0, (long) code, pe);
                }
            }
            shmem.barrierAll();
            code = (int) verdict.local().get(ValueLayout.JAVA_LONG, 0);
        }
        shmem.free(verdict);
        shmem.free(dst);
        shmem.free(src);
        return code;
    }

    private int runStream(ShmemRuntime shmem, SymmetricMemory src, SymmetricMemory dst, MemorySegment peerDst,
                          SymmetricMemory verdict, long bytes, int prev) throws IOException {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int code = 0;
        try (PeGather gather = new PeGather(shmem, 2 * rounds + 3)) {
            double[] mine;
            GateWarmup.Result warm;
            try (Stream stream = shmem.createStream()) {
                StreamGate gate = new StreamGate(shmem, stream, src, dst, peerDst, bytes, (me + 1) % n);
                warm = gate.warmUp(gather, warmup, iterations, rounds, Math.round(warmupMaxSeconds * 1e9));
                mine = gate.measure(iterations, rounds, corruptForTest, prev);
            }
            double[][] all = gather.gather(mine);
            if (me == 0) {
                Map<String, Object> f = StreamGateReport.of(all, n, bytes, iterations, warmup, rounds,
                        thresholdPercent);
                GateReport.putWarmup(f, warm);
                System.out.println(GateReport.describe(warm));
                boolean passed = (Boolean) f.get("passed");
                GateReport report = GateReport.ofFields(f, passed, StreamGateReport.summary(f));
                Path out = output != null ? output : Path.of("results", "putmem_on_stream_" + n + "pe.json");
                report.write(out);
                System.out.println(report.summary());
                System.out.println("wrote " + out);
                code = passed ? 0 : 1;
                for (int pe = 0; pe < n; pe++) {
                    shmem.p(ValueLayout.JAVA_LONG, verdict, 0, (long) code, pe);
                }
            }
            shmem.barrierAll();
            code = (int) verdict.local().get(ValueLayout.JAVA_LONG, 0);
        }
        return code;
    }
}
