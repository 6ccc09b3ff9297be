package io.jshmem.it;

import io.jshmem.it.pe.AllocationFreePe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import io.jshmem.transport.ucx.UcxTransportProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The hot paths allocate nothing per call: put/get (blocking and nbi), p/g, atomics, signals, waits, fence and
 * barrierAll, and 8-byte broadcast, fcollect and sum reduction, counted with the thread's allocated bytes around 10,000 calls each on 2 PEs (see
 * {@link AllocationFreePe}), over SHM with spinning and with sleeping waits, and over UCX when libucp is present.
 */
class AllocationFreeTest {
    @Test
    @Timeout(180)
    void shmHotPathsAllocateNothing() {
        check(Jobs.spec(AllocationFreePe.class, 2));
    }

    @Test
    @Timeout(180)
    void sleepingWaitsAllocateNothing() {
        check(Jobs.spec(AllocationFreePe.class, 2).withEnv("JSHMEM_WAIT_MODE", "sleep"));
    }

    @Test
    @Timeout(240)
    void ucxHotPathsAllocateNothing() {
        assumeTrue(UcxTransportProvider.isAvailable(), () -> "libucp not loadable: "
                + UcxTransportProvider.unavailableReason());
        // A round trip over tcp loopback costs tens of microseconds: 4,000 calls per routine after 8,000 to warm up
        // (the JIT must have compiled the path; one object per call would still be 16 bytes x 4,000 > tolerance).
        check(Jobs.spec(AllocationFreePe.class, 2, "4000", "8000").withEnv("JSHMEM_ENGINE", "ucx")
                .withEnv("UCX_TLS", "tcp").withEnv("UCX_NET_DEVICES", "lo").withTimeout(Duration.ofSeconds(200)));
    }

    private static void check(JobSpec spec) {
        // The JVM's own compilers, C2 included, as users run them: the promise is about the code they produce.
        JobResult r = Jobs.run(spec.withEnv("JSHMEM_TIMEOUT", "60").withJvmArgs(java.util.List.of()));
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            int p = pe;
            assertTrue(r.stdout(pe).contains("ALLOCATION FREE OK pe " + pe),
                    () -> "PE " + p + " did not finish\n" + r.transcript());
        }
    }
}
