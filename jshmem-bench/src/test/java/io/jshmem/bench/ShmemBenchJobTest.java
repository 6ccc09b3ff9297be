package io.jshmem.bench;

import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * shmem-bench's code paths on real PE processes with tiny sizes and counts: every benchmark produces a well-formed
 * entry (not a speed check).
 */
class ShmemBenchJobTest {
    private static final String[] TINY = {"--min-size", "8", "--max-size", "64", "--coll-min-size", "8",
            "--coll-max-size", "32", "--iterations", "40", "--warmup", "8", "--warmup-ms", "0", "--rounds", "3",
            "--window", "4", "--no-progress"};

    private static String[] args(String sub, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of(sub));
        a.addAll(List.of(TINY));
        a.addAll(List.of(more));
        a.add("--output");
        a.add(out.toString());
        return a.toArray(String[]::new);
    }

    @Test
    @Timeout(180)
    void everyBenchmarkWritesAWellFormedEntryOnTwoPes(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("all.json");
        JobResult r = BenchJobs.run(ShmemBench.class, 2, Map.of(), args("all", out, "--pes", "2"));
        assertEquals(0, r.exitCode(), () -> r.transcript());
        assertTrue(r.stdout(0).stream().anyMatch(l -> l.startsWith("wrote ")), () -> r.transcript());

        ResultsDocument doc = ResultsDocument.read(out);
        assertEquals("jshmem", doc.impl());
        assertEquals(2, doc.npes());
        assertEquals(3, ((Number) doc.options().get("rounds")).intValue());
        assertTrue(doc.unavailable().isEmpty(), () -> doc.unavailable().toString());
        BenchOptions o = new BenchOptions();
        o.minSize = "8";
        o.maxSize = "64";
        o.collMinSize = "8";
        o.collMaxSize = "32";
        int expected = 0;
        for (Bench b : Bench.values()) {
            List<CaseResult> mine = doc.results().stream().filter(c -> c.bench().equals(b.id())).toList();
            assertEquals(b.sizes(o), mine.stream().map(CaseResult::size).toList(), b.id());
            expected += mine.size();
            for (CaseResult c : mine) {
                checkEntry(b, c);
            }
        }
        assertEquals(expected, doc.results().size());
    }

    private static void checkEntry(Bench b, CaseResult c) {
        String what = c.bench() + " " + c.size();
        assertEquals(b.op, c.op(), what);
        assertEquals(b.metric, c.metric(), what);
        assertEquals(3, c.rounds(), what);
        assertEquals(3, c.roundNs().length, what);
        long gran = b == Bench.PUT_BW || b == Bench.GET_BW ? 4 : 1;
        assertEquals(0, c.iterations() % gran, what);
        assertTrue(c.iterations() >= 40 && c.iterations() < 40 + gran, what);
        assertTrue(c.warmup() >= 8 && c.warmup() < 8 + gran, what);
        assertTrue(c.medianNs() > 0 && Double.isFinite(c.medianNs()), what + " median " + c.medianNs());
        for (double v : c.roundNs()) {
            assertTrue(v > 0 && Double.isFinite(v), what + " round " + v);
        }
        assertTrue(c.minNs() > 0 && c.minNs() <= c.p50Ns() && c.p50Ns() <= c.p90Ns() && c.p90Ns() <= c.p99Ns()
                && c.p99Ns() <= c.maxNs(), what + " percentiles");
        assertEquals(c.size() > 0, c.bandwidthMbPerS() != null, what);
        if (c.bandwidthMbPerS() != null) {
            assertEquals(c.size() * 1000.0 / c.medianNs(), c.bandwidthMbPerS(), 1e-6 * c.bandwidthMbPerS(), what);
        }
    }

    @Test
    @Timeout(180)
    void aOnePeJobListsPointToPointBenchmarksAsUnavailable(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("one.json");
        JobResult r = BenchJobs.run(ShmemBench.class, 1, Map.of(),
                args("all", out, "--benches", "put_lat,atomic_fetch_add,barrier,reduce"));
        assertEquals(0, r.exitCode(), () -> r.transcript());
        ResultsDocument doc = ResultsDocument.read(out);
        assertEquals(List.of("put_lat", "atomic_fetch_add"),
                doc.unavailable().stream().map(Unavailable::bench).toList());
        assertTrue(doc.unavailable().getFirst().reason().contains("2 PEs"));
        assertEquals(List.of("barrier_all", "sum_reduce", "sum_reduce", "sum_reduce"),
                doc.results().stream().map(CaseResult::bench).toList());
    }

    @Test
    @Timeout(180)
    void aSubcommandRunsOnlyItsGroupAndAWrongPeCountFails(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("atomics.json");
        JobResult r = BenchJobs.run(ShmemBench.class, 2, Map.of(), args("atomics", out));
        assertEquals(0, r.exitCode(), () -> r.transcript());
        ResultsDocument doc = ResultsDocument.read(out);
        assertEquals(Bench.ofGroup("atomics").stream().map(Bench::id).toList(),
                doc.results().stream().map(CaseResult::bench).toList());

        JobResult wrong = BenchJobs.run(ShmemBench.class, 2, Map.of(), args("barrier", dir.resolve("x.json"),
                "--pes", "3"));
        assertEquals(2, wrong.exitCode(), () -> wrong.transcript());
        assertTrue(String.join("\n", wrong.stderr(0)).contains("--pes = 3 but the job has 2 PEs"),
                () -> wrong.transcript());
    }

    @Test
    @Timeout(30)
    void badOptionsFailBeforeAnyPeStarts() {
        assertEquals(2, ShmemBench.commandLine().execute("all", "--rounds", "0"));
        assertEquals(2, ShmemBench.commandLine().execute("all", "--max-size", "8x"));
        assertEquals(2, ShmemBench.commandLine().execute("all", "--min-size", "1m", "--max-size", "1k"));
        assertEquals(2, ShmemBench.commandLine().execute("all", "--benches", "nope"));
        assertFalse(ShmemBench.commandLine().getSubcommands().isEmpty());
    }
}
