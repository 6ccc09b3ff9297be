package io.jshmem.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's reading of the real programs' runs: RESULT lines as both sides print them (Java's and C's {@code %.9g}
 * differ in trailing zeros), the records of the compare script, the table's medians and ratios, failures, and a
 * report of the programs alone ({@code --apps-only}).
 */
class AppsComparisonTest {
    @Test
    void resultLinesOfBothSidesParseToTheSameKeysInOrder() {
        String javaLine = "[pe 0] RESULT program=Stencil pes=2 n=500 radius=2 iterations=10 npx=1 npy=2 notify=signal "
                + "avg_iter_s=0.0269618628 halo_s=1.00000000e-05 compute_s=0.0131951973 total_s=0.269618628 "
                + "mflops=173.367250 l1_norm=22.0000000 verified=true";
        Map<String, String> java = AppRun.parseResultLine(javaLine);
        Map<String, String> c = AppRun.parseResultLine("RESULT program=Stencil pes=2 n=500 radius=2 iterations=10 "
                + "npx=1 npy=2 notify=signal avg_iter_s=0.0045778927 halo_s=1e-05 compute_s=0.0017059677 "
                + "total_s=0.045778927 mflops=1021.06019 l1_norm=22 verified=true");
        assertEquals(List.copyOf(java.keySet()), List.copyOf(c.keySet()));
        assertEquals(List.of("program", "pes", "n", "radius", "iterations", "npx", "npy", "notify", "avg_iter_s",
                "halo_s", "compute_s", "total_s", "mflops", "l1_norm", "verified"), List.copyOf(c.keySet()));
        AppRun j = run("java", "Stencil", 2, 1, 0, javaLine);
        assertEquals(1e-5, Double.parseDouble(java.get("halo_s")));
        assertEquals(Double.parseDouble(java.get("halo_s")), Double.parseDouble(c.get("halo_s")));
        assertEquals(Double.parseDouble(java.get("l1_norm")), Double.parseDouble(c.get("l1_norm")));
        assertEquals("signal", c.get("notify"));
        assertTrue(j.verified());
        assertEquals(0.269618628, j.number("total_s"));
        assertTrue(Double.isNaN(j.number("no_such_key")));
    }

    @Test
    void secondHalfRowsComeFromTheLateKeysAndStayEmptyWithoutThem() {
        String line = "RESULT program=Stencil pes=2 n=500 radius=2 iterations=10 avg_iter_s=0.003 halo_s=%s "
                + "compute_s=0.001 total_s=0.03 iter_late_s=%s halo_late_s=%s verified=true";
        AppsComparison a = AppsComparison.of(List.of(
                run("java", "Stencil", 2, 1, 0, String.format(Locale.ROOT, line, "0.002", "0.0025", "0.0004")),
                run("c", "Stencil", 2, 1, 0, String.format(Locale.ROOT, line, "0.001", "0.003", "0.0008")),
                run("java", "Stencil", 4, 1, 0, "RESULT program=Stencil pes=4 halo_s=0.002 total_s=0.03 "
                        + "verified=true"),
                run("c", "Stencil", 4, 1, 0, "RESULT program=Stencil pes=4 halo_s=0.001 total_s=0.03 "
                        + "verified=true")));
        List<String> keys = a.rows().stream().filter(r -> r.pes() == 2).map(r -> r.phase().key()).toList();
        assertEquals(List.of("halo_s", "total_s", "halo_late_s", "iter_late_s", AppsComparison.WALL), keys);
        AppsComparison.Row halo = row(a, 2, "halo_s");
        AppsComparison.Row haloLate = row(a, 2, "halo_late_s");
        assertEquals(2.0, halo.ratio(), 1e-12);
        assertEquals(0.5, haloLate.ratio(), 1e-12, "the second half has its own medians");
        assertEquals(2.5 / 3, row(a, 2, "iter_late_s").ratio(), 1e-12);
        assertTrue(Double.isNaN(row(a, 4, "halo_late_s").ratio()), "lines without the key leave the row empty");
        assertTrue(AppsTables.markdown(a).contains("halo exchange, second half of the iterations"));
    }

    private static AppsComparison.Row row(AppsComparison a, int pes, String key) {
        return a.rows().stream().filter(r -> r.pes() == pes && r.phase().key().equals(key)).findFirst()
                .orElseThrow();
    }

