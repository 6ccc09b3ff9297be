package io.jshmem.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overhead gate on real PE processes: its JSON, its environment fallbacks and its data check. */
class PutmemGateJobTest {
    private static JsonObject read(Path f) throws IOException {
        return JsonParser.parseString(Files.readString(f)).getAsJsonObject();
    }

    @Test
    @Timeout(180)
    void passingGateWritesEveryFieldAndTakesSettingsFromTheEnvironment(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("gate.json");
        // A huge threshold makes the verdict depend on the data check only: this is not a speed test.
        JobResult r = BenchJobs.run(PutmemGate.class, 2, Map.of("PERF_BYTES", "32k", "PERF_ITERATIONS", "4",
                        "PERF_WARMUP", "2", "PERF_ROUNDS", "3", "PERF_THRESHOLD_PERCENT", "1000000",
                        "NPROC_PER_NODE", "2", "PERF_WARMUP_MAX_SECONDS", "3"),
                "--output", out.toString());
        assertEquals(0, r.exitCode(), () -> r.transcript());
        JsonObject g = read(out);
        assertEquals("putmem_gate", g.get("benchmark").getAsString());
        assertEquals(2, g.get("world_size").getAsInt());
        assertEquals(32 * 1024, g.get("bytes").getAsLong());
        assertEquals(4, g.get("iterations").getAsInt());
        assertEquals(2, g.get("warmup").getAsInt());
        assertEquals(3, g.get("rounds").getAsInt());
        assertWarmup(g, 2, 3 * 4);
        assertEquals(1000000.0, g.get("threshold_percent").getAsDouble());
        assertTrue(g.get("route").getAsString().startsWith("ring"));
        assertTrue(g.get("passed").getAsBoolean());
        assertTrue(g.get("data_ok").getAsBoolean());
        double j = g.get("jshmem_ns_per_op").getAsDouble();
        double raw = g.get("raw_ns_per_op").getAsDouble();
        assertTrue(j > 0 && raw > 0 && g.get("libc_memcpy_ns_per_op").getAsDouble() > 0);
        assertEquals((j / raw - 1) * 100, g.get("overhead_unpaired_percent").getAsDouble(), 1e-9);
        double[] ratios = new double[3];
        for (int round = 0; round < 3; round++) {
            ratios[round] = g.getAsJsonArray("round_max_jshmem_ns").get(round).getAsDouble()
                    / g.getAsJsonArray("round_max_raw_ns").get(round).getAsDouble();
        }
        java.util.Arrays.sort(ratios);
        assertEquals((ratios[1] - 1) * 100, g.get("overhead_percent").getAsDouble(), 1e-9,
                "the overhead is the median of the same-round ratios");
        assertEquals(3, g.getAsJsonArray("round_max_jshmem_ns").size());
        JsonArray pes = g.getAsJsonArray("per_pe");
        assertEquals(2, pes.size());
        JsonObject compileMax = g.getAsJsonObject("compile_ms_in_rounds_max");
        for (String path : new String[]{"jshmem", "raw", "libc_memcpy"}) {
            long max = 0;
            for (int pe = 0; pe < 2; pe++) {
                long ms = pes.get(pe).getAsJsonObject().getAsJsonObject("compile_ms_in_rounds").get(path).getAsLong();
                assertTrue(ms >= 0, path + " compile ms " + ms);
                max = Math.max(max, ms);
            }
            assertEquals(max, compileMax.get(path).getAsLong(), "the top-level figure is the largest PE's: " + path);
        }
        for (int pe = 0; pe < 2; pe++) {
            JsonObject p = pes.get(pe).getAsJsonObject();
            assertEquals(pe, p.get("pe").getAsInt());
            assertTrue(p.get("data_ok").getAsBoolean());
            int expected = (pe + 1) % 2 + 1; // previous PE + 1
            assertEquals(expected, p.get("expected_byte").getAsInt());
            assertEquals(expected, p.get("first_byte").getAsInt());
            assertEquals(expected, p.get("last_byte").getAsInt());
            assertEquals(3, p.getAsJsonArray("jshmem_rounds_ns").size());
            // The gate's per-round figure is the slowest PE, so no PE's round is above it.
            for (int round = 0; round < 3; round++) {
                assertTrue(p.getAsJsonArray("raw_rounds_ns").get(round).getAsDouble()
                        <= g.getAsJsonArray("round_max_raw_ns").get(round).getAsDouble());
            }
        }
        assertTrue(String.join("\n", r.stdout(0)).contains("PASSED"), () -> r.transcript());
    }

