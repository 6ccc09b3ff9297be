package io.jshmem.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code bench/compare-oshmem} end to end with tiny sizes and counts: Open MPI's OSHMEM and jshmem each run every
 * benchmark group, the machine limits and a 2-PE gate are measured, a 2- and 4-PE barrier series is taken, the five
 * real programs run on both sides at 2 PEs with tiny sizes, and the report is written; then every artefact must
 * exist and parse, and every real program must have verified on both sides with the same RESULT keys. Not a speed
 * check. Skips (visibly) only where Open MPI is missing and cannot be installed (the script installs it with apt-get
 * when run as root, as CI is).
 */
class CompareOshmemPipelineTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static boolean root() {
        try {
            Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            return p.waitFor() == 0 && out.equals("0");
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    @Timeout(900)
    void theOneCommandComparisonWritesAReportThatParses(@TempDir Path dir) throws Exception {
        boolean haveOpenMpi = onPath("oshcc") && onPath("oshrun");
        assumeTrue(haveOpenMpi || (root() && onPath("apt-get")), "Open MPI (oshcc, oshrun) is not installed and "
                + "this user cannot install it: apt-get install libopenmpi-dev openmpi-bin");
        assumeTrue(onPath("gcc") || root(), "no C compiler for bench/c: apt-get install gcc");
        Path results = dir.resolve("results");
        Path report = dir.resolve("report");
        Path docs = dir.resolve("performance.md");
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", ROOT.resolve("bench/compare-oshmem").toString(),
                "--runs", "1", "--gates", "2", "--barrier-scale", "2 4", "--",
                "--min-size", "8", "--max-size", "64", "--coll-min-size", "8", "--coll-max-size", "32",
                "--iterations", "40", "--warmup", "8", "--warmup-ms", "0", "--rounds", "3", "--window", "4"))
                .directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile());
        pb.environment().put("JSHMEM_CP", System.getProperty("java.class.path"));
        pb.environment().put("COMPARE_OUT", results.toString());
        pb.environment().put("REPORT_DIR", report.toString());
        pb.environment().put("DOCS_FILE", docs.toString());
        pb.environment().put("PERF_BYTES", "64k");
        pb.environment().put("PERF_ITERATIONS", "4");
        pb.environment().put("PERF_WARMUP", "2");
        // Tiny passes may keep the JIT busy for the whole default budget of the quiet-JIT warm-up.
        pb.environment().put("PERF_WARMUP_MAX_SECONDS", "3");
        pb.environment().put("PERF_ROUNDS", "3");
        pb.environment().put("BARRIER_OPTS", "--rounds 3 --warmup 1 --barrier-iterations 50");
        pb.environment().put("UCX_OPTS", "--rounds 1 --lat-iterations 200 --warmup 50 --bw-iterations 10");
        // The real programs at 2 PEs with tiny sizes (~40 s of the run on a busy 2-core machine).
        pb.environment().put("APPS_PES", "2");
        pb.environment().put("APPS_SIZE", "tiny");
        pb.environment().put("RAW_OPTS", "--rounds 1 --warmup 1 --small-iterations 20000 --large-iterations 2 "
                + "--large-bytes 65536");
        Process p = pb.start();
        boolean done = p.waitFor(840, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("log.txt"));
        assertTrue(done, "bench/compare-oshmem did not finish in 840 s:\n" + log);
        assertEquals(0, p.exitValue(), log);

        for (String group : List.of("put-latency", "get-latency", "put-bandwidth", "get-bandwidth", "pingpong",
                "atomics", "barrier", "broadcast", "fcollect", "collect", "alltoall", "reduce", "put-signal")) {
            assertTrue(Files.isRegularFile(results.resolve("jshmem-r1-" + group + ".json")), group + "\n" + log);
            assertTrue(Files.isRegularFile(results.resolve("oshmem-r1-" + group + ".json")), group + "\n" + log);
        }
        RunResults r = RunResults.load(results);
        assertTrue(r.ratio("put_lat", 8) > 0 && r.ratio("barrier_all", 0) > 0, "both libraries measured");
        // OSHMEM's broadcast and fcollect also ran with its other collective component.
        for (String group : List.of("broadcast", "fcollect")) {
            assertTrue(Files.isRegularFile(results.resolve("oshmem_basic-r1-" + group + ".json")), group + "\n" + log);
            assertTrue(r.figure(RunResults.OSHMEM_BASIC, group, 8).map(f -> f.medianNs() > 0).orElse(false), group);
        }
        MachineLimits limits = MachineLimits.read(results.resolve("limits.json"));
        assertTrue(limits.pingPongHalfRttNs() > 0 && !limits.memcpy().isEmpty());
        List<GateResult> gates = GateResult.readAll(results.resolve("gates"));
        assertEquals(1, gates.size(), log);
        assertTrue(gates.get(0).warmupCalls() >= 2, "the gate warmed up, passes of 2 copies: " + gates.get(0));
        String gateRow = Files.readString(report.resolve("summary.md")).lines()
                .filter(l -> l.startsWith("| 2 PEs, 64 KiB")).findFirst().orElse("");
        assertTrue(gateRow.contains(gates.get(0).warmupCalls() + " copies, JIT "), gateRow + "\n" + log);
        assertEquals(List.of(2, 4), BarrierScale.readAll(results.resolve("barrier")).stream()
                .map(BarrierScale::pes).toList(), log);

        String ucxRow = Files.readString(report.resolve("summary.md")).lines()
                .filter(l -> l.startsWith("| UCX ping-pong")).findFirst().orElse("");
        if (onPath("ucx_perftest")) {
            assertTrue(Files.isRegularFile(results.resolve("ucx_vs_perftest.json")), log);
            assertTrue(ucxRow.contains("put_8B_pingpong") && ucxRow.contains("fadd_8B"), ucxRow + "\n" + log);
        } else {
            assertTrue(ucxRow.contains("not part of this comparison"), ucxRow);
        }
        assertTrue(Files.isRegularFile(results.resolve("rma_vs_raw.json")), log);
        String rawRow = Files.readString(report.resolve("summary.md")).lines()
                .filter(l -> l.startsWith("| put 8 B + quiet, get 8 B")).findFirst().orElse("");
        assertTrue(rawRow.contains("(RmaVsRawBench): put_8B_quiet") && rawRow.contains("get_8B"), rawRow + "\n" + log);
        List<String> pngs = ReportArtefacts.check(report, 12);
        assertTrue(pngs.containsAll(List.of("put_lat.png", "put_bw.png", "scalars.png", "barrier_scale.png")),
                pngs + "\n" + log);
        String summary = Files.readString(report.resolve("summary.md"));
        assertEquals(summary.strip(), GeneratedBlock.content(Files.readString(docs)));
        realProgramsRanAndVerified(results, report, summary, pngs, log);
        assertTrue(log.contains("open " + report + "/index.html"), log);
    }

    /** Every real program ran on both sides at 2 PEs and verified; the table has its rows, the plots exist. */
    private static void realProgramsRanAndVerified(Path results, Path report, String summary, List<String> pngs,
                                                   String log) throws IOException {
        AppsComparison apps = AppsComparison.load(results.resolve("apps"));
        List<String> names = AppsComparison.PROGRAMS.stream().map(AppsComparison.Program::name).toList();
        assertEquals(names, apps.programs().stream().map(AppsComparison.Program::name).toList(), log);
        assertEquals(List.of(), apps.failures(), log);
        for (String program : names) {
            for (String side : List.of(AppRun.JAVA, AppRun.C)) {
                List<AppRun> runs = apps.runs().stream().filter(r -> r.program().equals(program)
                        && r.side().equals(side)).toList();
                assertEquals(1, runs.size(), side + " " + program + "\n" + log);
                AppRun r = runs.get(0);
                assertTrue(r.verified() && r.pes() == 2, side + " " + program + ": " + r);
                assertEquals(program, r.fields().get("program"));
                assertEquals("2", r.fields().get("pes"));
            }
        }
        // The C twin prints the Java program's keys in the same order.
        for (String program : names) {
            List<List<String>> keys = apps.runs().stream().filter(r -> r.program().equals(program))
                    .map(r -> List.copyOf(r.fields().keySet())).distinct().toList();
            assertEquals(1, keys.size(), program + " RESULT keys differ between the sides: " + keys);
        }
        List<String> lines = summary.lines().toList();
        int header = lines.indexOf(AppsComparison.TABLE_HEADER);
        assertTrue(header >= 0, "summary.md has no real-programs table:\n" + summary);
        for (AppsComparison.Program program : AppsComparison.PROGRAMS) {
            List<String> rows = lines.stream().filter(l -> l.startsWith("| " + program.name() + " | 2 | ")).toList();
            assertEquals(program.table().size(), rows.size(), program.name() + " rows:\n" + summary);
            assertTrue(rows.stream().allMatch(l -> l.endsWith("| 1, 1 | 1/1, 1/1 |")), rows.toString());
            assertTrue(pngs.contains("apps_" + program.name() + ".png"), pngs.toString());
        }
        // Both sides print every figure of the table, the second halves included.
        for (AppsComparison.Row row : apps.rows()) {
            assertTrue(Double.isFinite(row.javaMedian()) && Double.isFinite(row.cMedian()), row.toString());
        }
        // A PE's second half is part of its whole run, so neither side's second half adds up to more than the whole.
        for (AppRun r : apps.runs()) {
            int iterations = (int) r.number("iterations");
            int late = iterations - iterations / 2;
            switch (r.program()) {
                case "BucketSort" -> {
                    assertPart(r, "exchange_late_s", late, "exchange_s", iterations);
                    assertPart(r, "total_late_s", late, "total_s", iterations);
                }
                case "Stencil" -> {
                    assertPart(r, "halo_late_s", late, "halo_s", iterations);
                    assertPart(r, "iter_late_s", late, "total_s", 1);
                }
                case "Transpose" -> {
                    assertPart(r, "comm_late_s", late, "comm_s", iterations);
                    assertPart(r, "iter_late_s", late, "total_s", 1);
                }
                case "SynchP2p" -> assertPart(r, "iter_late_s", late, "total_s", 1);
                default -> { }
            }
        }
    }

    /** {@code part * partCount <= whole * wholeCount}, allowing for the 9 printed digits. */
    private static void assertPart(AppRun r, String part, int partCount, String whole, int wholeCount) {
        double p = r.number(part) * partCount;
        double w = r.number(whole) * wholeCount;
        assertTrue(p >= 0 && p <= w * (1 + 1e-6) + 1e-9, r.side() + " " + r.program() + ": " + part + " x " + partCount
                + " = " + p + " exceeds " + whole + " x " + wholeCount + " = " + w + "\n" + r.line());
    }
}
