package io.jshmem.it;

import io.jshmem.it.pe.ProgressPriorityPe;
import io.jshmem.launcher.JobSpec;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * JSHMEM_UCX_PROGRESS_PRIORITY's default in real PE processes: the engine learns this host's PEs and the CPUs they
 * share (JSHMEM_HOST_CPUS stands in for a smaller host) and runs its progress thread in the idle class only where
 * the PEs outnumber them; an explicit class holds either way; data flows in every case. Over UCX on tcp/lo, a hard
 * timeout each.
 */
class UcxProgressPriorityTest {
    @BeforeEach
    void needsLibucp() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
    }

    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    private static JobSpec overUcx(int nPes, int hostCpus, String expected) {
        return Jobs.spec(ProgressPriorityPe.class, nPes, expected).withEnv("JSHMEM_ENGINE", "ucx")
                .withEnv("UCX_TLS", "tcp").withEnv("UCX_NET_DEVICES", "lo")
                .withEnv("JSHMEM_HOST_CPUS", Integer.toString(hostCpus));
    }

    @Test
    @Timeout(180)
    void idleWhereThreePesShareTwoCpus() {
        CannJobs.runOk(overUcx(3, 2, "idle"), "PROGRESS OK pe ");
    }

    @Test
    @Timeout(180)
    void batchWhereEveryPeHasACpu() {
        CannJobs.runOk(overUcx(2, 2, "batch"), "PROGRESS OK pe ");
    }

    @Test
    @Timeout(180)
    void anExplicitBatchHoldsWherePesOutnumberTheCpus() {
        CannJobs.runOk(overUcx(2, 1, "batch").withEnv("JSHMEM_UCX_PROGRESS_PRIORITY", "batch"), "PROGRESS OK pe ");
    }
}
