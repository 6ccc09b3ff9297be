package io.jshmem.it;

import io.jshmem.it.pe.InitSmokePe;
import io.jshmem.it.pe.MemoryGuardPe;
import io.jshmem.it.pe.SyncConfigProfPe;
import io.jshmem.it.pe.UniqueIdAttrPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CANN SHMEM's Python suite, init side: init smoke with status and logging, unique-id attributes, memory
 * lifecycle with buffer guards, sync/config/prof. Real PE processes, a hard timeout each.
 */
class CannInitTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(150)
    void initSmokeReportsStatusVersionAndLogs(int nPes) {
        JobResult r = CannJobs.runOk(Jobs.spec(InitSmokePe.class, nPes).withEnv("SHMEM_LOG_LEVEL", "info"),
                "INIT SMOKE OK pe ");
        for (int pe = 0; pe < nPes; pe++) {
            String success = "The jshmem PE " + pe + " init success.";
            assertTrue(r.stderr(pe).stream().anyMatch(l -> l.contains(" INFO ") && l.endsWith(success)),
                    () -> "no INFO log line '" + success + "'\n" + r.transcript());
        }
    }

    @Test
    @Timeout(150)
    void uniqueIdInitTakesEveryAttribute(@TempDir Path dir) throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            Path uid = dir.resolve("uid");
            for (int pe = 0; pe < 2; pe++) {
                procs.start(Map.of(), UniqueIdAttrPe.class.getName(), uid.toString(), Integer.toString(pe), "2");
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(Duration.ofSeconds(120)), procs.dump());
            for (int pe = 0; pe < 2; pe++) {
                CannJobs.assertHasLine(procs.output(pe), "UID ATTR OK pe " + pe, procs.dump());
            }
        }
    }

    @Test
    @Timeout(150)
    void memoryLifecycleGuardsBuffers() {
        CannJobs.runOk(Jobs.spec(MemoryGuardPe.class, 2), "MEMORY OK pe ");
    }

    @Test
    @Timeout(150)
    void syncConfigAndProfiling() {
        JobResult r = CannJobs.runOk(Jobs.spec(SyncConfigProfPe.class, 2).withEnv("SHMEM_CYCLE_PROF_PE", "0"),
                "SYNC CONFIG PROF OK pe ");
        assertTrue(r.stdout(0).stream().anyMatch(l -> l.startsWith("jshmem profile of PE 0")), r.transcript());
    }

    @Test
    @Timeout(150)
    void aProfiledPeOutsideTheJobFailsInitOnEveryPe() {
        JobResult r = Jobs.run(Jobs.spec(InitSmokePe.class, 2).withEnv("SHMEM_CYCLE_PROF_PE", "5"));
        assertNotEquals(0, r.exitCode(), r::transcript);
        assertTrue(r.transcript().contains("SHMEM_CYCLE_PROF_PE = '5'") && r.transcript().contains("0..1"),
                r::transcript);
    }
}
