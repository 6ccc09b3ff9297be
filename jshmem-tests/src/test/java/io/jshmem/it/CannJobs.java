package io.jshmem.it;

import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Running and checking the CANN-extension PE programs: every PE must print a line starting with a marker. */
final class CannJobs {
    private CannJobs() {
    }

    /** Runs {@code spec}, which must succeed with every PE printing a line that starts with {@code marker + pe}. */
    static JobResult runOk(JobSpec spec, String marker) {
        JobResult r = Jobs.run(spec);
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < spec.nPes(); pe++) {
            assertHasLine(r.stdout(pe), marker + pe, r);
        }
        return r;
    }

    static void assertHasLine(List<String> lines, String prefix, Object context) {
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(prefix)), () -> "no line starting with '" + prefix
                + "' in " + lines + "\n" + (context instanceof JobResult r ? r.transcript() : context));
    }
}