    @Test
    void aMalformedResultLineIsRefusedNamingWhatIsWrong() {
        IllegalArgumentException noVerified = assertThrows(IllegalArgumentException.class,
                () -> AppRun.parseResultLine("RESULT program=Gups pes=2 errors=0"));
        assertTrue(noVerified.getMessage().contains("verified"), noVerified.getMessage());
        IllegalArgumentException token = assertThrows(IllegalArgumentException.class,
                () -> AppRun.parseResultLine("RESULT program=Gups pes=2 errors verified=true"));
        assertTrue(token.getMessage().contains("'errors'"), token.getMessage());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> AppRun.parseResultLine("RESULT program=Gups pes=2 pes=4 verified=true"));
        assertTrue(twice.getMessage().contains("repeats"), twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AppRun.parseResultLine("Solution validates"));
    }

    private static String gupsLine(int pes, double updateS, boolean ok) {
        return String.format(Locale.ROOT, "RESULT program=Gups pes=%d table_words=2048 updates=8192 mode=atomic "
                + "update_s=%.9g gups=0.001 check_s=%.9g errors=0 verified=%s", pes, updateS, updateS / 2, ok);
    }

    private static AppRun run(String side, String program, int pes, int run, int exit, String line) {
        return new AppRun(side, program, pes, run, "-m 8192", exit, 1.5, "default", line,
                line.isBlank() ? Map.of() : AppRun.parseResultLine(line));
    }

    private static void write(Path dir, String side, int pes, int run, int exit, String line) throws IOException {
        Files.writeString(dir.resolve(side + "-Gups-" + pes + "pe-r" + run + ".json"), String.format(Locale.ROOT,
                "{\"side\": \"%s\", \"program\": \"Gups\", \"pes\": %d, \"run\": %d, \"args\": \"-m 8192\", "
                        + "\"exit_status\": %d, \"wall_s\": %.3f, \"engine\": \"default\", \"line\": \"%s\"}%n",
                side, pes, run, exit, 1.0 + run, line));
    }

    @Test
    void theTableTakesMediansOverVerifiedRunsAndListsTheFailedOnes(@TempDir Path dir) throws IOException {
        Path apps = dir.resolve("apps");
        Files.createDirectories(apps);
        for (int r = 1; r <= 3; r++) {
            write(apps, "java", 2, r, 0, gupsLine(2, 0.2 * r, true));
            write(apps, "c", 2, r, 0, gupsLine(2, 0.1 * r, true));
        }
        write(apps, "java", 4, 1, 0, gupsLine(4, 0.3, true));
        write(apps, "c", 4, 1, 1, gupsLine(4, 0.1, false));
        write(apps, "c", 4, 2, 137, "");
        AppsComparison a = AppsComparison.load(apps);
        List<AppsComparison.Row> rows = a.rows();
        AppsComparison.Row update2 = rows.stream().filter(r -> r.pes() == 2 && r.phase().key().equals("update_s"))
                .findFirst().orElseThrow();
        assertEquals(0.4, update2.javaMedian(), 1e-12);
        assertEquals(0.2, update2.cMedian(), 1e-12);
        assertEquals(2.0, update2.ratio(), 1e-12);
        assertEquals(3, update2.javaRuns());
        AppsComparison.Row wall2 = rows.stream().filter(r -> r.pes() == 2 && r.phase().key().equals(
                AppsComparison.WALL)).findFirst().orElseThrow();
        assertEquals(3.0, wall2.javaMedian(), 1e-12);
        AppsComparison.Row update4 = rows.stream().filter(r -> r.pes() == 4 && r.phase().key().equals("update_s"))
                .findFirst().orElseThrow();
        assertEquals(0, update4.cRuns());
        assertEquals(2, update4.cAll());
        assertTrue(Double.isNaN(update4.ratio()));
        assertEquals(2, a.failures().size(), a.failures().toString());
        assertFalse(a.allVerified());
        assertEquals(2, a.plotPes(2));
        assertEquals(2, a.plotPes(8), "4 PEs did not verify on the C side");
    }

    @Test
    void aRunOfTheProgramsAloneGetsAReportOfTheirOwn(@TempDir Path dir) throws IOException {
        Path results = dir.resolve("results");
        Path apps = results.resolve("apps");
        Files.createDirectories(apps);
        for (int r = 1; r <= 2; r++) {
            write(apps, "java", 2, r, 0, gupsLine(2, 0.3, true));
            write(apps, "c", 2, r, 0, gupsLine(2, 0.1, true));
        }
        Path out = dir.resolve("report");
        int rc = new CommandLine(new CompareReport()).execute("--results", results.toString(), "--apps",
                apps.toString(), "--out", out.toString(), "--command", "bench/compare-oshmem --apps-only");
        assertEquals(0, rc);
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.startsWith(SummaryMarkdown.HEADING) && summary.contains(AppsTables.HEADING), summary);
        List<String> lines = summary.lines().toList();
        int header = lines.indexOf(AppsComparison.TABLE_HEADER);
        assertTrue(header >= 0, summary);
        assertEquals("| Gups | 2 | updates, barrier to barrier (PE 0) | 300 ms | 100 ms | 3.00 | 2, 2 | 2/2, 2/2 |",
                lines.get(header + 2));
        assertFalse(summary.contains(SummaryMarkdown.GOALS_HEADER), "no benchmark goals without benchmarks");
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("<h2>Real programs</h2>") && html.contains("apps_Gups.png"), html);
        assertTrue(Files.size(out.resolve("apps_Gups.png")) > 1000);
    }
}
