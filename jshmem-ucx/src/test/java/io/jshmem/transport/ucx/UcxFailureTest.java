package io.jshmem.transport.ucx;

import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.spi.AmoOp;
import io.jshmem.spi.Transport;
import io.jshmem.spi.contract.InJvmJob;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer that goes away turns operations into {@link PeFailedException} naming it; a peer that never makes
 * progress turns them into {@link ShmemTimeoutException} naming it after the deadline; closing after either
 * neither hangs nor crashes. Needs transports with peer-failure support (tcp), so it is skipped on shm-only runs.
 */
@Timeout(120)
class UcxFailureTest {
    @BeforeEach
    void requireUcxOverTcp() {
        UcxTestSupport.assumeUcx();
        String tls = System.getenv("UCX_TLS");
        Assumptions.assumeTrue(tls == null || tls.contains("tcp"),
                "UCX failure detection needs a transport with peer-failure support (tcp); "
                        + UcxTestSupport.transports());
    }

    @Test
    void operationsToAPeThatClosedThrowPeFailedNamingIt() throws Exception {
        UcxJobRunner.run(2, false, Duration.ofSeconds(20), pe -> {
            Transport t = pe.transport();
            assertEquals(0L, t.atomicLong(AmoOp.FETCH, 1 - pe.pe(), 0, 0, 0), "link works before the failure");
            pe.barrier();
            if (pe.pe() == 1) {
                t.close(); // PE 1 "dies": its worker and sockets are gone
            }
            pe.barrier();
            if (pe.pe() == 0) {
                long start = System.nanoTime();
                PeFailedException e = assertThrows(PeFailedException.class,
                        () -> t.atomicLong(AmoOp.FETCH_ADD, 1, 0, 1, 0));
                assertEquals(1, e.failedPe());
                assertTrue(e.getMessage().contains("PE 1"), e.getMessage());
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment v = arena.allocate(8, 8);
                    PeFailedException again = assertThrows(PeFailedException.class, () -> t.put(1, 0, v, 0, 8));
                    assertEquals(1, again.failedPe());
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis < 15_000, "failure took " + millis + " ms to surface");
            }
        });
    }

    @Test
    void aPeerThatNeverProgressesTimesOutNamingIt() throws Exception {
        Duration timeout = Duration.ofSeconds(2);
        InJvmJob job = new InJvmJob(2, Duration.ofSeconds(30));
        try (Arena arena = Arena.ofShared()) {
            MemorySegment heap0 = arena.allocate(1 << 20, 4096);
            MemorySegment heap1 = arena.allocate(1 << 20, 4096);
            AtomicReference<Throwable> passiveError = new AtomicReference<>();
            // PE 1 publishes a worker but never progresses it (no progress thread): like a stopped process.
            Thread passive = Thread.ofPlatform().name("passive-pe1").start(() -> {
                UcxWorker ucx = null;
                try {
                    var setup = job.setup(1, heap1);
                    ucx = UcxWorker.open(heap1, 0);
                    setup.allgather(UcxTransportFactory.ALLGATHER_KEY, ucx.localInfo(heap1).encode());
                    job.barrier(); // until PE 0 is done
                } catch (Throwable e) {
                    passiveError.set(e);
                } finally {
                    if (ucx != null) {
                        ucx.close();
                    }
                }
            });
            var setup0 = new InJvmJob.TimeoutOverride(job.setup(0, heap0), timeout);
            Transport t = new UcxTransportProvider().create(setup0, new boolean[] {false, true});
            try {
                MemorySegment dst = Arena.global().allocate(8, 8); // UCX may write it late: never freed
                ShmemTimeoutException get = assertThrows(ShmemTimeoutException.class, () -> t.get(1, 0, dst, 0, 8));
                assertEquals(List.of(1), get.missingPes());
                assertTrue(get.getMessage().contains("PE 1"), get.getMessage());
                ShmemTimeoutException amo = assertThrows(ShmemTimeoutException.class,
                        () -> t.atomicLong(AmoOp.FETCH_ADD, 1, 0, 1, 0));
                assertEquals(List.of(1), amo.missingPes());
            } finally {
                long start = System.nanoTime();
                t.close();
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis < 30_000, "close took " + millis + " ms");
                job.barrier();
                passive.join(30_000);
            }
            assertNull(passiveError.get(), () -> "passive PE failed: " + passiveError.get());
        }
    }
}