    /** The warm-up fields agree with each other: whole passes, a quiet stretch within them, a verdict that fits. */
    private static void assertWarmup(JsonObject g, int perPass, long roundCopies) {
        int passes = g.get("warmup_passes").getAsInt();
        long calls = g.get("warmup_calls_per_path").getAsLong();
        long quiet = g.get("warmup_quiet_calls_per_path").getAsLong();
        assertTrue(passes >= 1, () -> "at least one pass: " + g);
        assertEquals((long) passes * perPass, calls, () -> "whole passes: " + g);
        assertTrue(quiet >= 0 && quiet <= calls && quiet % perPass == 0, () -> "quiet stretch: " + g);
        long needed = (long) GateWarmup.quietPassesFor(perPass, roundCopies) * perPass;
        assertEquals(quiet >= needed, g.get("warmup_jit_quiet").getAsBoolean(), () -> "verdict: " + g);
        assertTrue(g.get("warmup_compile_ms").getAsLong() >= 0);
        assertTrue(g.get("warmup_rule").getAsString().contains("compiled nothing"));
    }

    @Test
    @Timeout(180)
    void aZeroWarmupBudgetRunsOnePassAndABadBudgetIsRefused(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("onepass.json");
        JobResult r = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--bytes", "16k", "--iterations", "3",
                "--warmup", "5", "--rounds", "3", "--warmup-max-seconds", "0", "--threshold-percent", "1000000",
                "--output", out.toString());
        assertEquals(0, r.exitCode(), () -> r.transcript());
        JsonObject g = read(out);
        assertEquals(1, g.get("warmup_passes").getAsInt(), () -> g.toString());
        assertEquals(5, g.get("warmup_calls_per_path").getAsLong());
        assertFalse(g.get("warmup_jit_quiet").getAsBoolean(), "one pass is shorter than the quiet stretch");
        assertTrue(String.join("\n", r.stdout(0)).contains("warm-up: 1 pass(es), 5 copies per path"),
                () -> r.transcript());

