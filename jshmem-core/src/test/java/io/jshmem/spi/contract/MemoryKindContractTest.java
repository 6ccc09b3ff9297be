package io.jshmem.spi.contract;

import io.jshmem.MemType;
import io.jshmem.spi.MemoryKindCapabilities;
import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The promises of the memory-kind SPI ({@link MemoryKindProvider}, {@link MemoryKindHeap}), checked the same way for
 * every kind: a subclass gives the provider (available in this JVM) and inherits every test. The PEs of the job are
 * threads of this JVM ({@link InJvmKindJob}), each with its own heap of {@link #HEAP_BYTES} asked for; every copy is
 * issued by PE 0's heap, to its own heap and to the others', and checked byte for byte, neighbours included.
 */
@Timeout(120)
public abstract class MemoryKindContractTest {
    /** Bytes asked of each PE's heap. */
    public static final long HEAP_BYTES = 1L << 20;
    private static final byte FILL = (byte) 0x5A;
    private static final int GUARD = 64;
    private static final int[] SIZES = {1, 7, 8, 4099, 64 << 10};

    /** The kind under test, available in this JVM. */
    protected abstract MemoryKindProvider provider();

    /** PEs of the job (threads of this JVM); at least 2 so that copies reach a peer's heap. */
    protected int nPes() {
        return 2;
    }

    private MemoryKindProvider provider;
    private InJvmKindJob job;
    private MemoryKindHeap heap;
    private Arena arena;

    @BeforeEach
    final void openJob() throws Exception {
        provider = provider();
        job = InJvmKindJob.open(provider, nPes(), HEAP_BYTES, 7, Duration.ofSeconds(30));
        heap = job.heap(0);
        arena = Arena.ofShared();
    }

    @AfterEach
    final void closeJob() {
        if (job != null) {
            job.close();
        }
        if (arena != null) {
            arena.close();
        }
    }

    private MemorySegment pattern(long bytes, int seed) {
        MemorySegment s = arena.allocate(bytes, 64);
        for (long i = 0; i < bytes; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + seed));
        }
        return s;
    }

    private MemorySegment filled(long bytes, byte value) {
        return arena.allocate(bytes, 64).fill(value);
    }

    /** PE {@code pe}'s bytes {@code [offset, offset + bytes)}, read with PE 0's copyOut. */
    private byte[] read(int pe, long offset, long bytes) {
        MemorySegment dst = arena.allocate(bytes, 64);
        heap.copyOut(pe, offset, dst);
        return dst.toArray(ValueLayout.JAVA_BYTE);
    }

    /** Fills PE {@code pe}'s bytes around the range with {@link #FILL}, so that a stray write shows. */
    private void guard(int pe, long offset, long bytes) {
        long from = Math.max(0, offset - GUARD);
        long to = Math.min(heap.byteSize(), offset + bytes + GUARD);
        heap.copyIn(pe, from, filled(to - from, FILL));
    }

    /** The range holds {@code expected}, and the guard bytes either side still hold {@link #FILL}. */
    private void assertLanded(int pe, long offset, byte[] expected, String what) {
        long from = Math.max(0, offset - GUARD);
        long to = Math.min(heap.byteSize(), offset + expected.length + GUARD);
        byte[] all = read(pe, from, to - from);
        int at = (int) (offset - from);
        for (int i = 0; i < all.length; i++) {
            boolean inside = i >= at && i < at + expected.length;
            byte want = inside ? expected[i - at] : FILL;
            if (all[i] != want) {
                int k = i;
                throw new AssertionError(what + ": PE " + pe + " byte at offset " + (from + k) + " is " + all[k]
                        + ", expected " + want + (inside ? "" : " (a neighbour of the range, which must not change)"));
            }
        }
    }

    @Test
    void openGivesEveryPeAHeapOfAtLeastTheSize() {
        assertNotEquals(MemType.HOST_SIDE, provider.memType(), "a provided kind is never HOST_SIDE");
        assertFalse(provider.name() == null || provider.name().isBlank(), "a provider has a name");
        assertTrue(provider.unavailableReason().isEmpty(), "the subclass must make the kind available");
        for (int pe = 0; pe < job.nPes(); pe++) {
            assertNotNull(job.heap(pe), "PE " + pe);
            assertTrue(job.heap(pe).byteSize() >= HEAP_BYTES, "PE " + pe + ": " + job.heap(pe).byteSize());
            assertEquals(heap.byteSize(), job.heap(pe).byteSize(), "equal on every PE");
        }
    }

    @Test
    void capabilitiesAgreeWithTheMappings() {
        MemoryKindCapabilities caps = provider.capabilities();
        assertNotNull(caps);
        if (!caps.hostAddressable()) {
            byte[] expected = pattern(16, 1).toArray(ValueLayout.JAVA_BYTE);
            heap.copyIn(0, 512, MemorySegment.ofArray(expected));
            assertArrayEquals(expected, read(0, 512, 16), "a kind without host views still copies");
            return;
        }
        for (int pe = 0; pe < job.nPes(); pe++) {
            MemoryKindHeap h = job.heap(pe);
            MemorySegment local = h.local();
            assertNotNull(local, "host-addressable: PE " + pe + "'s local() is a host mapping");
            assertTrue(local.isNative() && local.byteSize() >= HEAP_BYTES, local.toString());
            assertEquals(local.address(), h.peer(pe).address(), "peer(myPe) is local()");
            local.set(ValueLayout.JAVA_LONG, 1024, 0x1122334455667788L + pe);
            VarHandle.fullFence();
            MemorySegment word = arena.allocate(8, 8);
            heap.copyOut(pe, 1024, word);
            assertEquals(0x1122334455667788L + pe, word.get(ValueLayout.JAVA_LONG, 0),
                    "a store through PE " + pe + "'s local() is what copyOut reads");
            MemorySegment seen = heap.peer(pe);
            if (seen != null) {
                assertEquals(local.byteSize(), seen.byteSize(), "peer(" + pe + ") has the heap's size");
                assertEquals(0x1122334455667788L + pe, seen.get(ValueLayout.JAVA_LONG, 1024),
                        "PE 0's peer(" + pe + ") maps PE " + pe + "'s heap");
            }
            if (caps.atomics()) {
                VarHandle v = ValueLayout.JAVA_LONG.varHandle();
                assertEquals(0x1122334455667788L + pe, (long) v.getAndAdd(local, 1024L, 1L));
                assertEquals(0x1122334455667789L + pe, (long) v.getVolatile(local, 1024L));
            }
        }
    }

    @Test
    void copyInLandsAtTheOffsetAndNowhereElse() {
        for (int pe = 0; pe < job.nPes(); pe++) {
            long offset = 4096;
            for (int bytes : SIZES) {
                MemorySegment src = pattern(bytes, bytes + pe);
                guard(pe, offset, bytes);
                heap.copyIn(pe, offset, src);
                assertLanded(pe, offset, src.toArray(ValueLayout.JAVA_BYTE), "copyIn of " + bytes + " bytes");
                offset += bytes + 3 * GUARD + 5;
            }
            MemorySegment tail = pattern(24, 99);
            long last = heap.byteSize() - 24;
            guard(pe, last, 24);
            heap.copyIn(pe, last, tail);
            assertLanded(pe, last, tail.toArray(ValueLayout.JAVA_BYTE), "copyIn at the end of the heap");
            heap.copyIn(pe, 0, tail);
            assertArrayEquals(tail.toArray(ValueLayout.JAVA_BYTE), read(pe, 0, 24), "copyIn at offset 0");
        }
    }

    @Test
    void copyOutWritesOnlyItsDestination() {
        for (int pe = 0; pe < job.nPes(); pe++) {
            for (int bytes : SIZES) {
                MemorySegment expected = pattern(bytes, 7 + pe);
                heap.copyIn(pe, 200_000, expected);
                MemorySegment dst = filled(bytes + 2L * GUARD, FILL);
                heap.copyOut(pe, 200_000, dst.asSlice(GUARD, bytes));
                assertArrayEquals(expected.toArray(ValueLayout.JAVA_BYTE),
                        dst.asSlice(GUARD, bytes).toArray(ValueLayout.JAVA_BYTE), "copyOut of " + bytes + " bytes");
                for (long i : new long[] {0, GUARD - 1, GUARD + bytes, dst.byteSize() - 1}) {
                    assertEquals(FILL, dst.get(ValueLayout.JAVA_BYTE, i), "host byte " + i + " outside dst changed");
                }
            }
            byte[] array = new byte[16];
            heap.copyOut(pe, 200_000, MemorySegment.ofArray(array));
            assertArrayEquals(read(pe, 200_000, 16), array, "into a heap array");
        }
    }

    @Test
    void copyBetweenHeapsLandsAtTheOffsetAndNowhereElse() {
        int last = job.nPes() - 1;
        for (int bytes : SIZES) {
            MemorySegment src = pattern(bytes, 40 + bytes);
            heap.copyIn(0, 300_000, src);
            for (int dstPe = 0; dstPe < job.nPes(); dstPe++) {
                guard(dstPe, 500_000, bytes);
                heap.copy(dstPe, 500_000, 0, 300_000, bytes);
                assertLanded(dstPe, 500_000, src.toArray(ValueLayout.JAVA_BYTE), "copy 0 -> " + dstPe + " of "
                        + bytes + " bytes");
            }
            guard(0, 700_000, bytes);
            heap.copy(0, 700_000, last, 500_000, bytes);
            assertLanded(0, 700_000, src.toArray(ValueLayout.JAVA_BYTE), "copy " + last + " -> 0");
        }
        MemorySegment run = pattern(256, 5);
        heap.copyIn(last, 800_000, run);
        heap.copy(last, 800_064, last, 800_000, 256);
        byte[] moved = run.toArray(ValueLayout.JAVA_BYTE);
        assertArrayEquals(moved, read(last, 800_064, 256), "an overlapping copy within one heap");
        assertArrayEquals(java.util.Arrays.copyOf(moved, 64), read(last, 800_000, 64), "its source head is kept");
    }

    @Test
    void copiesOutsideTheHeapAreRefusedAndChangeNothing() {
        long size = heap.byteSize();
        MemorySegment eight = pattern(8, 3);
        guard(1, size - 64, 64);
        assertThrows(IndexOutOfBoundsException.class, () -> heap.copyIn(1, size - 4, eight));
        assertThrows(IndexOutOfBoundsException.class, () -> heap.copyIn(1, -1, eight));
        assertThrows(IndexOutOfBoundsException.class, () -> heap.copyOut(1, size - 4, arena.allocate(8)));
        assertThrows(IndexOutOfBoundsException.class, () -> heap.copy(1, size - 4, 0, 0, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> heap.copy(1, 0, 0, size - 4, 8));
        assertLanded(1, size - 64, new byte[0], "refused copies");
    }

    @Test
    void copiesFromManyThreadsToDisjointRangesAllLand() throws Exception {
        int threads = 4;
        int bytes = 16 << 10;
        List<MemorySegment> sources = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            sources.add(pattern(bytes, 60 + t));
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int k = t;
                done.add(pool.submit(() -> {
                    for (int round = 0; round < 20; round++) {
                        heap.copyIn(k % job.nPes(), 600_000 + (long) k * bytes, sources.get(k));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        for (int t = 0; t < threads; t++) {
            assertArrayEquals(sources.get(t).toArray(ValueLayout.JAVA_BYTE),
                    read(t % job.nPes(), 600_000 + (long) t * bytes, bytes), "thread " + t);
        }
    }

    @Test
    void closeReleasesTheHeap() {
        MemoryKindHeap last = job.heap(job.nPes() - 1);
        MemorySegment local = last.local();
        last.copyIn(job.nPes() - 1, 0, pattern(8, 1));
        last.close();
        job.closed(job.nPes() - 1);
        if (provider.capabilities().hostAddressable()) {
            assertFalse(local.scope().isAlive(), "close ends the heap's host mapping");
        }
        assertThrows(RuntimeException.class, () -> last.copyIn(job.nPes() - 1, 0, pattern(8, 2)),
                "a closed heap takes no copies");
        assertReleased(last);
    }

    /** Kind-specific proof that a closed heap's memory is released; by default nothing beyond the checks above. */
    protected void assertReleased(MemoryKindHeap closed) {
    }
}
