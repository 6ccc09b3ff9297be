package io.jshmem.it;

import io.jshmem.it.pe.AbandonedCollectivePe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A PE that finalizes early (its code threw out of a try-with-resources block) while the others enter a collective
 * it never calls: the others fail in at most about two seconds, naming it and the reason, instead of waiting for the
 * deadline (60 s here), and then finalize with it; the job ends with the thrower's failure.
 */
class AbandonedCollectiveTest {
    private static final int DEADLINE_S = 60;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"broadcast", "barrierAll", "reduce"})
    @Timeout(120)
    void theOthersFailFastNamingThePeThatFinalized(String collective) {
        long t0 = System.nanoTime();
        JobResult r = Jobs.run(Jobs.spec(AbandonedCollectivePe.class, 2, collective)
                .withEnv("JSHMEM_TIMEOUT", "" + DEADLINE_S));
        long jobMs = (System.nanoTime() - t0) / 1_000_000;
        assertNotEquals(0, r.exitCode(), () -> "PE 1's exception must fail the job\n" + r.transcript());
        assertEquals(0, r.peExitCode(0), r::transcript);
        assertNotEquals(0, r.peExitCode(1), r::transcript);
        assertTrue(String.join("\n", r.stderr(1)).contains("PE 1's simulated application failure"), r::transcript);
        String caught = line(r.stdout(0), "CAUGHT ");
        assertNotNull(caught, r::transcript);
        long caughtMs = Long.parseLong(caught.split(" ")[1]);
        // A team collective knows at its first check (0.1 s into the wait) that PE 1 finalized without calling it;
        // barrierAll takes two checks a second apart after the first second: about 2 s. Both far below the deadline
        // on a loaded host.
        assertTrue(caughtMs < 15_000, caughtMs + " ms: " + caught);
        assertTrue(caught.contains("PE 1 entered finalize while PE 0 is in "), caught);
        assertTrue(caught.contains("instead of at the deadline"), caught);
        String finalized = line(r.stdout(0), "FINALIZED ");
        assertNotNull(finalized, r::transcript);
        assertTrue(Long.parseLong(finalized.split(" ")[1]) < 15_000, finalized);
        assertTrue(jobMs < DEADLINE_S * 1000L, "the job took " + jobMs + " ms, as long as a deadline");
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }
}
