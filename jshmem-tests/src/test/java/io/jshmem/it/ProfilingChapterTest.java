package io.jshmem.it;

import io.jshmem.it.pe.ProfilingChapterPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The profiling chapter with real PE processes and a hard timeout each: shmem_pcontrol at levels 1, 0,
 * 2, negative and 7, and the profiling of every host operation (RMA, atomics, quiet, fence, waits, barriers,
 * collectives) in ProfData and JFR, counts checked in {@link ProfilingChapterPe}, at 1, 2 and 4 PEs.
 */
class ProfilingChapterTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(200)
    void pcontrolLevelsGateHostAndStreamProfiling(int nPes) {
        JobResult r = CannJobs.runOk(Jobs.spec(ProfilingChapterPe.class, nPes).withEnv("SHMEM_CYCLE_PROF_PE", "all"),
                "PROFILING CHAPTER OK pe ");
        for (int pe = 0; pe < nPes; pe++) {
            // pcontrol(2) and pcontrol(7) flush: each prints this PE's table once.
            String header = "jshmem profile of PE " + pe;
            assertEquals(2, r.stdout(pe).stream().filter(l -> l.equals(header)).count(), r::transcript);
        }
    }
}
