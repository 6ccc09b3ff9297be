package io.jshmem.it;

import io.jshmem.examples.SignalPipeline;
import io.jshmem.it.pe.AtomicsPe;
import io.jshmem.it.pe.ContextsPe;
import io.jshmem.it.pe.LockPe;
import io.jshmem.it.pe.OrderingPe;
import io.jshmem.it.pe.SignalsPe;
import io.jshmem.it.pe.SyncBadInputPe;
import io.jshmem.it.pe.WaitFailurePe;
import io.jshmem.it.pe.WaitsPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Atomics, put-with-signal, point-to-point waits, ordering, locks, contexts and thread levels, each with real PE
 * processes through the launcher and a hard timeout. Jobs.run checks that each job leaves no heap file behind.
 */
class SyncTest {
    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void atomicsAreExactUnderContentionAndInEveryForm(int nPes) {
        Jobs.runOk(AtomicsPe.class, nPes, pe -> "ATOMICS OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(150)
    void everyWaitFormWithEveryComparisonReturnsOnlyAfterTheWrite(int nPes) {
        JobResult r = Jobs.run(Jobs.spec(WaitsPe.class, nPes).withEnv("JSHMEM_TIMEOUT", "30"));
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < nPes; pe += 2) {
            int p = pe;
            // 6 types x (6 comparisons x 14 forms + wait)
            assertTrue(String.join("\n", r.stdout(pe)).contains("WAITS OK pe " + pe + " (510 cases)"),
                    () -> "PE " + p + " did not check every case\n" + r.transcript());
        }
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 4})
    @Timeout(150)
    void putWithSignalDeliversDataBeforeTheSignal(int nPes) {
        Jobs.runOk(SignalsPe.class, nPes, pe -> "SIGNALS OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2})
    @Timeout(150)
    void aFlagIsNeverSeenBeforeItsDataOver100000Iterations(int nPes) {
        JobResult r = Jobs.runOk(OrderingPe.class, nPes, pe -> "ORDERING OK pe " + pe, "100000");
        assertTrue(String.join("\n", r.stdout(0)).contains("ordering fence: 100000 iterations"), r::transcript);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void locksAreMutuallyExclusiveAndFifo(int nPes) {
        Jobs.runOk(LockPe.class, nPes, pe -> "LOCK OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(150)
    void thirtyTwoContextsOnVirtualThreads(int nPes) {
        Jobs.runOk(ContextsPe.class, nPes, pe -> "CONTEXTS OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(150)
    void badSyncInputIsRejectedWithoutModifyingAnything(int nPes) {
        Jobs.runOk(SyncBadInputPe.class, nPes, pe -> "SYNC BAD INPUT OK pe " + pe);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(150)
    void signalPipelineExampleSucceedsOnEveryPe(int nPes) {
        Jobs.runOk(SignalPipeline.class, nPes, pe -> "[SUCCESS] run success in pe " + pe, "64", "16");
    }

    @Test
    @Timeout(150)
    void waitsAndLocksReportADeadPeWithinSeconds() {
        JobResult r = Jobs.run(Jobs.spec(WaitFailurePe.class, 3, "kill"));
        assertEquals(1, r.failedPe(), () -> r + "\n" + r.transcript());
        for (int pe : List.of(0, 2)) {
            String call = pe == 2 ? "setLock" : "waitUntilLong";
            String line = r.stdout(pe).stream().filter(l -> l.startsWith("DETECTED")).findFirst()
                    .orElseThrow(() -> new AssertionError("PE " + pe + " did not report the dead PE\n"
                            + r.transcript()));
            assertTrue(line.startsWith("DETECTED failed PE 1 after ") && line.endsWith(" ms in " + call), line);
            long ms = Long.parseLong(line.replaceAll(".* after (\\d+) ms.*", "$1"));
            assertTrue(ms < 10_000, line);
            assertEquals(3, r.peExitCodes().get(pe), r::transcript);
        }
    }

    @Test
    @Timeout(150)
    void aWaitThatCannotCompleteTimesOutAtTheDeadline() {
        JobResult r = Jobs.run(Jobs.spec(WaitFailurePe.class, 2, "timeout").withEnv("JSHMEM_TIMEOUT", "2"));
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            String line = r.stdout(pe).stream().filter(l -> l.startsWith("TIMED OUT")).findFirst()
                    .orElseThrow(() -> new AssertionError(r.transcript()));
            assertTrue(line.contains("waitUntil") && line.contains("within 2 s")
                    && line.contains("JSHMEM_TIMEOUT"), line);
            long ms = Long.parseLong(line.replaceAll("TIMED OUT after (\\d+) ms.*", "$1"));
            assertTrue(ms >= 1900 && ms < 10_000, line);
        }
    }
}
