package io.jshmem.bench.report;

import io.jshmem.bench.CaseResult;
import io.jshmem.bench.ResultsDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report generator on synthetic results (known ratios): artefacts, verdicts, the barrier plot and the
 * generated block of the docs. The real pipeline runs in {@link CompareOshmemPipelineTest}.
 */
class CompareReportTest {
    private static final long[] SIZES = {8, 1024, 1 << 20, 8 << 20};

    private static CaseResult c(String bench, String metric, long size, double ns) {
        return new CaseResult(bench, bench, metric, size, 100, 10, 3, ns, new double[]{ns, ns, ns}, ns, ns, ns, ns,
                ns, size > 0 ? size * 1000.0 / ns : null, 1000.0 / ns, null);
    }

    /** jshmem is {@code factor} times OSHMEM on every case. */
    private static void writeResults(Path dir, double factor) throws IOException {
        for (String impl : RunResults.IMPLS) {
            double f = impl.equals("jshmem") ? factor : 1;
            for (int run = 1; run <= 2; run++) {
                ResultsDocument d = new ResultsDocument(impl, impl + "-test", 2, "host", "2026-01-01T00:00:00Z");
                for (long s : SIZES) {
                    for (String b : List.of("put_lat", "get_lat", "broadcast", "fcollect", "sum_reduce")) {
                        d.results().add(c(b, "latency", s, f * (100 + s / 10.0)));
                    }
                    d.results().add(c("put_bw", "bandwidth", s, f * (50 + s / 20.0)));
                    d.results().add(c("get_bw", "bandwidth", s, f * (50 + s / 20.0)));
                }
                for (String b : List.of("atomic_fetch_add", "atomic_compare_swap", "atomic_swap", "atomic_fetch")) {
                    d.results().add(c(b, "latency", 8, f * 40));
                }
                d.results().add(c("p_pingpong", "half_round_trip", 8, f * 100));
                d.results().add(c("barrier_all", "latency", 0, f * 300));
                d.write(dir.resolve(impl + "-r" + run + "-all.json"));
            }
        }
        Files.writeString(dir.resolve("limits.json"), """
                {"schema": "machine-limits/1", "cpus": 2, "cpu_model": "test", "memcpy": [
                  {"size": 8, "ns": 2, "gb_per_s": 4}, {"size": 1048576, "ns": 60000, "gb_per_s": 17.5},
                  {"size": 8388608, "ns": 800000, "gb_per_s": 10.5}],
                 "cacheline_pingpong_half_rtt_ns": 50, "cacheline_pingpong_best_ns": 45,
                 "flag_pingpong_half_rtt_ns": 80, "atomic_fetch_add_uncontended_ns": 5}
                """);
    }

    private static void writeBarrier(Path dir, int... pes) throws IOException {
        Files.createDirectories(dir);
        for (int n : pes) {
            Files.writeString(dir.resolve("barrier_" + n + "pe.json"), "{\"pes\": " + n + ", \"barrierAll_vs_team_"
                    + "barrier\": {\"barrierAll_ns\": " + 1000.0 * n + ", \"team_barrier_ns\": " + 1100.0 * n
                    + ", \"barrierAll_best_ns\": " + 900.0 * n + "}}");
        }
    }

