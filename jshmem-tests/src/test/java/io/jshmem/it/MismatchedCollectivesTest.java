package io.jshmem.it;

import io.jshmem.it.pe.MismatchedCollectivesPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Collectives called in different orders, or with other roots or sizes, fail every PE involved at once, naming the
 * calls that diverged, with a deadline (JSHMEM_TIMEOUT) of 120 s that none of them may wait for: a call that waits
 * fails at its first check (0.1 s into the wait), a call that returned (an eager broadcast synchronizes nobody) is
 * found at the next collective on the team or at finalize, and finalize after the failure takes one short step.
 * See {@link MismatchedCollectivesPe} for the cases.
 */
class MismatchedCollectivesTest {
    private static final int DEADLINE_S = 120;
    /** The 2 s of the goal, plus slack for a loaded shared host. */
    private static final long FAIL_WITHIN_MS = 4_000;
    /** From the divergence to the end of finalize, on every PE involved. */
    private static final long DONE_WITHIN_MS = 5_000;
    /**
     * Whole job, start-up of 2 or 3 JVMs included: half the deadline, so that no step waited for it. Start-up alone
     * took 5 to 35 s on the shared 2-core host that runs the suite (load 2 to 27); the bound above pins the failure.
     */
    private static final long JOB_WITHIN_MS = 60_000;

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({
        "lone, world, broadcast (root PE 0, 8 bytes)",
        "lone-reduce, world, sum reduction",
        "swapped, world, sum reduction",
        "barrier-broadcast, world, barrier",
        "roots, world, broadcast (root PE",
        "sizes, world, 16 bytes",
        "lone, split, broadcast (root PE 0, 8 bytes)",
        "lone-reduce, split, sum reduction",
        "swapped, split, sum reduction",
        "barrier-broadcast, split, barrier",
        "roots, split, broadcast (root PE",
        "sizes, split, 16 bytes",
        "destroy, split, team destroy",
    })
    @Timeout(100)
    void everyPeInvolvedFailsAtOnceNamingTheCalls(String mistake, String team, String named) {
        int nPes = team.equals("split") ? 3 : 2;
        String teamName = team.equals("split") ? "team (start 0, stride 1, size 2 of TEAM_WORLD)" : "TEAM_WORLD";
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(Jobs.spec(MismatchedCollectivesPe.class, nPes, mistake, team)
                .withEnv("JSHMEM_TIMEOUT", "" + DEADLINE_S));
        long jobMs = (System.nanoTime() - t0) / 1_000_000;
        assertNotEquals(0, r.exitCode(), () -> "the job must fail\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            int p = pe;
            assertNotEquals(0, r.peExitCode(pe), () -> "PE " + p + " exited 0\n" + r.transcript());
            assertNull(line(r.stdout(pe), "EXIT-ZERO"), r::transcript);
            String caught = line(r.stdout(pe), "CAUGHT ");
            String finalizeFailed = line(r.stdout(pe), "FINALIZE-FAILED ");
            String report = caught != null ? caught : finalizeFailed;
            assertNotNull(report, () -> "PE " + p + " reported no failure\n" + r.transcript());
            assertTrue(report.contains("collectives on " + teamName + " were called in different orders"),
                    () -> "PE " + p + ": " + report + "\n" + r.transcript());
            assertTrue(report.contains(named), () -> "PE " + p + " does not name '" + named + "': " + report);
            assertFalse(report.contains("raise JSHMEM_TIMEOUT if"), report);
            if (caught != null) {
                long ms = Long.parseLong(caught.split(" ")[1]);
                assertTrue(ms < FAIL_WITHIN_MS, "PE " + p + " failed after " + ms + " ms: " + caught);
            }
            String finalized = line(r.stdout(pe), "FINALIZED ");
            assertNotNull(finalized, r::transcript);
            long finalizeMs = Long.parseLong(finalized.split(" ")[1]);
            assertTrue(finalizeMs < FAIL_WITHIN_MS, "PE " + p + "'s finalize took " + finalizeMs + " ms\n"
                    + r.transcript());
            assertFalse(String.join("\n", r.stderr(pe)).contains("after a timeout"), r::transcript);
            String done = line(r.stdout(pe), "DONE ");
            assertNotNull(done, r::transcript);
            long doneMs = Long.parseLong(done.split(" ")[1]);
            assertTrue(doneMs < DONE_WITHIN_MS, "PE " + p + " ended " + doneMs + " ms after the divergence\n"
                    + r.transcript());
        }
        assertTrue(jobMs < JOB_WITHIN_MS, "the job took " + jobMs + " ms\n" + r.transcript());
    }

    private static void assertNull(String s, java.util.function.Supplier<String> why) {
        assertTrue(s == null, why);
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }
}
