package io.jshmem.it;

import io.jshmem.examples.RmaRing;
import io.jshmem.it.pe.HeapPe;
import io.jshmem.it.pe.MultiHostPe;
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
 * the same PE programs as the shared-memory tests must pass unchanged.
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

    private static void check(JobSpec spec, String prefix) {
        JobResult r = Jobs.run(spec);
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < spec.nPes(); pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).stream().anyMatch(l -> l.startsWith(prefix + p)), r::transcript);
        }
    }
}