    private static void writeGate(Path dir, int pes, double overhead) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("putmem_" + pes + "pe.json"), "{\"world_size\": " + pes + ", \"bytes\": 8388608,"
                + " \"jshmem_ns_per_op\": " + (1000 * (1 + overhead / 100)) + ", \"raw_ns_per_op\": 1000, "
                + "\"libc_memcpy_ns_per_op\": 1010, \"overhead_percent\": " + overhead + ", \"threshold_percent\": 5,"
                + " \"passed\": " + (overhead <= 5) + "}");
    }

    private static void writeUcx(Path file, double pingPongUs) throws IOException {
        StringBuilder sb = new StringBuilder("{\"transport\": \"UCX_TLS=tcp UCX_NET_DEVICES=lo\", \"rounds\": 3");
        for (String m : List.of("put_8B_quiet", "put_8B_pingpong", "get_8B", "fadd_8B")) {
            double j = m.equals("put_8B_pingpong") ? pingPongUs : 9.0;
            sb.append(", \"").append(m).append("\": {\"unit\": \"us\", \"jshmem_median\": ").append(j)
                    .append(", \"perftest_median\": 10.0}");
        }
        Files.writeString(file, sb.append("}").toString());
    }

    private static void writeRaw(Path file, double putNs, double getNs) throws IOException {
        Files.writeString(file, "{\"put_8B_quiet\": {\"jshmem_ns\": " + putNs + ", \"raw_ns\": 10.0, \"ratio\": "
                + putNs / 10 + "}, \"get_8B\": {\"jshmem_ns\": " + getNs + ", \"raw_ns\": 10.0, \"ratio\": "
                + getNs / 10 + "}, \"put_8MiB_quiet\": {\"jshmem_ns\": 1, \"raw_ns\": 1}}");
    }

    private static String smallRmaRow(Path out) throws IOException {
        return Files.readString(out.resolve("summary.md")).lines()
                .filter(l -> l.startsWith("| put 8 B + quiet, get 8 B |")).findFirst().orElseThrow();
    }

    @Test
    void theSmallPutAndGetGoalAlsoNeedsTheRawBaseline(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        writeResults(results, 0.4);
        // 0.4x OSHMEM, but without RmaVsRawBench's figures half of the goal is unmeasured.
        Path none = dir.resolve("none");
        assertEquals(0, run("--results", results.toString(), "--out", none.toString()));
        assertTrue(smallRmaRow(none).endsWith("not compared here: the raw store/load baseline: RmaVsRawBench "
                + "| not measured |"), smallRmaRow(none));
        // Within 1.1x of the raw store and load: met.
        writeRaw(dir.resolve("near.json"), 10.5, 11.0);
        Path near = dir.resolve("near");
        assertEquals(0, run("--results", results.toString(), "--out", near.toString(), "--raw",
                dir.resolve("near.json").toString()));
        assertTrue(smallRmaRow(near).contains("| ≤ 1.0× OSHMEM and ≤ 1.1× the raw store/load |"), smallRmaRow(near));
        assertTrue(smallRmaRow(near).contains("(RmaVsRawBench): put_8B_quiet 1.05× (10.5 ns vs 10.0 ns), get_8B "
                + "1.10× (11.0 ns vs 10.0 ns) | met |"), smallRmaRow(near));
        // A get 1.5x the raw load misses the goal, whatever OSHMEM's ratio.
        writeRaw(dir.resolve("far.json"), 10.5, 15.0);
        Path far = dir.resolve("far");
        assertEquals(0, run("--results", results.toString(), "--out", far.toString(), "--raw",
                dir.resolve("far.json").toString()));
        assertTrue(smallRmaRow(far).contains("get_8B 1.50× (15.0 ns vs 10.0 ns) | missed |"), smallRmaRow(far));
    }

    private static int run(String... args) {
        return new CommandLine(new CompareReport()).execute(args);
    }

    @Test
    void writesEveryArtefactAndJudgesEachGoal(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        writeResults(results, 0.4);
        writeGate(dir.resolve("gates"), 2, 1.5);
        writeGate(dir.resolve("gates"), 4, 2.5);
        writeGate(dir.resolve("gates"), 8, 7.0);
        writeBarrier(dir.resolve("barrier"), 2, 4, 8, 16, 32, 64);
        Path out = dir.resolve("report");
        Path docs = dir.resolve("docs/performance.md");
        writeUcx(dir.resolve("ucx.json"), 12.0);
        Path readme = dir.resolve("README.md");
        Files.writeString(readme, "# jshmem\n\nIntro.\n");
        assertEquals(0, run("--results", results.toString(), "--gates", dir.resolve("gates").toString(), "--barrier",
                dir.resolve("barrier").toString(), "--out", out.toString(), "--docs", docs.toString(), "--docs",
                readme.toString(),
                "--load-before", "0.10 0.20 0.30", "--ucx", dir.resolve("ucx.json").toString()));
        List<String> pngs = ReportArtefacts.check(out, 12);
        assertTrue(pngs.containsAll(List.of("put_lat.png", "get_lat.png", "put_bw.png", "get_bw.png",
                "broadcast.png", "scalars.png", "barrier_scale.png")), pngs.toString());

        String summary = Files.readString(out.resolve("summary.md"));
        // 0.4x OSHMEM everywhere: the 0.5x goals are met, the 0.25x-type absolute goals come from their own files.
        assertTrue(summary.contains("| fetch-add, compare-swap, swap, fetch | ≤ 0.5× OSHMEM | fetch-add 0.40×"),
                summary);
        assertTrue(summary.contains("| sum reduction 1 MiB of longs | ≤ 0.6× OSHMEM | sum-reduce 1 MiB 0.40× (p50 "
                + "0.40×) | met |"), summary);
        // The large copies beside the same run's memcpy in C: 1 MiB 60 us; put and get take 0.4 x 104.96 us in
        // jshmem and 104.96 us in OSHMEM (100 ns + size / 10 in the test data).
        assertTrue(summary.contains("; libc memcpy in C in the same run (the machine's copy time, not a bound): 1 MiB "
                + "60.0 µs (put / get: jshmem 42.0 µs / 42.0 µs, OSHMEM 105 µs / 105 µs), 8 MiB 800 µs"), summary);
        // The ping-pong is 40 ns against a 50 ns cache line hand-off: both bounds hold.
        assertTrue(summary.contains("0.80× the cache-line ping-pong"), summary);
        // ... and half the two-process flag pattern's 80 ns, said beside the goal's bounds.
        assertTrue(summary.contains("0.50× the same two-process flag pattern in C (80.0 ns)"), summary);
        assertTrue(Files.readString(out.resolve("index.html")).contains("flag ping-pong of two processes"));
        // Barrier 8 PEs 8 µs, 32 PEs 32 µs: within 0.25 ms and 1 ms.
        assertTrue(summary.contains("| barrier, 8 and 32 PEs on 2 cores | ≤ 0.25 ms and ≤ 1 ms per barrier | 8 PEs "
                + "8.00 µs, 32 PEs 32.0 µs | met |"), summary);
        // The 8-PE gate is above 5 %.
        assertTrue(summary.contains("8 PEs 8 MiB +7.0 % | missed |"), summary);
        assertTrue(summary.contains("load average 0.10 0.20 0.30 at the start"), summary);
        assertTrue(summary.contains("| 64 PEs | 64.0 µs |"), summary);
        // UCX: every latency at 0.9x ucx_perftest but the ping-pong at 1.2x: all within 1.3x.
        assertTrue(summary.contains("| UCX ping-pong, put 8 B + quiet, get 8 B, fetch-add over tcp loopback | ≤ 1.3× "
                + "ucx_perftest | put_8B_pingpong 1.20× (12.0 vs 10.0 µs), put_8B_quiet 0.90×"), summary);
        assertTrue(summary.contains("(UCX_TLS=tcp UCX_NET_DEVICES=lo) | met |"), summary);

        String doc = Files.readString(docs);
        assertEquals(summary.strip(), GeneratedBlock.content(doc));
        assertTrue(doc.startsWith("# Performance"));
        assertEquals(summary.strip(), GeneratedBlock.content(Files.readString(readme)));
        assertTrue(Files.readString(readme).startsWith("# jshmem\n\nIntro.\n"));
    }

    @Test
    void slowerJshmemMissesTheRatioGoalsAndMissingCasesAreNotMeasured(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        writeResults(results, 1.5);
        Path out = dir.resolve("report");
        assertEquals(0, run("--results", results.toString(), "--out", out.toString()));
        ReportArtefacts.check(out, 12);
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("| barrierAll | ≤ 0.7× OSHMEM | barrierAll 1.50× (p50 1.50×) | missed |"),
                summary);
        assertTrue(summary.contains("| overhead gate, 8 MiB, 2/4/8 PEs | ≤ 5 % | gate not run"), summary);
        assertTrue(summary.contains("no barrier series in this run"), summary);
        assertTrue(summary.contains("over tcp loopback | ≤ 1.3× ucx_perftest | not part of this comparison"),
                summary);
        assertFalse(Files.exists(out.resolve("barrier_scale.png")));
    }

    /** OSHMEM's broadcast and fcollect with --mca scoll basic, {@code factor} times the default's test figures. */
    private static void writeScollBasic(Path dir, double factor, String impl) throws IOException {
        ResultsDocument d = new ResultsDocument(impl, "oshmem-test", 2, "host", "2026-01-01T00:00:00Z");
        for (long s : SIZES) {
            for (String b : List.of("broadcast", "fcollect")) {
                d.results().add(c(b, "latency", s, factor * (100 + s / 10.0)));
            }
        }
        d.write(dir.resolve("oshmem_basic-r1-broadcast.json"));
    }

    private static String collective1MibRow(Path out) throws IOException {
        return Files.readString(out.resolve("summary.md")).lines()
                .filter(l -> l.startsWith("| broadcast, fcollect 1 MiB")).findFirst().orElse("");
    }

    @Test
    void collectivesOf1MibAreJudgedAgainstOshmemsFasterAlgorithm(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        writeResults(results, 0.4);
        // Without the scoll basic run the goal cannot be met: the faster algorithm was not measured.
        Path none = dir.resolve("none");
        assertEquals(0, run("--results", results.toString(), "--out", none.toString()));
        assertTrue(collective1MibRow(none).contains("broadcast 1 MiB 0.40× (jshmem 42.0 µs; OSHMEM 105 µs default, "
                + "not run scoll basic)"), collective1MibRow(none));
        assertTrue(collective1MibRow(none).endsWith("not run here (bench/compare-oshmem runs it) | not measured |"),
                collective1MibRow(none));
        // scoll basic at 0.3x the default: faster than jshmem's 0.4x, so the goal is missed at 1.33x.
        writeScollBasic(results, 0.3, "oshmem");
        Path faster = dir.resolve("faster");
        assertEquals(0, run("--results", results.toString(), "--out", faster.toString()));
        assertTrue(collective1MibRow(faster).contains("broadcast 1 MiB 1.33× (jshmem 42.0 µs; OSHMEM 105 µs "
                + "default, 31.5 µs scoll basic)"), collective1MibRow(faster));
        assertTrue(collective1MibRow(faster).endsWith("| missed |"), collective1MibRow(faster));
        assertTrue(Files.isRegularFile(faster.resolve("broadcast.png")));
        // scoll basic slower than the default: the default is the best, and jshmem's 0.4x meets the goal.
        writeScollBasic(results, 2.0, "oshmem");
        Path slower = dir.resolve("slower");
        assertEquals(0, run("--results", results.toString(), "--out", slower.toString()));
        assertTrue(collective1MibRow(slower).contains("fcollect 1 MiB 0.40× (jshmem 42.0 µs; OSHMEM 105 µs default, "
                + "210 µs scoll basic) | met |"), collective1MibRow(slower));
        // A basic-run file must be OSHMEM's: another library's figures under that name are refused.
        writeScollBasic(results, 0.3, "jshmem");
        assertEquals(2, run("--results", results.toString(), "--out", dir.resolve("wrong").toString()));
    }

    @Test
    void aUcxPingPongAboveTheBoundMissesTheUcxGoal(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        writeResults(results, 0.4);
        writeUcx(dir.resolve("ucx.json"), 15.0);
        Path out = dir.resolve("report");
        assertEquals(0, run("--results", results.toString(), "--out", out.toString(), "--ucx",
                dir.resolve("ucx.json").toString()));
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("put_8B_pingpong 1.50× (15.0 vs 10.0 µs)"), summary);
        assertTrue(summary.contains("(UCX_TLS=tcp UCX_NET_DEVICES=lo) | missed |"), summary);
    }

    @Test
    void aResultsDirectoryWithoutOshmemIsRefused(@TempDir Path dir) throws IOException {
        ResultsDocument d = new ResultsDocument("jshmem", "x", 2, "h", "t");
        d.results().add(c("put_lat", "latency", 8, 10));
        d.write(dir.resolve("jshmem-r1-x.json"));
        assertEquals(2, run("--results", dir.toString(), "--out", dir.resolve("r").toString()));
        assertFalse(Files.exists(dir.resolve("r/index.html")));
    }

    @Test
    void theGeneratedBlockReplacesOnlyItsOwnText() {
        String doc = "# Performance\n\nHand-written intro.\n\n" + GeneratedBlock.BEGIN + "\nold\n" + GeneratedBlock.END
                + "\n\n## Hand-written tail\n";
        String updated = GeneratedBlock.replace(doc, "## Latest comparison\n\nnew\n");
        assertEquals("# Performance\n\nHand-written intro.\n\n" + GeneratedBlock.BEGIN
                + "\n## Latest comparison\n\nnew\n" + GeneratedBlock.END + "\n\n## Hand-written tail\n", updated);
        assertEquals(updated, GeneratedBlock.replace(updated, "## Latest comparison\n\nnew\n"));
        String appended = GeneratedBlock.replace("# Doc\n", "x");
        assertEquals("# Doc\n\n" + GeneratedBlock.BEGIN + "\nx\n" + GeneratedBlock.END + "\n", appended);
        assertThrows(IllegalArgumentException.class, () -> GeneratedBlock.replace(appended + appended, "y"));
    }

    @Test
    void theCommittedPerformanceDocHoldsOneGeneratedSummary() throws IOException {
        // Surefire runs in the module directory; the docs live at the repository root.
        Path doc = Path.of("..", "docs", "performance.md");
        assertTrue(Files.isRegularFile(doc), "docs/performance.md is missing; bench/compare-oshmem writes it");
        String text = Files.readString(doc);
        String block = GeneratedBlock.content(text);
        assertNotNull(block, "docs/performance.md has no generated block");
        assertEquals(text.indexOf(GeneratedBlock.BEGIN), text.lastIndexOf(GeneratedBlock.BEGIN));
        assertTrue(block.startsWith(SummaryMarkdown.HEADING), block);
        assertTrue(block.lines().anyMatch(SummaryMarkdown.GOALS_HEADER::equals), block);
        // The README's "Latest comparison" is the same generated block (bench/compare-oshmem rewrites both).
        String readme = Files.readString(Path.of("..", "README.md"));
        assertEquals(readme.indexOf(GeneratedBlock.BEGIN), readme.lastIndexOf(GeneratedBlock.BEGIN));
        assertEquals(block, GeneratedBlock.content(readme), "README.md's generated block differs from "
                + "docs/performance.md's: rerun bench/compare-oshmem (it rewrites both)");
    }
}
