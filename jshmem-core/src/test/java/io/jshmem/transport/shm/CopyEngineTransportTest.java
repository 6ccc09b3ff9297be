package io.jshmem.transport.shm;

import io.jshmem.error.TransportException;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The copy engine (CANN's SDMA): large nbi copies on a background thread, complete after quiet, in order. */
@Timeout(60)
class CopyEngineTransportTest {
    private static final long HEAP = 8 << 20;

    @Test
    void largeNbiPutsAndGetsAreCompleteAfterQuiet() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment[] heaps = {arena.allocate(HEAP, 64), arena.allocate(HEAP, 64)};
            CopyEngineTransport t = new CopyEngineTransport(new ShmTransport(heaps, 1 << 14), 4096, 1 << 14,
                    Duration.ofSeconds(30), 0);
            try {
                assertFalse(t.completesOnReturn());
                MemorySegment src = arena.allocate(1 << 20, 8);
                for (int round = 0; round < 20; round++) {
                    for (long i = 0; i < src.byteSize() / 8; i++) {
                        src.setAtIndex(ValueLayout.JAVA_LONG, i, round * 1_000_000L + i);
                    }
                    t.putNbi(1, 0, src, 0, src.byteSize());
                    t.quiet();
                    assertEquals(round * 1_000_000L + 12345, heaps[1].getAtIndex(ValueLayout.JAVA_LONG, 12345));
                    assertEquals(round * 1_000_000L + (1 << 17) - 1,
                            heaps[1].getAtIndex(ValueLayout.JAVA_LONG, (1 << 17) - 1));
                }
                // Copies run in queue order: the last of several puts to one place wins.
                for (int k = 0; k < 8; k++) {
                    MemorySegment v = arena.allocate(8192, 8);
                    v.fill((byte) k);
                    t.putNbi(1, 4096, v, 0, v.byteSize());
                }
                t.fence();
                assertEquals(7, heaps[1].get(ValueLayout.JAVA_BYTE, 4096 + 8191));
                MemorySegment dst = arena.allocate(1 << 20, 8);
                t.getNbi(1, 0, dst, 0, dst.byteSize());
                t.quiet();
                assertEquals(19 * 1_000_000L + 3, dst.getAtIndex(ValueLayout.JAVA_LONG, 3));
                long[] stats = t.statistics().stream().mapToLong(Long::longValue).toArray();
                assertEquals(29, stats[0], "copies queued: 20 puts, 8 puts, 1 get");
                assertEquals(20L * (1 << 20) + 8 * 8192 + (1 << 20), stats[1]);
                // Small copies bypass the thread: done on return.
                MemorySegment small = arena.allocate(64, 8);
                small.fill((byte) 9);
                t.putNbi(1, 0, small, 0, 64);
                assertEquals(9, heaps[1].get(ValueLayout.JAVA_BYTE, 63));
                assertEquals(29, t.statistics().get(0));
            } finally {
                t.close();
            }
        }
    }

    @Test
    void aFailedCopyIsReportedByTheNextQuietAndCloseDrains() {
        Arena heapArena = Arena.ofShared();
        MemorySegment[] heaps = {heapArena.allocate(HEAP, 64), heapArena.allocate(HEAP, 64)};
        Transport t = new CopyEngineTransport(new ShmTransport(heaps, 1 << 14), 1024, 1 << 14,
                Duration.ofSeconds(30), 0);
        try {
            Arena gone = Arena.ofShared();
            MemorySegment src = gone.allocate(1 << 16, 8);
            gone.close();
            t.putNbi(1, 0, src, 0, 1 << 16);
            TransportException e = assertThrows(TransportException.class, t::quiet);
            assertTrue(e.getMessage().contains("copy engine failed"), e.getMessage());
            t.quiet(); // reported once; the engine keeps working
            MemorySegment ok = heapArena.allocate(1 << 16, 8);
            ok.fill((byte) 3);
            t.putNbi(1, 0, ok, 0, ok.byteSize());
        } finally {
            t.close();
        }
        assertEquals(3, heaps[1].get(ValueLayout.JAVA_BYTE, (1 << 16) - 1), "close completes queued copies");
        assertThrows(TransportException.class, () -> t.putNbi(1, 0, heaps[0], 0, 1 << 16));
        heapArena.close();
    }

    @Test
    void movingTheMinimumChangesWhichCopiesTheThreadPerforms() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment[] heaps = {arena.allocate(HEAP, 64), arena.allocate(HEAP, 64)};
            ShmTransport shm = new ShmTransport(heaps, 1 << 14);
            CopyEngineTransport t = new CopyEngineTransport(shm, 1 << 20, 1 << 14, Duration.ofSeconds(30), 0);
            try {
                MemorySegment src = arena.allocate(64 * 1024, 8);
                src.fill((byte) 3);
                t.putNbi(1, 0, src, 0, src.byteSize());
                t.quiet();
                assertEquals(0L, t.statistics().get(0), "64 KiB is below the 1 MiB minimum: inline");
                t.minBytes(4096);
                assertEquals(4096, t.minBytes());
                src.fill((byte) 4);
                t.putNbi(1, 0, src, 0, src.byteSize());
                t.quiet();
                assertEquals(1L, t.statistics().get(0), "64 KiB at a 4 KiB minimum: queued");
                assertEquals(4, heaps[1].get(ValueLayout.JAVA_BYTE, 64 * 1024 - 1));
                t.minBytes(0);
                assertEquals(1, t.minBytes(), "the minimum is at least 1");
                shm.memcpyThreshold(-3);
                assertEquals(0, shm.memcpyThreshold(), "the threshold is at least 0");
                shm.memcpyThreshold(1 << 16);
                assertEquals(1 << 16, shm.memcpyThreshold());
                assertTrue(t.inner() == shm);
            } finally {
                t.close();
            }
        }
    }
}
