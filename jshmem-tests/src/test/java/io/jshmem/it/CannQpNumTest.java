package io.jshmem.it;

import io.jshmem.it.pe.QpNumPe;
import io.jshmem.launcher.JobResult;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * CANN's {@code set_qp_num} maps to the UCX engine's lanes per endpoint (UCX_MAX_RNDV_RAILS, read back from UCX),
 * from the API or JSHMEM_UCX_QP_NUM; other engines and bad counts are rejected with the reason. Over UCX on tcp/lo,
 * real PE processes, a hard timeout each.
 */
class CannQpNumTest {
    @BeforeEach
    void needsLibucp() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
    }

    @AfterEach
    void noHeapFilesLeft() throws IOException {
        ShmFiles.assertNoneLeft();
    }

    private static io.jshmem.launcher.JobSpec overUcx(int nPes, String arg) {
        return Jobs.spec(QpNumPe.class, nPes, arg).withEnv("JSHMEM_ENGINE", "ucx").withEnv("UCX_TLS", "tcp")
                .withEnv("UCX_NET_DEVICES", "lo");
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {1, 2})
    @Timeout(180)
    void setQpNumBecomesUcxRailsAndDataFlows(int nPes) {
        CannJobs.runOk(overUcx(nPes, "set:4"), "QP NUM OK pe ");
    }

    @Test
    @Timeout(180)
    void theEnvironmentSetsItTooAndABadValueFailsInitWithTheRange() {
        CannJobs.runOk(overUcx(2, "env:3").withEnv("JSHMEM_UCX_QP_NUM", "3"), "QP NUM OK pe ");
        JobResult r = Jobs.run(overUcx(2, "env:40").withEnv("JSHMEM_UCX_QP_NUM", "40"));
        assertNotEquals(0, r.exitCode(), r::transcript);
        assertTrue(r.transcript().contains("JSHMEM_UCX_QP_NUM = '40'") && r.transcript().contains("1..32"),
                r::transcript);
    }
}