        JobResult none = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--bytes", "16k", "--iterations", "3",
                "--warmup", "0", "--rounds", "2", "--threshold-percent", "1000000",
                "--output", dir.resolve("none.json").toString());
        assertEquals(0, none.exitCode(), () -> none.transcript());
        assertEquals(0, read(dir.resolve("none.json")).get("warmup_passes").getAsInt(), "--warmup 0: no warm-up");

        JobResult bad = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--bytes", "4k", "--warmup-max-seconds", "-1",
                "--output", dir.resolve("bad.json").toString());
        assertEquals(2, bad.exitCode(), () -> bad.transcript());
        assertTrue(String.join("\n", bad.stderr(0)).contains("--warmup-max-seconds = -1.0 is outside 0..3600"),
                () -> bad.transcript());
    }

    @Test
    @Timeout(180)
    void wrongDataFailsTheGateWithNonZeroExit(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("corrupt.json");
        JobResult r = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--bytes", "16k", "--iterations", "3",
                "--warmup", "1", "--rounds", "3", "--warmup-max-seconds", "2", "--threshold-percent", "1000000",
                "--corrupt-for-test",
                "--output", out.toString());
        assertEquals(1, r.exitCode(), () -> r.transcript());
        JsonObject g = read(out);
        assertFalse(g.get("passed").getAsBoolean());
        assertFalse(g.get("data_ok").getAsBoolean());
        JsonArray pes = g.getAsJsonArray("per_pe");
        // PE 0 corrupted the last byte it sends, so PE 1 sees it; PE 0's own buffer (from PE 1) is intact.
        assertTrue(pes.get(0).getAsJsonObject().get("data_ok").getAsBoolean());
        JsonObject p1 = pes.get(1).getAsJsonObject();
        assertFalse(p1.get("data_ok").getAsBoolean());
        assertEquals(1, p1.get("first_byte").getAsInt());
        assertEquals(2, p1.get("last_byte").getAsInt());
        assertTrue(String.join("\n", r.stdout(0)).contains("FAILED"), () -> r.transcript());
    }

    @Test
    @Timeout(180)
    void overheadAboveTheThresholdFailsAndAWrongPeCountIsRefused(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("strict.json");
        // A negative overhead bound cannot be met unless jshmem is infinitely fast: the timing verdict must fail.
        JobResult r = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--bytes", "16k", "--iterations", "3",
                "--warmup", "1", "--rounds", "1", "--warmup-max-seconds", "2", "--threshold-percent", "0",
                "--output", out.toString());
        JsonObject g = read(out);
        assertEquals(g.get("passed").getAsBoolean() ? 0 : 1, r.exitCode(), () -> r.transcript());
        assertEquals(g.get("overhead_percent").getAsDouble() <= 0, g.get("passed").getAsBoolean());

        JobResult wrong = BenchJobs.run(PutmemGate.class, 2, Map.of("NPROC_PER_NODE", "4"), "--bytes", "4k",
                "--output", dir.resolve("x.json").toString());
        assertEquals(2, wrong.exitCode(), () -> wrong.transcript());
        assertTrue(String.join("\n", wrong.stderr(0)).contains("NPROC_PER_NODE"), () -> wrong.transcript());
    }

    @Test
    @Timeout(180)
    void streamModeWritesTheSeedsFieldsAndChecksTheData(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("stream.json");
        JobResult r = BenchJobs.run(PutmemGate.class, 2, Map.of("PERF_MODE", "stream", "PERF_BYTES", "16k",
                        "PERF_ITERATIONS", "4", "PERF_WARMUP", "2", "PERF_ROUNDS", "3", "PERF_WARMUP_MAX_SECONDS", "3"),
                "--threshold-percent", "1000000", "--output", out.toString());
        assertEquals(0, r.exitCode(), () -> r.transcript());
        JsonObject g = read(out);
        // Every field of CANN's putmem_on_stream_<N>pe.json, under the seed's names where they are path-neutral.
        for (String field : new String[]{"world_size", "bytes", "iterations", "warmup", "rounds", "stream", "route",
                "raw_us_per_op", "jshmem_us_per_op", "overhead_percent", "threshold_percent", "passed",
                "correctness", "per_rank", "seed_field_map"}) {
            assertTrue(g.has(field), () -> "missing " + field + " in " + g);
        }
        assertEquals("stream", g.get("mode").getAsString());
        assertEquals(2, g.get("world_size").getAsInt());
        assertEquals(16 * 1024, g.get("bytes").getAsLong());
        assertEquals(4, g.get("iterations").getAsInt());
        assertEquals(2, g.get("warmup").getAsInt());
        assertEquals(3, g.get("rounds").getAsInt());
        assertWarmup(g, 2, 3 * 4);
        assertTrue(g.get("passed").getAsBoolean());
        assertTrue(g.get("data_ok").getAsBoolean());
        double j = g.get("jshmem_us_per_op").getAsDouble();
        double raw = g.get("raw_us_per_op").getAsDouble();
        assertTrue(j > 0 && raw > 0, () -> g.toString());
        assertEquals((j / raw - 1) * 100, g.get("overhead_percent").getAsDouble(), 1e-6);
        assertEquals("raw_us_per_op", g.getAsJsonObject("seed_field_map").get("cpp_us_per_op").getAsString());
        JsonArray ranks = g.getAsJsonArray("per_rank");
        assertEquals(2, ranks.size());
        for (int pe = 0; pe < 2; pe++) {
            JsonObject p = ranks.get(pe).getAsJsonObject();
            assertEquals(pe, p.get("rank").getAsInt());
            double pj = p.get("jshmem_us_per_op").getAsDouble();
            double pr = p.get("raw_us_per_op").getAsDouble();
            assertTrue(pj > 0 && pr > 0);
            assertEquals((pj / pr - 1) * 100, p.get("overhead_percent").getAsDouble(), 1e-6);
            assertTrue(p.get("data_ok").getAsBoolean());
            assertEquals((pe + 1) % 2 + 1, p.get("first_byte").getAsInt());
            assertEquals(3, p.getAsJsonArray("jshmem_rounds_us").size());
        }
        assertTrue(String.join("\n", r.stdout(0)).contains("putmem_on_stream gate"), () -> r.transcript());

        Path bad = dir.resolve("corrupt.json");
        JobResult c = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--mode", "stream", "--bytes", "8k",
                "--iterations", "2", "--warmup", "1", "--rounds", "1", "--warmup-max-seconds", "2",
                "--threshold-percent", "1000000",
                "--corrupt-for-test", "--output", bad.toString());
        assertEquals(1, c.exitCode(), () -> c.transcript());
        JsonObject cg = read(bad);
        assertFalse(cg.get("passed").getAsBoolean());
        assertFalse(cg.getAsJsonArray("per_rank").get(1).getAsJsonObject().get("data_ok").getAsBoolean());

        JobResult wrongMode = BenchJobs.run(PutmemGate.class, 2, Map.of(), "--mode", "nope", "--bytes", "4k");
        assertEquals(2, wrongMode.exitCode(), () -> wrongMode.transcript());
        assertTrue(String.join("\n", wrongMode.stderr(0)).contains("--mode = nope"), () -> wrongMode.transcript());
    }
}
