package io.jshmem.it;

import io.jshmem.it.pe.PartnerFinalizedPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A point-to-point wait whose only possible writer has finalized: the wait cannot tell that no thread of its own PE
 * will write, so it keeps its deadline, but its warning and its timeout say which PEs can no longer write instead of
 * naming nobody; the job then ends within a few deadlines. Deadline 4 s, warning at half of it (PE 1 has long entered finalize by then).
 */
class PartnerFinalizedWaitTest {
    private static final int DEADLINE_S = 4;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"waitUntil", "signalWaitUntil", "waitUntilAny"})
    @Timeout(120)
    void theTimeoutAndTheWarningNameThePartnerInFinalize(String call) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(Jobs.spec(PartnerFinalizedPe.class, 2, call)
                .withEnv("JSHMEM_TIMEOUT", "" + DEADLINE_S).withEnv("JSHMEM_COLL_WARN_FRACTION", "0.5"));
        long jobMs = (System.nanoTime() - t0) / 1_000_000;
        // PE 0 catches its timeout and finalizes. PE 1's finalize waits for PE 0 under the same deadline: whether it
        // times out first or PE 0 arrives first is a race, so PE 1 either ends cleanly or fails naming finalize.
        assertTrue(jobMs < 6L * DEADLINE_S * 1000, "the job took " + jobMs + " ms");
        if (r.exitCode() != 0) {
            assertTrue(String.join("\n", r.stderr(1)).contains("finalize"), r::transcript);
        }
        String caught = line(r.stdout(0), "CAUGHT ");
        assertNotNull(caught, r::transcript);
        assertTrue(caught.contains("every other PE (PE 1) has entered finalize"), caught);
        assertTrue(caught.contains("did not complete within " + DEADLINE_S + " s"), caught);
        long caughtMs = Long.parseLong(caught.split(" ")[1]);
        assertTrue(caughtMs >= DEADLINE_S * 1000L - 100, caughtMs + " ms: the wait must keep its deadline");
        assertNotNull(line(r.stdout(0), "FINALIZED"), r::transcript);
        String warning = String.join("\n", r.stderr(0));
        assertTrue(warning.contains("has waited") && warning.contains("every other PE (PE 1) has entered finalize"),
                r::transcript);
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }
}
