package io.jshmem.transport.ucx;

import io.jshmem.error.ShmemStateException;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Put/get, nbi + quiet, endpoints to self, and close behaviour of the UCX engine, with PEs as threads of this JVM.
 * Runs under whatever UCX_TLS the surefire execution sets (tcp on loopback, then shared memory).
 */
@Timeout(120)
class UcxTransportTest {
    private static final int MIB = 1 << 20;

    @BeforeEach
    void requireUcx() {
        UcxTestSupport.assumeUcx();
    }

    static MemorySegment pattern(Arena arena, int bytes, int seed) {
        MemorySegment s = arena.allocate(bytes, 64);
        for (int i = 0; i < bytes; i++) {
            s.set(JAVA_BYTE, i, (byte) (i * 31 + seed));
        }
        return s;
    }

    static byte[] patternArray(int bytes, int seed) {
        byte[] a = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            a[i] = (byte) (i * 13 + seed);
        }
        return a;
    }

    @Test
    void putAndGetOf8BytesAnd1MiBFromNativeAndHeapSegments() throws Exception {
        UcxJobRunner.run(2, pe -> {
            Transport t = pe.transport();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment big = pattern(arena, MIB, 7);
                byte[] array = patternArray(MIB, 5);
                if (pe.pe() == 0) {
                    MemorySegment small = arena.allocate(16, 8);
                    small.set(JAVA_LONG, 8, 0x1122334455667788L);
                    t.put(1, 64, small, 8, 8);
                    t.put(1, MIB, big, 0, MIB);
                    t.put(1, 2 * MIB, MemorySegment.ofArray(array), 0, MIB);
                    t.quiet();
                }
                pe.barrier();
                if (pe.pe() == 1) {
                    assertEquals(0x1122334455667788L, pe.heap().get(JAVA_LONG, 64));
                    assertEquals(0L, pe.heap().get(JAVA_LONG, 56), "bytes before the 8-byte put changed");
                    assertEquals(0L, pe.heap().get(JAVA_LONG, 72), "bytes after the 8-byte put changed");
                    assertEquals(-1L, pe.heap().asSlice(MIB, MIB).mismatch(big), "1 MiB native put differs");
                    assertArrayEquals(array, pe.heap().asSlice(2 * MIB, MIB).toArray(JAVA_BYTE),
                            "1 MiB heap-array put differs");
                }
                pe.barrier();
                if (pe.pe() == 0) {
                    MemorySegment small = arena.allocate(8, 8);
                    t.get(1, 64, small, 0, 8);
                    assertEquals(0x1122334455667788L, small.get(JAVA_LONG, 0));
                    MemorySegment back = arena.allocate(MIB + 8, 64);
                    t.get(1, MIB, back, 8, MIB);
                    assertEquals(-1L, back.asSlice(8, MIB).mismatch(big), "1 MiB native get differs");
                    byte[] backArray = new byte[MIB + 3];
                    t.get(1, 2 * MIB, MemorySegment.ofArray(backArray), 3, MIB);
                    byte[] expected = new byte[MIB + 3];
                    System.arraycopy(array, 0, expected, 3, MIB);
                    assertArrayEquals(expected, backArray, "1 MiB get into a heap array differs");
                }
            }
        });
    }

    @Test
    void heapArrayTransfersLargerThanTheBounceBufferArriveWhole() throws Exception {
        // Two whole pieces and a ragged one, at odd offsets on both sides.
        int bytes = (int) (2 * NativeScratch.BOUNCE_BYTES + 12_345);
        long heapBytes = 2L * bytes + MIB;
        UcxJobRunner.run(2, false, Duration.ofSeconds(60), heapBytes, pe -> {
            Transport t = pe.transport();
            byte[] array = patternArray(bytes + 7, 3);
            if (pe.pe() == 0) {
                t.put(1, 3, MemorySegment.ofArray(array), 7, bytes);
                t.quiet();
            }
            pe.barrier();
            if (pe.pe() == 1) {
                MemorySegment h = pe.heap();
                assertEquals(0, h.get(JAVA_BYTE, 2), "the byte before the put changed");
                assertEquals(0, h.get(JAVA_BYTE, 3L + bytes), "the byte after the put changed");
                byte[] landed = h.asSlice(3, bytes).toArray(JAVA_BYTE);
                assertArrayEquals(java.util.Arrays.copyOfRange(array, 7, 7 + bytes), landed, "the put differs");
            }
            pe.barrier();
            if (pe.pe() == 0) {
                byte[] back = new byte[bytes + 10];
                java.util.Arrays.fill(back, (byte) 0x5A);
                t.get(1, 3, MemorySegment.ofArray(back), 5, bytes);
                byte[] expected = new byte[bytes + 10];
                java.util.Arrays.fill(expected, (byte) 0x5A);
                System.arraycopy(array, 7, expected, 5, bytes);
                assertArrayEquals(expected, back, "the get differs, or wrote outside its range");
            }
        });
    }

    @Test
    void nbiPutsAndGetsCompleteAtQuiet() throws Exception {
        int chunk = 8192;
        int chunks = 64;
        UcxJobRunner.run(2, pe -> {
            Transport t = pe.transport();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment src = pattern(arena, chunk * chunks, 3);
                if (pe.pe() == 1) {
                    pe.heap().asSlice(3 * MIB, chunk * chunks).copyFrom(pattern(arena, chunk * chunks, 11));
                }
                pe.barrier();
                if (pe.pe() == 0) {
                    for (int i = 0; i < chunks; i++) {
                        t.putNbi(1, (long) i * chunk, src, (long) i * chunk, chunk);
                    }
                    MemorySegment dst = arena.allocate(chunk * chunks, 64);
                    byte[] dstArray = new byte[chunk];
                    for (int i = 0; i < chunks; i++) {
                        t.getNbi(1, 3L * MIB + (long) i * chunk, dst, (long) i * chunk, chunk);
                    }
                    t.getNbi(1, 3L * MIB, MemorySegment.ofArray(dstArray), 0, chunk);
                    t.quiet();
                    assertEquals(-1L, dst.mismatch(pattern(arena, chunk * chunks, 11)), "nbi gets differ");
                    assertArrayEquals(pattern(arena, chunk, 11).toArray(JAVA_BYTE), dstArray);
                }
                pe.barrier();
                if (pe.pe() == 1) {
                    assertEquals(-1L, pe.heap().asSlice(0, chunk * chunks).mismatch(src), "nbi puts differ");
                }
            }
        });
    }

    @Test
    void quietOfOnePeCompletesItsPuts() throws Exception {
        UcxJobRunner.run(3, pe -> {
            Transport t = pe.transport();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment src = pattern(arena, 4096, 1);
                if (pe.pe() == 0) {
                    t.putNbi(2, 4096, src, 0, 4096);
                    t.quiet(2);
                }
                pe.barrier();
                if (pe.pe() == 2) {
                    assertEquals(-1L, pe.heap().asSlice(4096, 4096).mismatch(src));
                }
            }
        });
    }

    @Test
    void endpointToSelfWorks() throws Exception {
        UcxJobRunner.run(2, true, Duration.ofSeconds(30), pe -> {
            Transport t = pe.transport();
            assertTrue(t.canReach(pe.pe()));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(8, 8);
                v.set(JAVA_LONG, 0, 4242L + pe.pe());
                t.put(pe.pe(), 8, v, 0, 8);
                t.quiet();
                assertEquals(4242L + pe.pe(), pe.heap().get(JAVA_LONG, 8));
                assertEquals(4242L + pe.pe(), t.atomicLong(io.jshmem.spi.AmoOp.FETCH_ADD, pe.pe(), 8, 1, 0));
                assertEquals(4243L + pe.pe(), pe.heap().get(JAVA_LONG, 8));
            }
        });
    }

    @Test
    void closeIsIdempotentAndLaterCallsAreRejected() throws Exception {
        UcxJobRunner.run(2, pe -> {
            Transport t = pe.transport();
            assertEquals("ucx", t.name());
            assertNull(t.directSegment(1 - pe.pe()));
            assertTrue(t.canReach(1 - pe.pe()));
            assertFalse(t.canReach(pe.pe()));
            pe.barrier();
            t.close();
            t.close();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(8, 8);
                ShmemStateException e = assertThrows(ShmemStateException.class,
                        () -> t.put(1 - pe.pe(), 0, v, 0, 8));
                assertTrue(e.getMessage().contains("closed"), e.getMessage());
                assertThrows(ShmemStateException.class, t::quiet);
                assertThrows(ShmemStateException.class,
                        () -> t.atomicInt(io.jshmem.spi.AmoOp.FETCH, 1 - pe.pe(), 0, 0, 0));
            }
        });
    }

    @Test
    void zeroByteTransfersAreNoOps() throws Exception {
        UcxJobRunner.run(2, pe -> {
            Transport t = pe.transport();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(8, 8);
                t.put(1 - pe.pe(), 0, v, 0, 0);
                t.get(1 - pe.pe(), 0, v, 0, 0);
                t.putNbi(1 - pe.pe(), 0, v, 0, 0);
                t.getNbi(1 - pe.pe(), 0, v, 0, 0);
                t.fence();
                t.quiet();
                assertEquals(0, pe.heap().get(JAVA_INT, 0));
            }
        });
    }
}
