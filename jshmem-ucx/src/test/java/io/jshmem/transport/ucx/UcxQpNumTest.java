package io.jshmem.transport.ucx;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** JSHMEM_UCX_QP_NUM (CANN's set_qp_num): its range, and UCX's own reading of the lanes it becomes. */
@Timeout(60)
class UcxQpNumTest {
    @Test
    void theSettingIsOneToThirtyTwoOrEmpty() {
        assertEquals(0, UcxTransportFactory.qpNum(""));
        assertEquals(0, UcxTransportFactory.qpNum("  "));
        assertEquals(1, UcxTransportFactory.qpNum("1"));
        assertEquals(32, UcxTransportFactory.qpNum(" 32 "));
        for (String bad : new String[] {"0", "33", "-1", "two"}) {
            ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> UcxTransportFactory.qpNum(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'") && e.getMessage().contains("1..32"), e.getMessage());
        }
    }

    @Test
    void ucxReadsTheRailsBack() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
        try (UcxConfig c = UcxConfig.read(3)) {
            assertEquals("3", c.rails);
        }
        try (UcxConfig c = UcxConfig.read(0)) {
            // Unset: UCX's own value (2 in UCX 1.13 unless UCX_MAX_RNDV_RAILS is exported).
            assertTrue(c.rails.matches("\\d+"), c.rails);
        }
    }

    @Test
    void theWorkerLockIsAMutexUnlessTheEnvironmentChoosesIt() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
        String chosen = System.getenv("UCX_USE_MT_MUTEX");
        try (UcxConfig c = UcxConfig.read(0)) {
            if (chosen == null) {
                assertEquals("y", c.mtMutex, "the engine's default: a mutex, not UCX's spinlock");
            } else {
                assertEquals(chosen.strip().toLowerCase(java.util.Locale.ROOT).startsWith("y") ? "y" : "n",
                        c.mtMutex, "UCX_USE_MT_MUTEX=" + chosen + " from the environment wins");
            }
        }
    }
}
