package io.jshmem.it;

import io.jshmem.it.pe.EngineConfigPe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

/**
 * CANN's engine configurations act on jshmem's engines: {@code setMteConfig} moves the SHM engine's
 * large-copy threshold, {@code setSdmaConfig} the copy engine's minimum nbi size (observed in which puts its thread
 * performs); RDMA/UDMA are parity only. Real PE processes, a hard timeout each.
 */
class CannEngineConfigTest {
    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    @ParameterizedTest(name = "{0} PEs, copy engine on")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(150)
    void mteAndSdmaConfigsActOnTheShmAndCopyEngines(int nPes) {
        CannJobs.runOk(Jobs.spec(EngineConfigPe.class, nPes, "copy-engine").withEnv("JSHMEM_COPY_ENGINE", "true")
                .withEnv("JSHMEM_COPY_ENGINE_MIN", "1m"), "ENGINE CONFIG OK pe ");
    }

    @Test
    @Timeout(150)
    void withoutTheCopyEngineSdmaIsStoredOnlyAndMteStillActs() {
        CannJobs.runOk(Jobs.spec(EngineConfigPe.class, 2, "plain"), "ENGINE CONFIG OK pe ");
    }
}
