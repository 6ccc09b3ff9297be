package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Memory kinds and hints on a one-PE job in this JVM, whose class path has no {@link io.jshmem.spi.MemoryKindProvider}
 * registered at all: DEVICE_SIDE fails naming the interface and how to supply one (never a fallback), HOST_SIDE is the
 * heap, hints are recorded and unknown bits rejected, team ptr of the world team is ptr. The multi-PE cases, with a provider, are in
 * jshmem-tests' MemoryChapterTest.
 */
@Timeout(120)
class MemoryKindsTest {

    @Test
    void deviceSideWithoutAnyProviderFailsNamingWhatIsMissing() {
        try (ShmemRuntime rt = Shmem.init()) {
            HeapUsage before = rt.heapUsage();
            ShmemStateException e = assertThrows(ShmemStateException.class, () -> rt.malloc(64, MemType.DEVICE_SIDE));
            String m = e.getMessage();
            for (String part : new String[] {"malloc with MemType.DEVICE_SIDE", "none is available",
                "implement io.jshmem.spi.MemoryKindProvider", "META-INF/services/io.jshmem.spi.MemoryKindProvider",
                "provides io.jshmem.spi.MemoryKindProvider with", "never falls back to HOST_SIDE",
                "or allocate with MemType.HOST_SIDE", "Nothing was allocated"}) {
                assertTrue(m.contains(part), () -> "message lacks '" + part + "': " + m);
            }
            assertTrue(!m.contains("found but unavailable"), m);
            assertThrows(ShmemStateException.class, () -> Shmem.calloc(1, 8, MemType.DEVICE_SIDE));
            assertThrows(ShmemStateException.class, () -> rt.align(64, 8, MemType.DEVICE_SIDE));
            assertEquals(before, rt.heapUsage(), "nothing allocated");

            SymmetricMemory host = rt.malloc(64, MemType.HOST_SIDE);
            assertEquals(MemType.HOST_SIDE, host.memType());
            assertEquals(rt.instanceId(), host.instanceId());
            assertEquals(0, MemType.HOST_SIDE.code());
            assertEquals(1, MemType.DEVICE_SIDE.code());
            rt.free(host, MemType.HOST_SIDE);
        }
    }

    @Test
    void anUnknownDeviceKindNameFailsTheFirstAllocationNamingTheSetting() {
        try (ShmemRuntime rt = Shmem.init()) {
            HeapUsage before = rt.heapUsage();
            System.setProperty("jshmem.device.kind", "no-such-kind");
            try {
                String m = assertThrows(ShmemStateException.class, () -> rt.malloc(64, MemType.DEVICE_SIDE))
                        .getMessage();
                assertTrue(m.contains("JSHMEM_DEVICE_KIND = no-such-kind names no memory-kind provider of "
                        + "DEVICE_SIDE installed here; providers found: none"), m);
            } finally {
                System.clearProperty("jshmem.device.kind");
            }
            assertEquals(before, rt.heapUsage(), "nothing allocated");
        }
    }

    @Test
    void hintsAreRecordedAndUnknownBitsRejected() {
        try (ShmemRuntime rt = Shmem.init()) {
            SymmetricMemory m = rt.mallocWithHints(16, ShmemRuntime.MALLOC_SIGNAL_REMOTE);
            assertEquals(ShmemRuntime.MALLOC_SIGNAL_REMOTE, m.hints());
            rt.signalSet(m, 0, 42, 0);
            assertEquals(42, rt.signalFetch(m, 0));
            assertNull(rt.mallocWithHints(0, ShmemRuntime.MALLOC_VALID_HINTS));
            HeapUsage before = rt.heapUsage();
            ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> rt.mallocWithHints(16, 8));
            assertTrue(e.getMessage().startsWith("hints = 0x8 has unknown hint bits 0x8: valid hints are an OR of"
                    + " SHMEM_MALLOC_ATOMICS_REMOTE (0x1) and SHMEM_MALLOC_SIGNAL_REMOTE (0x2)"), e.getMessage());
            assertEquals(before, rt.heapUsage(), "nothing allocated");

            Team world = rt.teamWorld();
            assertEquals(rt.ptr(m, 0).orElseThrow().address(), world.ptr(m, 0).orElseThrow().address());
            assertEquals(rt.ptr(m, 0).orElseThrow().address(), Shmem.teamPtr(world, m, 0).address());
            assertThrows(ShmemArgumentException.class, () -> world.ptr(m, 1));
            rt.free(m);
            assertThrows(ShmemStateException.class, () -> world.ptr(m, 0));
        }
    }
}
