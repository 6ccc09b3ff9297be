package io.jshmem.it;

import io.jshmem.apps.BucketSort;
import io.jshmem.apps.Gups;
import io.jshmem.apps.Pcg32;
import io.jshmem.apps.Stencil;
import io.jshmem.apps.SynchP2p;
import io.jshmem.apps.Transpose;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application kernels of jshmem-apps verify at 2 and 4 PEs with small parameters, print the RESULT line that
 * docs/apps.md specifies, and reject bad flags (and decompositions they cannot take) with exit status 2 and one
 * line naming the argument. Nothing is timed.
 */
class AppsTest {
    @Test
    void pcg32DrawsThePublishedDemoSequence() {
        // pcg32-demo of the reference C implementation: srandom(42, 54), first six outputs
        Pcg32 rng = new Pcg32(42, 54);
        int[] got = new int[6];
        for (int i = 0; i < got.length; i++) {
            got[i] = rng.next();
        }
        assertArrayEquals(new int[] {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e}, got);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void bucketSortVerifies(int nPes) {
        // weak scaling at 2 PEs, strong at 4 (20000 keys in all: 5000 per PE)
        String scaling = nPes == 2 ? "weak" : "strong";
        JobResult r = Jobs.run(Jobs.spec(BucketSort.class, nPes, "-keys", "20000", "-scaling", scaling,
                "-max-key", "1048576", "-iterations", "2"));
        Map<String, String> result = verified(r, nPes, "BucketSort", "Verification: PASSED");
        assertEquals(scaling, result.get("scaling"), r::transcript);
        assertEquals(nPes == 2 ? "20000" : "5000", result.get("keys_per_pe"), r::transcript);
        assertTimes(r, result, "input", "count", "offsets", "bucketize", "exchange", "sort", "total",
                "exchange_late", "total_late");
        assertSecondHalfWithin(r, result, "exchange_late_s", "exchange_s", true);
        assertSecondHalfWithin(r, result, "total_late_s", "total_s", true);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void stencilVerifiesWithBothNotifications(int nPes) {
        String notify = nPes == 2 ? "signal" : "atomic";
        JobResult r = Jobs.run(Jobs.spec(Stencil.class, nPes, "-n", "101", "-radius", "2", "-iterations", "4",
                "-notify", notify));
        Map<String, String> result = verified(r, nPes, "Stencil", "Solution validates");
        assertEquals(notify, result.get("notify"), r::transcript);
        assertEquals(nPes == 2 ? "1" : "2", result.get("npx"), r::transcript);
        assertEquals(10.0, Double.parseDouble(result.get("l1_norm")), 1e-8, r::transcript);
        assertEquals("scalar", result.get("kernel"), r::transcript);
        assertTimes(r, result, "avg_iter", "halo", "compute", "total", "halo_late", "iter_late");
        assertSecondHalfWithin(r, result, "halo_late_s", "halo_s", true);
        assertSecondHalfWithin(r, result, "iter_late_s", "total_s", false);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void stencilVerifiesWithTheVectorKernel(int nPes) {
        // n 103: rows of 99 or 50 points, not a multiple of any vector length, so every row ends in the scalar tail
        JobResult r = Jobs.run(Jobs.spec(Stencil.class, nPes, "-n", "103", "-radius", "2", "-iterations", "4")
                .withJvmArgs(List.of("--add-modules=jdk.incubator.vector")));
        Map<String, String> result = verified(r, nPes, "Stencil", "Solution validates");
        assertEquals("vector", result.get("kernel"), r::transcript);
        assertEquals(10.0, Double.parseDouble(result.get("l1_norm")), 1e-8, r::transcript);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void transposeVerifies(int nPes) {
        JobResult r = Jobs.run(Jobs.spec(Transpose.class, nPes, "-n", "120", "-tile", "8", "-iterations", "3"));
        Map<String, String> result = verified(r, nPes, "Transpose", "Solution validates");
        assertEquals("120", result.get("n"), r::transcript);
        assertEquals("scalar", result.get("kernel"), r::transcript);
        assertTimes(r, result, "avg_iter", "comm", "local", "total", "comm_late", "iter_late");
        assertSecondHalfWithin(r, result, "comm_late_s", "comm_s", true);
        assertSecondHalfWithin(r, result, "iter_late_s", "total_s", false);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void transposeVerifiesWithTheVectorAccumulation(int nPes) {
        // n 120: columns of 60 or 30 rows per block, not a multiple of any vector length, so every column ends in the
        // scalar tail
        JobResult r = Jobs.run(Jobs.spec(Transpose.class, nPes, "-n", "120", "-tile", "8", "-iterations", "3")
                .withJvmArgs(List.of("--add-modules=jdk.incubator.vector")));
        Map<String, String> result = verified(r, nPes, "Transpose", "Solution validates");
        assertEquals("vector", result.get("kernel"), r::transcript);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void synchP2pVerifies(int nPes) {
        JobResult r = Jobs.run(Jobs.spec(SynchP2p.class, nPes, "-m", "103", "-n", "57", "-iterations", "4"));
        Map<String, String> result = verified(r, nPes, "SynchP2p",
                "Solution validates; verification value = 790.000000");
        assertTimes(r, result, "avg_iter", "total", "iter_late");
        assertSecondHalfWithin(r, result, "iter_late_s", "total_s", false);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(120)
    void gupsVerifiesExactlyWithAtomics(int nPes) {
        JobResult r = Jobs.run(Jobs.spec(Gups.class, nPes, "-m", "16384", "-n", "3000"));
        Map<String, String> result = verified(r, nPes, "Gups", "Found 0 errors in " + 2048 * nPes
                + " locations (passed).");
        assertEquals("atomic", result.get("mode"), r::transcript);
        assertEquals(String.valueOf(3000 * nPes), result.get("updates"), r::transcript);
        assertEquals("0", result.get("errors"), r::transcript);
        assertTimes(r, result, "update", "check");
    }

    @Test
    @Timeout(120)
    void helpPrintsTheUsageOnceAndExitsZero() {
        JobResult r = Jobs.run(Jobs.spec(Transpose.class, 2, "--help"));
        assertEquals(0, r.exitCode(), r::transcript);
        assertTrue(r.stdout(0).contains("usage: shmemrun -np N io.jshmem.apps.Transpose [flags]"), r::transcript);
        assertTrue(r.stdout(1).isEmpty(), r::transcript);
    }

    @Test
    @Timeout(300)
    void badFlagsExitTwoNamingTheArgument() {
        record Case(Class<?> program, int nPes, List<String> jvmArgs, String named, String... args) {
            Case(Class<?> program, int nPes, String named, String... args) {
                this(program, nPes, List.of(), named, args);
            }
        }
        List<Case> cases = List.of(
                new Case(BucketSort.class, 2, "-keys = -5", "-keys", "-5"),
                // One PE owns every key: 2^31 - 1 counters, more than an int[] holds
                new Case(BucketSort.class, 1, "-max-key = 2147483647", "-max-key", "2147483647"),
                // 2 x 8 MiB of key arrays and 8 MiB of counters against 3/4 of a 16 MiB Java heap
                new Case(BucketSort.class, 2, List.of("-Xmx16m"), "-keys = 1048576", "-keys", "1048576",
                        "-max-key", "4194304"),
                new Case(BucketSort.class, 2, "-scaling = diagonal", "-scaling", "diagonal"),
                new Case(Stencil.class, 2, "-iterations = 0", "-iterations", "0"),
                // 3 PEs are 1 x 3 tiles: rows of 3, 2, 2 points, narrower than the radius 3
                new Case(Stencil.class, 3, "-n = 7", "-n", "7", "-radius", "3"),
                // One PE holds the whole grid: 46344^2 points with the ghost cells do not fit one array
                new Case(Stencil.class, 1, "-n = 46340", "-n", "46340", "-radius", "2"),
                new Case(Transpose.class, 2, "-n = 11", "-n", "11"),
                new Case(SynchP2p.class, 3, "-m = 2", "-m", "2"),
                new Case(Gups.class, 3, "-m = 8", "-m", "8"),
                new Case(Gups.class, 2, "unknown flag '-x'", "-x", "1"));
        for (Case c : cases) {
            JobResult r = Jobs.run(Jobs.spec(c.program(), c.nPes(), c.args()).withJvmArgs(c.jvmArgs()));
            String what = c.program().getSimpleName() + " " + String.join(" ", c.args());
            assertEquals(2, r.exitCode(), () -> what + ": " + r.transcript());
            List<String> err = r.stderr(0);
            assertTrue(err.stream().anyMatch(l -> l.startsWith(c.program().getSimpleName() + ": ")
                    && l.contains(c.named())), () -> what + ": no line naming '" + c.named() + "'\n" + r.transcript());
            for (int pe = 1; pe < c.nPes(); pe++) {
                assertTrue(r.stderr(pe).stream().noneMatch(l -> l.contains(c.named())),
                        () -> what + ": the line comes from PE 0 only\n" + r.transcript());
            }
        }
    }

    /** Checks exit 0, the verification line and the RESULT line's common fields; returns its key/value pairs. */
    private static Map<String, String> verified(JobResult r, int nPes, String program, String verificationLine) {
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        List<String> out = r.stdout(0);
        assertTrue(out.contains(verificationLine), () -> "no '" + verificationLine + "'\n" + r.transcript());
        List<String> lines = out.stream().filter(l -> l.startsWith("RESULT ")).toList();
        assertEquals(1, lines.size(), () -> "one RESULT line from PE 0\n" + r.transcript());
        assertEquals(lines.get(0), out.get(out.size() - 1), () -> "RESULT is the last line\n" + r.transcript());
        for (int pe = 1; pe < nPes; pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().noneMatch(l -> l.startsWith("RESULT")),
                    () -> "PE " + p + " printed a RESULT line\n" + r.transcript());
        }
        Map<String, String> kv = new LinkedHashMap<>();
        for (String field : lines.get(0).substring("RESULT ".length()).split(" ")) {
            int eq = field.indexOf('=');
            assertTrue(eq > 0, () -> "field without '=': " + field);
            kv.put(field.substring(0, eq), field.substring(eq + 1));
        }
        List<String> keys = List.copyOf(kv.keySet());
        assertEquals(List.of("program", "pes"), keys.subList(0, 2), lines.get(0));
        assertEquals("verified", keys.get(keys.size() - 1), lines.get(0));
        assertEquals(program, kv.get("program"), lines.get(0));
        assertEquals(String.valueOf(nPes), kv.get("pes"), lines.get(0));
        assertEquals("true", kv.get("verified"), lines.get(0));
        return kv;
    }

    /**
     * The second half's figure (per iteration of the last I - I/2) times its iterations is part of the whole run's
     * ({@code perIteration}: the whole is per iteration of all I, else the run's total), allowing for 9 printed digits.
     */
    private static void assertSecondHalfWithin(JobResult r, Map<String, String> result, String late, String whole,
                                               boolean perIteration) {
        int iterations = Integer.parseInt(result.get("iterations"));
        double part = Double.parseDouble(result.get(late)) * (iterations - iterations / 2);
        double all = Double.parseDouble(result.get(whole)) * (perIteration ? iterations : 1);
        assertTrue(part <= all * (1 + 1e-6) + 1e-9, () -> late + " over the second half (" + part + " s) exceeds "
                + whole + " (" + all + " s)\n" + r.transcript());
    }

    private static void assertTimes(JobResult r, Map<String, String> result, String... phases) {
        for (String phase : phases) {
            String v = result.get(phase + "_s");
            assertTrue(v != null && Double.parseDouble(v) >= 0 && Double.isFinite(Double.parseDouble(v)),
                    () -> "no non-negative " + phase + "_s\n" + r.transcript());
        }
    }
}
