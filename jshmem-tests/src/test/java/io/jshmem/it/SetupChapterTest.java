package io.jshmem.it;

import io.jshmem.it.pe.SetupChapterPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenSHMEM 1.6's setup chapter, with real PE processes and a hard timeout each:
 * shmem_query_initialized / queryFinalized, nested init and finalize, shmem_pe_accessible and shmem_addr_accessible
 * (good and bad inputs, values checked in {@link SetupChapterPe}) at 1, 2 and 4 PEs; the SHMEM_VERSION, SHMEM_INFO
 * and SHMEM_DEBUG environment variables (printed once, by PE 0 only; debug log lines only when asked for).
 */
class SetupChapterTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(200)
    void queriesNestedInitAndAccessibility(int nPes) {
        JobResult r = CannJobs.runOk(Jobs.spec(SetupChapterPe.class, nPes), "SETUP CHAPTER OK pe ");
        for (int pe = 0; pe < nPes; pe++) {
            assertTrue(r.stdout(pe).stream().noneMatch(l -> l.startsWith("SHMEM_VERSION:")
                    || l.startsWith("SHMEM_INFO:")), () -> "nothing printed without SHMEM_VERSION / SHMEM_INFO\n"
                    + r.transcript());
            assertTrue(r.stderr(pe).stream().noneMatch(l -> l.contains(" DEBUG ")),
                    () -> "no debug lines without SHMEM_DEBUG\n" + r.transcript());
        }
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(200)
    void versionInfoAndDebugVariablesPrintOnceOnPeZero(int nPes) {
        JobResult r = CannJobs.runOk(Jobs.spec(SetupChapterPe.class, nPes).withEnv("SHMEM_VERSION", "1")
                .withEnv("SHMEM_INFO", "yes").withEnv("SHMEM_DEBUG", "1"), "SETUP CHAPTER OK pe ");
        List<String> out0 = r.stdout(0);
        // SetupChapterPe inits instance 0 once, nests, and inits instance 1 twice: still one text each.
        assertEquals(1, out0.stream().filter(l -> l.equals("SHMEM_VERSION: jshmem 0.1.0 (OpenSHMEM 1.6, CANN SHMEM"
                + " 1.1 extensions)")).count(), r::transcript);
        assertEquals(1, out0.stream().filter(l -> l.startsWith("SHMEM_INFO: jshmem 0.1.0")).count(), r::transcript);
        for (String row : List.of("SHMEM_SYMMETRIC_SIZE = '32m' (environment SHMEM_SYMMETRIC_SIZE)",
                "SHMEM_VERSION = '1' (environment SHMEM_VERSION)", "SHMEM_INFO = 'yes' (environment SHMEM_INFO)",
                "SHMEM_DEBUG = '1' (environment SHMEM_DEBUG)",
                "JSHMEM_UNIQUE_ID = '<set, hidden>' (environment JSHMEM_UNIQUE_ID)")) {
            assertTrue(out0.stream().anyMatch(l -> l.equals("  " + row)), () -> "SHMEM_INFO lacks '" + row + "'\n"
                    + r.transcript());
        }
        assertTrue(out0.stream().anyMatch(l -> l.trim().startsWith("Bytes of symmetric heap per PE")),
                () -> "SHMEM_INFO explains each variable\n" + r.transcript());
        for (int pe = 0; pe < nPes; pe++) {
            int p = pe;
            if (pe > 0) {
                assertTrue(r.stdout(pe).stream().noneMatch(l -> l.startsWith("SHMEM_")),
                        () -> "PE " + p + " printed SHMEM_VERSION/INFO text\n" + r.transcript());
            }
            // SHMEM_DEBUG: jshmem's debug messages appear (malloc logs each block at debug level).
            assertTrue(r.stderr(pe).stream().anyMatch(l -> l.contains(" DEBUG ") && l.contains("malloc of 64 bytes")),
                    () -> "PE " + p + " printed no debug line with SHMEM_DEBUG=1\n" + r.transcript());
        }
    }

    @Test
    @Timeout(200)
    void anExplicitOffValueOfShmemDebugPrintsNoDebugLines() {
        JobResult r = CannJobs.runOk(Jobs.spec(SetupChapterPe.class, 2).withEnv("SHMEM_DEBUG", "0"),
                "SETUP CHAPTER OK pe ");
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.stderr(pe).stream().noneMatch(l -> l.contains(" DEBUG ")), r::transcript);
        }
    }
}
