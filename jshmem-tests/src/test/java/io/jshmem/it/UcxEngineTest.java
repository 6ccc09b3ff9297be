package io.jshmem.it;

import io.jshmem.examples.RmaRing;
import io.jshmem.it.pe.HeapPe;
import io.jshmem.it.pe.MultiHostPe;
import io.jshmem.it.pe.ProgressPriorityPe;
import io.jshmem.it.pe.RmaPe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The UCX engine forced for every peer on one host (JSHMEM_ENGINE=ucx), over UCX's tcp transport on loopback:
 * the same PE programs as the shared-memory tests must pass unchanged. Also JSHMEM_UCX_PROGRESS_PRIORITY's default
 * in real PE processes: the engine learns this host's PEs and the CPUs they share (JSHMEM_HOST_CPUS stands in for a
 * smaller host) and runs its progress thread in the idle class only where the PEs outnumber them; an explicit class
 * holds either way; data flows in every case.
 */
class UcxEngineTest {
    /** Each test, not the class, is skipped with the reason, so that reports count the skipped tests. */
    @BeforeEach
    void needsLibucp() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
    }

    private static JobSpec overUcx(Class<?> main, int nPes) {
        return Jobs.spec(main, nPes).withEnv("JSHMEM_ENGINE", "ucx").withEnv("UCX_TLS", "tcp")
                .withEnv("UCX_NET_DEVICES", "lo");
    }

    @Test
    @Timeout(180)
    void rmaFormsWorkOverUcxTcp() {
        check(overUcx(RmaPe.class, 2), "RMA OK pe ");
    }

    @Test
    @Timeout(180)
    void heapOperationsWorkOverUcxTcp() {
        check(overUcx(HeapPe.class, 3), "HEAP OK pe ");
    }

    @Test
    @Timeout(180)
    void atomicsSignalsAndBarriersWorkOverUcxTcp() {
        // The two-host program (io.jshmem.it.pe.MultiHostPe) with every peer forced onto UCX: no namespaces needed.
        check(overUcx(MultiHostPe.class, 3).withArgs("ops"), "MULTIHOST OK pe ");
    }

    @Test
    @Timeout(180)
    void rmaRingRunsOverUcxShm() {
        JobSpec spec = Jobs.spec(RmaRing.class, 2).withEnv("JSHMEM_ENGINE", "ucx")
                .withEnv("UCX_TLS", "self,posix,sysv,cma").withEnv("UCX_NET_DEVICES", "lo");
        check(spec, "[SUCCESS] run success in pe ");
    }

    private static JobSpec progressPriority(int nPes, int hostCpus, String expected) {
        return overUcx(ProgressPriorityPe.class, nPes).withArgs(expected)
                .withEnv("JSHMEM_HOST_CPUS", Integer.toString(hostCpus));
    }

    @Test
    @Timeout(180)
    void progressThreadIsIdleWhereThreePesShareTwoCpus() {
        check(progressPriority(3, 2, "idle"), "PROGRESS OK pe ");
    }

    @Test
    @Timeout(180)
    void progressThreadIsBatchWhereEveryPeHasACpu() {
        check(progressPriority(2, 2, "batch"), "PROGRESS OK pe ");
    }

    @Test
    @Timeout(180)
    void anExplicitBatchProgressThreadHoldsWherePesOutnumberTheCpus() {
        check(progressPriority(2, 1, "batch").withEnv("JSHMEM_UCX_PROGRESS_PRIORITY", "batch"), "PROGRESS OK pe ");
    }

    private static void check(JobSpec spec, String prefix) {
        JobResult r = Jobs.run(spec);
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < spec.nPes(); pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith(prefix + p)), r::transcript);
        }
    }
}
