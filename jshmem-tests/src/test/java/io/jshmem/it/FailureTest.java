package io.jshmem.it;

import io.jshmem.it.pe.FailurePe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dead PEs, globalExit and deadlines: reported clearly, never a hang, nothing left behind. */
class FailureTest {
    private static final Pattern DETECTED = Pattern.compile("DETECTED failed PE (\\d+) after (\\d+) ms");

    @Test
    @Timeout(150)
    void killedPeIsNamedByTheOthersWithinTenSeconds() {
        JobResult r = Jobs.run(Jobs.spec(FailurePe.class, 4, "kill"));
        assertEquals(1, r.failedPe(), () -> r + "\n" + r.transcript());
        assertEquals(137, r.exitCode(), r::transcript);
        assertTrue(r.failure().contains("signal 9"), r::toString);
        for (int pe : List.of(0, 2, 3)) {
            String line = r.stdout(pe).stream().filter(l -> l.startsWith("DETECTED")).findFirst()
                    .orElseThrow(() -> new AssertionError("PE " + pe + " did not report the dead PE\n"
                            + r.transcript()));
            Matcher m = DETECTED.matcher(line);
            assertTrue(m.find(), line);
            assertEquals("1", m.group(1), line);
            assertTrue(Long.parseLong(m.group(2)) < 10_000, line);
            assertEquals(3, r.peExitCodes().get(pe), r::transcript);
        }
    }

    @Test
    @Timeout(150)
    void globalExitEndsEveryPeWithItsStatus() {
        JobResult r = Jobs.run(Jobs.spec(FailurePe.class, 3, "exit"));
        assertEquals(7, r.exitCode(), () -> r + "\n" + r.transcript());
        assertEquals(List.of(7, 7, 7), r.peExitCodes(), r::transcript);
    }

    @Test
    @Timeout(150)
    void peFailingInitIsReportedToTheOthersAtOnce() {
        JobResult r = Jobs.run(Jobs.spec(FailurePe.class, 3, "initfail"));
        // PE 1 leaves the rendezvous before its JVM exits with 5; under load the launcher may see the lost
        // connection first (status 1). Either way PE 1 is the one that failed first.
        assertEquals(1, r.failedPe(), () -> r + "\n" + r.transcript());
        assertTrue(r.exitCode() == 5 || r.exitCode() == 1, () -> r + "\n" + r.transcript());
        assertTrue(r.stdout(1).stream().anyMatch(l -> l.contains("INIT FAILED") && l.contains("JSHMEM_HEAP_DIR")),
                r::transcript);
        for (int pe : List.of(0, 2)) {
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith("INIT FAILED PeFailedException")
                    && l.contains("PE 1")), r::transcript);
        }
        assertTrue(r.elapsed().toSeconds() < 30, () -> "took " + r.elapsed());
    }

    @Test
    @Timeout(150)
    void heapSizeMismatchFailsEveryPeNamingTheOddOne() {
        JobResult r = Jobs.run(Jobs.spec(FailurePe.class, 3, "sizemismatch"));
        assertEquals(5, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < 3; pe++) {
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.contains("disagree on the symmetric heap size")
                    && l.contains("PE 1=8388608")), r::transcript);
        }
    }

    @Test
    @Timeout(150)
    void barrierDeadlineNamesTheMissingPe() {
        JobResult r = Jobs.run(Jobs.spec(FailurePe.class, 2, "timeout").withEnv("JSHMEM_TIMEOUT", "2"));
        assertEquals(0, r.failedPe(), () -> r + "\n" + r.transcript());
        assertEquals(4, r.exitCode(), r::transcript);
        assertTrue(r.stdout(0).stream().anyMatch(l -> l.startsWith("TIMEOUT missing [1]")
                && l.contains("PEs not arrived: [1]") && l.contains("JSHMEM_TIMEOUT")), r::transcript);
    }
}
