package io.jshmem.bench;

import com.google.gson.GsonBuilder;
import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The UCX engine against UCX's own {@code ucx_perftest} over the same transport, in the same run: rounds alternate
 * between jshmem (two PEs, network engine forced) and a {@code ucx_perftest} server/client pair, and the report
 * gives the median of each over the rounds. PE 0 measures and runs ucx_perftest; PE 1 is the target, whose main
 * thread sleeps (only its UCX progress thread serves) except during the ping-pong.
 *
 * <table>
 *   <caption>What is compared</caption>
 *   <tr><th>metric</th><th>jshmem (median per operation)</th><th>ucx_perftest</th></tr>
 *   <tr><td>put_8B_quiet</td><td>{@code p(long)} + {@code quiet()}: a full round trip (the flush waits for the
 *       target's acknowledgement)</td><td>twice {@code ucp_put_lat -s 8}, 50th percentile (put_lat is a
 *       ping-pong halved; doubled it is a round trip, as the issue asks: round trips against round
 *       trips)</td></tr>
 *   <tr><td>put_8B_pingpong</td><td>ping-pong of 8 B puts, each side waiting for the other's value; the round
 *       trip halved like ucx_perftest's</td><td>{@code ucp_put_lat -s 8}, 50th percentile</td></tr>
 *   <tr><td>get_8B</td><td>{@code g(long)} (a blocking get, a round trip)</td><td>{@code ucp_fadd -s 8},
 *       50th percentile: also one round trip carrying 8 bytes back. {@code ucp_get} is a bandwidth-type test in
 *       ucx_perftest (its latency column read 1.1 ms for 8 B over tcp loopback), so it is no latency
 *       baseline</td></tr>
 *   <tr><td>fadd_8B</td><td>{@code atomicFetchAddLong}</td><td>{@code ucp_fadd -s 8}, 50th percentile</td></tr>
 *   <tr><td>put_bw_1MiB</td><td>{@code putmemNbi} of 1 MiB, quiet every {@code --bw-window} puts; MiB/s
 *       </td><td>{@code ucp_put_bw -s 1048576}, overall MB/s (MB = 2^20 bytes)</td></tr>
 * </table>
 *
 * <p>Run (UCX's tcp transport on loopback; the same UCX variables reach ucx_perftest):
 * <pre>
 * UCX_TLS=tcp UCX_NET_DEVICES=lo bin/shmemrun -np 2 --env JSHMEM_ENGINE=ucx io.jshmem.bench.UcxVsPerftestBench
 * </pre>
 */
@Command(name = "ucx-vs-perftest", mixinStandardHelpOptions = true,
        description = "jshmem's UCX engine vs ucx_perftest: put 8 B + quiet, fetch-add, 1 MiB put bandwidth")
public final class UcxVsPerftestBench implements Callable<Integer> {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final long FLAG_DONE = Long.MAX_VALUE;

    @Option(names = "--rounds", description = "measured rounds of each side (default ${DEFAULT-VALUE})")
    int rounds = 7;
    @Option(names = "--lat-iterations", description = "operations per latency round (default ${DEFAULT-VALUE})")
    int latIterations = 10_000;
    @Option(names = "--warmup", description = "warm-up operations before each latency round (default ${DEFAULT-VALUE})")
    int warmup = 1_000;
    @Option(names = "--bw-iterations", description = "1 MiB puts per bandwidth round (default ${DEFAULT-VALUE})")
    int bwIterations = 200;
    @Option(names = "--bw-window", description = "puts between quiets in the bandwidth test (default ${DEFAULT-VALUE})")
    int bwWindow = 16;
    @Option(names = "--perftest", description = "the ucx_perftest binary (default ${DEFAULT-VALUE})")
    String perftest = "ucx_perftest";
    @Option(names = "--port", description = "first TCP port for ucx_perftest's exchange (default ${DEFAULT-VALUE})")
    int port = 23_500;
    @Option(names = "--output", description = "JSON results file (default ${DEFAULT-VALUE})")
    Path output = Path.of("results/ucx_vs_perftest.json");

    private int nextPort;

    public static void main(String[] args) {
        System.exit(new CommandLine(new UcxVsPerftestBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        nextPort = port;
        ShmemRuntime shmem = Shmem.init();
        try (Arena arena = Arena.ofConfined()) {
            if (shmem.nPes() != 2) {
                System.err.println("ucx-vs-perftest needs exactly 2 PEs: UCX_TLS=tcp UCX_NET_DEVICES=lo bin/shmemrun"
                        + " -np 2 --env JSHMEM_ENGINE=ucx io.jshmem.bench.UcxVsPerftestBench");
                return 2;
            }
            SymmetricMemory words = shmem.calloc(8, Long.BYTES);
            SymmetricMemory large = shmem.malloc(1 << 20);
            boolean network = words.ptr(1 - shmem.myPe()).isEmpty();
            shmem.barrierAll();
            if (!network) {
                if (shmem.myPe() == 0) {
                    System.err.println("the peer is reached through shared memory, not UCX: run with --env"
                            + " JSHMEM_ENGINE=ucx (and UCX_TLS=tcp UCX_NET_DEVICES=lo)");
                }
                shmem.close();
                return 2;
            }
            if (shmem.myPe() == 1) {
                serve(words);
            } else {
                measureAll(shmem, words, large, arena);
            }
            shmem.barrierAll();
            shmem.free(large);
            shmem.free(words);
        }
        shmem.close();
        return 0;
    }

    /**
     * PE 1: sleeps while PE 0 measures; word 0 says what to do: a value R above the last one asks for a ping-pong
     * that ends when R arrives in word 1, {@link #FLAG_DONE} ends. Sleeping in 1 ms steps keeps the cores free for
     * PE 0 and for this PE's UCX progress thread, which serves PE 0's puts and atomics.
     */
    private static void serve(SymmetricMemory words) throws InterruptedException {
        long handled = 0;
        long last = 0;
        while (true) {
            long request = words.local().getAtIndex(LONG, 0);
            if (request == FLAG_DONE) {
                return;
            }
            if (request > handled) {
                // Echo every value PE 0 puts into word 1 until the last one of this ping-pong.
                while (last < request) {
                    Shmem.waitUntilLong(words, 1, Cmp.GT, last);
                    last = words.local().getAtIndex(LONG, 1);
                    Shmem.p(words, 1, last, 0);
                }
                handled = request;
            }
            Thread.sleep(1);
        }
    }

    private void measureAll(ShmemRuntime shmem, SymmetricMemory words, SymmetricMemory large, Arena arena)
            throws Exception {
        MemorySegment src = arena.allocate(1 << 20, 4096);
        src.fill((byte) 7);
        Map<String, double[][]> figures = new LinkedHashMap<>();
        for (String metric : List.of("put_8B_quiet", "put_8B_pingpong", "get_8B", "fadd_8B",
                "put_bw_1MiB")) {
            figures.put(metric, new double[2][rounds]);
        }
        for (int r = 0; r < rounds; r++) {
            boolean jshmemFirst = (r & 1) == 0;
            for (int side = 0; side < 2; side++) {
                if ((side == 0) == jshmemFirst) {
                    figures.get("put_8B_quiet")[0][r] = putQuiet(shmem, words);
                    figures.get("put_8B_pingpong")[0][r] = pingPong(shmem, words, r);
                    figures.get("get_8B")[0][r] = getLatency(shmem, words);
                    figures.get("fadd_8B")[0][r] = fetchAdd(shmem, words);
                    figures.get("put_bw_1MiB")[0][r] = putBandwidth(shmem, large, src);
                } else {
                    double putLat = perftest("ucp_put_lat", 8, latIterations, Column.LATENCY_MEDIAN);
                    figures.get("put_8B_quiet")[1][r] = 2 * putLat;
                    figures.get("put_8B_pingpong")[1][r] = putLat;
                    double fadd = perftest("ucp_fadd", 8, latIterations, Column.LATENCY_MEDIAN);
                    figures.get("get_8B")[1][r] = fadd;
                    figures.get("fadd_8B")[1][r] = fadd;
                    figures.get("put_bw_1MiB")[1][r] = perftest("ucp_put_bw", 1 << 20, bwIterations,
                            Column.BANDWIDTH_OVERALL);
                }
            }
            System.out.printf(Locale.ROOT, "round %d: put+quiet %.2f us (perftest 2 x put_lat %.2f), ping-pong %.2f us,"
                    + " get %.2f us (perftest fadd %.2f), fadd %.2f us (perftest %.2f), put bw %.0f MiB/s (perftest %.0f)%n",
                    r, figures.get("put_8B_quiet")[0][r], figures.get("put_8B_quiet")[1][r],
                    figures.get("put_8B_pingpong")[0][r], figures.get("get_8B")[0][r], figures.get("get_8B")[1][r],
                    figures.get("fadd_8B")[0][r],
                    figures.get("fadd_8B")[1][r], figures.get("put_bw_1MiB")[0][r],
                    figures.get("put_bw_1MiB")[1][r]);
        }
        shmem.p(ValueLayout.JAVA_LONG, words, 0, FLAG_DONE, 1);
        shmem.quiet();
        report(figures);
    }

    /** Median microseconds of an 8-byte put followed by quiet. */
    private double putQuiet(ShmemRuntime shmem, SymmetricMemory words) {
        for (int i = 0; i < warmup; i++) {
            shmem.p(ValueLayout.JAVA_LONG, words, 2, (long) i, 1);
            shmem.quiet();
        }
        long[] ns = new long[latIterations];
        for (int i = 0; i < latIterations; i++) {
            long t0 = System.nanoTime();
            shmem.p(ValueLayout.JAVA_LONG, words, 2, (long) i, 1);
            shmem.quiet();
            ns[i] = System.nanoTime() - t0;
        }
        return medianMicros(ns);
    }

    /**
     * Median of half the round trip of an 8-byte ping-pong, measured like ucx_perftest's put_lat: PE 0 puts i into
     * PE 1's word 1 and waits for i in its own word 1; PE 1 (woken through word 0) waits for each i and puts it
     * back.
     */
    private double pingPong(ShmemRuntime shmem, SymmetricMemory words, int round) {
        int total = warmup + latIterations;
        long base = (long) round * total * 2 + 1_000_000_000L;
        shmem.p(ValueLayout.JAVA_LONG, words, 0, base + total, 1);
        shmem.quiet();
        long[] ns = new long[latIterations];
        for (int i = 1; i <= total; i++) {
            long t0 = System.nanoTime();
            shmem.p(ValueLayout.JAVA_LONG, words, 1, base + i, 1);
            Shmem.waitUntilLong(words, 1, Cmp.GE, base + i);
            if (i > warmup) {
                ns[i - warmup - 1] = (System.nanoTime() - t0) / 2;
            }
        }
        return medianMicros(ns);
    }

    /** Median microseconds of a blocking 8-byte get from PE 1. */
    private double getLatency(ShmemRuntime shmem, SymmetricMemory words) {
        long sink = 0;
        for (int i = 0; i < warmup; i++) {
            sink += shmem.g(ValueLayout.JAVA_LONG, words, 3, 1);
        }
        long[] ns = new long[latIterations];
        for (int i = 0; i < latIterations; i++) {
            long t0 = System.nanoTime();
            sink += shmem.g(ValueLayout.JAVA_LONG, words, 3, 1);
            ns[i] = System.nanoTime() - t0;
        }
        if (sink == Long.MIN_VALUE) {
            System.out.println("unlikely sum " + sink); // keeps the gets from being optimized away
        }
        return medianMicros(ns);
    }

    /** Median microseconds of a 64-bit fetch-add on PE 1. */
    private double fetchAdd(ShmemRuntime shmem, SymmetricMemory words) {
        for (int i = 0; i < warmup; i++) {
            Shmem.atomicFetchAddLong(words, 3, 1, 1);
        }
        long[] ns = new long[latIterations];
        for (int i = 0; i < latIterations; i++) {
            long t0 = System.nanoTime();
            Shmem.atomicFetchAddLong(words, 3, 1, 1);
            ns[i] = System.nanoTime() - t0;
        }
        return medianMicros(ns);
    }

    /** MiB/s of 1 MiB non-blocking puts, completed by a quiet every {@code bwWindow} puts and at the end. */
    private double putBandwidth(ShmemRuntime shmem, SymmetricMemory large, MemorySegment src) {
        for (int i = 0; i < bwWindow; i++) {
            shmem.putmemNbi(large, 0, src, 0, src.byteSize(), 1);
        }
        shmem.quiet();
        long t0 = System.nanoTime();
        for (int i = 1; i <= bwIterations; i++) {
            shmem.putmemNbi(large, 0, src, 0, src.byteSize(), 1);
            if (i % bwWindow == 0) {
                shmem.quiet();
            }
        }
        shmem.quiet();
        double seconds = (System.nanoTime() - t0) / 1e9;
        return bwIterations * (src.byteSize() / (double) (1 << 20)) / seconds;
    }

    private enum Column {
        /** ucx_perftest's 50th percentile latency, microseconds. */
        LATENCY_MEDIAN(1),
        /** ucx_perftest's overall bandwidth, MB/s with MB = 2^20 bytes. */
        BANDWIDTH_OVERALL(5);

        final int index;

        Column(int index) {
            this.index = index;
        }
    }

    /**
     * Runs a ucx_perftest server and client on 127.0.0.1 with this process's UCX_* environment and returns one
     * column of the client's final line. A fresh port per run, so that a server still closing cannot interfere.
     */
    private double perftest(String test, long size, int iterations, Column column) throws IOException,
            InterruptedException {
        int p = nextPort++;
        Process server = new ProcessBuilder(perftest, "-p", Integer.toString(p)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            for (int attempt = 0; attempt < 50; attempt++) {
                Thread.sleep(100);
                Process client = new ProcessBuilder(perftest, "127.0.0.1", "-p", Integer.toString(p), "-t", test,
                        "-s", Long.toString(size), "-n", Integer.toString(iterations), "-w",
                        Integer.toString(Math.min(warmup, iterations)), "-f").redirectErrorStream(true).start();
                String out = new String(client.getInputStream().readAllBytes());
                if (!client.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
                    client.destroyForcibly();
                    throw new IOException(perftest + " " + test + " did not finish within 120 s");
                }
                Double value = finalColumn(out, column);
                if (client.exitValue() == 0 && value != null) {
                    return value;
                }
                // A client that came before the server listened fails at once; the server is still waiting then.
                if (!server.isAlive() || attempt == 49) {
                    throw new IOException(perftest + " " + test + " failed (status " + client.exitValue() + "): "
                            + out.strip());
                }
            }
            throw new IllegalStateException("unreachable");
        } finally {
            server.destroyForcibly();
            server.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** The value in {@code column} of the numbers line that {@code -f} prints last, or null when there is none. */
    static Double finalColumn(String output, Column column) {
        List<String> lines = output.lines().map(String::strip).filter(l -> l.matches("[0-9].*")).toList();
        if (lines.isEmpty()) {
            return null;
        }
        String[] f = lines.get(lines.size() - 1).split("\\s+");
        return f.length > column.index ? Double.parseDouble(f[column.index]) : null;
    }

    private static double medianMicros(long[] ns) {
        long[] c = ns.clone();
        Arrays.sort(c);
        return (c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2.0) / 1000.0;
    }

    private void report(Map<String, double[][]> figures) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("transport", "UCX_TLS=" + System.getenv("UCX_TLS") + " UCX_NET_DEVICES="
                + System.getenv("UCX_NET_DEVICES"));
        json.put("rounds", rounds);
        System.out.println();
        System.out.printf(Locale.ROOT, "%-18s %14s %14s %8s  %s%n", "metric", "jshmem", "ucx_perftest", "ratio",
                "better is");
        for (Map.Entry<String, double[][]> e : figures.entrySet()) {
            boolean bandwidth = e.getKey().startsWith("put_bw");
            double j = Rounds.median(e.getValue()[0], rounds);
            double u = Rounds.median(e.getValue()[1], rounds);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("unit", bandwidth ? "MiB/s" : "us");
            m.put("jshmem_median", j);
            m.put("perftest_median", u);
            m.put(bandwidth ? "jshmem_over_perftest" : "jshmem_over_perftest_time", j / u);
            m.put("jshmem_rounds", e.getValue()[0]);
            m.put("perftest_rounds", e.getValue()[1]);
            json.put(e.getKey(), m);
            System.out.printf(Locale.ROOT, "%-18s %11.2f %-2s %11.2f %-2s %8.2f  %s%n", e.getKey(), j,
                    bandwidth ? "MiB/s" : "us", u, bandwidth ? "MiB/s" : "us", j / u, bandwidth ? "higher" : "lower");
        }
        Path out = output.toAbsolutePath();
        Files.createDirectories(out.getParent());
        Files.writeString(out, new GsonBuilder().setPrettyPrinting().create().toJson(json));
        System.out.println("wrote " + out);
    }
}
