package io.jshmem.spi.contract;

import io.jshmem.spi.AmoOp;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The promises of the engine SPI ({@link Transport}), checked the same way for every engine: a subclass says how to
 * make a pair of PEs (an initiator engine and a target heap this JVM can read) and inherits every test. Offsets below
 * {@link #HEAP_BYTES} of the target heap are free for the tests.
 */
@Timeout(120)
public abstract class TransportContractTest {
    /** Bytes of each PE's heap a subclass must provide. */
    public static final long HEAP_BYTES = 1L << 20;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /** One job of (at least) two PEs, seen from the initiator. */
    public interface Pair extends AutoCloseable {
        /** The initiator's engine. */
        Transport engine();

        /** PEs in the job. */
        int nPes();

        /** The PE the tests target (served by {@link #engine()}). */
        int target();

        /** The target's heap, readable and writable here to check what the engine did. */
        MemorySegment targetHeap();

        @Override
        void close();
    }

    /** A fresh pair for one test; closed after it. */
    protected abstract Pair open() throws Exception;

    private Pair pair;
    private Transport t;
    private int target;
    private MemorySegment heap;
    private Arena arena;

    @BeforeEach
    final void openPair() throws Exception {
        pair = open();
        t = pair.engine();
        target = pair.target();
        heap = pair.targetHeap();
        arena = Arena.ofShared();
    }

    @AfterEach
    final void closePair() {
        if (pair != null) {
            pair.close();
        }
        if (arena != null) {
            arena.close();
        }
    }

    private MemorySegment pattern(int bytes, int seed) {
        MemorySegment s = arena.allocate(bytes, 64);
        for (int i = 0; i < bytes; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + seed));
        }
        return s;
    }

    private byte[] targetBytes(long off, int bytes) {
        VarHandle.fullFence();
        return heap.asSlice(off, bytes).toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void putThenQuietIsVisibleAtTheTarget() {
        for (int bytes : new int[]{1, 8, 100, 4096, 64 << 10}) {
            MemorySegment src = pattern(bytes, bytes);
            t.put(target, 4096, src, 0, bytes);
            t.quiet();
            assertArrayEquals(src.toArray(ValueLayout.JAVA_BYTE), targetBytes(4096, bytes), bytes + " bytes");
        }
    }

    @Test
    void getReturnsTheTargetsData() {
        MemorySegment expected = pattern(8192, 3);
        MemorySegment.copy(expected, 0, heap, 8192, 8192);
        VarHandle.fullFence();
        MemorySegment dst = arena.allocate(8192 + 8, 8);
        t.get(target, 8192, dst, 8, 8192);
        assertArrayEquals(expected.toArray(ValueLayout.JAVA_BYTE),
                dst.asSlice(8, 8192).toArray(ValueLayout.JAVA_BYTE));
        byte[] array = new byte[16];
        t.get(target, 8192 + 16, MemorySegment.ofArray(array), 0, 16);
        assertArrayEquals(expected.asSlice(16, 16).toArray(ValueLayout.JAVA_BYTE), array, "into a heap array");
    }

    @Test
    void nbiFormsCompleteAtQuiet() {
        MemorySegment src = pattern(32 << 10, 9);
        MemorySegment expected = pattern(32 << 10, 4);
        MemorySegment.copy(expected, 0, heap, 256 << 10, 32 << 10);
        VarHandle.fullFence();
        MemorySegment dst = arena.allocate(32 << 10, 64);
        t.putNbi(target, 128 << 10, src, 0, 32 << 10);
        t.putNbi(target, 64, src, 0, 8);
        t.getNbi(target, 256 << 10, dst, 0, 32 << 10);
        t.quiet();
        assertArrayEquals(src.toArray(ValueLayout.JAVA_BYTE), targetBytes(128 << 10, 32 << 10), "putNbi");
        assertArrayEquals(src.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE), targetBytes(64, 8), "small putNbi");
        assertArrayEquals(expected.toArray(ValueLayout.JAVA_BYTE), dst.toArray(ValueLayout.JAVA_BYTE), "getNbi");
    }

    @Test
    void fenceOrdersPutsToOneTarget() {
        MemorySegment word = arena.allocate(8, 8);
        for (long i = 1; i <= 200; i++) {
            word.set(ValueLayout.JAVA_LONG, 0, i);
            t.putNbi(target, 512, word, 0, 8);
            t.fence();
            word = arena.allocate(8, 8);
        }
        word.set(ValueLayout.JAVA_LONG, 0, 1000);
        t.put(target, 512, word, 0, 8);
        t.quiet();
        assertEquals(1000L, (long) LONG.getVolatile(heap, 512L), "the last put after fences wins");
        t.putLongRelease(target, 520, 77);
        t.quiet();
        assertEquals(77L, (long) LONG.getVolatile(heap, 520L), "putLongRelease");
    }

    @Test
    void longAtomicsReturnExactValues() {
        long off = 1024;
        t.setLong(target, off, 10);
        t.fence(); // a non-fetching atomic is ordered with later operations by fence only
        assertEquals(10, t.fetchAddLong(target, off, 5));
        assertEquals(15, t.fetchLong(target, off));
        assertEquals(15, t.compareSwapLong(target, off, 15, 20));
        assertEquals(20, t.compareSwapLong(target, off, 99, 1), "a failed compare-swap returns the value");
        assertEquals(20, t.swapLong(target, off, 7));
        assertEquals(7, t.atomicLong(AmoOp.FETCH_AND, target, off, 6, 0));
        assertEquals(6, t.atomicLong(AmoOp.FETCH_OR, target, off, 9, 0));
        assertEquals(15, t.atomicLong(AmoOp.FETCH_XOR, target, off, 0xF0, 0));
        assertEquals(0xFFL, t.atomicLong(AmoOp.FETCH_ADD, target, off, -0x100, 0));
        assertEquals(0, t.atomicLong(AmoOp.SET, target, off, Long.MIN_VALUE, 0));
        assertEquals(Long.MIN_VALUE, t.atomicLong(AmoOp.COMPARE_SWAP, target, off, 3, Long.MIN_VALUE));
        assertEquals(3, t.atomicLong(AmoOp.SWAP, target, off, 4, 0));
        assertEquals(4, t.atomicLong(AmoOp.FETCH, target, off, 0, 0));
        t.quiet();
        assertEquals(4L, (long) LONG.getVolatile(heap, off));
        MemorySegment result = arena.allocate(16, 8);
        t.atomicLongNbi(AmoOp.FETCH_ADD, target, off, 1, 0, result, 8);
        t.quiet();
        assertEquals(4L, result.get(ValueLayout.JAVA_LONG, 8), "nbi fetching atomic");
        assertEquals(5L, (long) LONG.getVolatile(heap, off));
    }

    @Test
    void intAtomicsReturnExactValuesAndLeaveTheNeighbourAlone() {
        long off = 2048;
        heap.set(ValueLayout.JAVA_INT, off + 4, 0x5A5A5A5A);
        VarHandle.fullFence();
        assertEquals(0, t.atomicInt(AmoOp.SET, target, off, 10, 0));
        assertEquals(10, t.atomicInt(AmoOp.FETCH_ADD, target, off, 5, 0));
        assertEquals(15, t.atomicInt(AmoOp.COMPARE_SWAP, target, off, 20, 15));
        assertEquals(20, t.atomicInt(AmoOp.COMPARE_SWAP, target, off, 1, 99));
        assertEquals(20, t.atomicInt(AmoOp.SWAP, target, off, -1, 0));
        assertEquals(-1, t.atomicInt(AmoOp.FETCH_AND, target, off, 0xFF, 0));
        assertEquals(0xFF, t.atomicInt(AmoOp.FETCH_OR, target, off, 0x100, 0));
        assertEquals(0x1FF, t.atomicInt(AmoOp.FETCH_XOR, target, off, 0x1, 0));
        assertEquals(0x1FE, t.atomicInt(AmoOp.FETCH, target, off, 0, 0));
        MemorySegment result = arena.allocate(8, 8);
        t.atomicIntNbi(AmoOp.FETCH_ADD, target, off, 2, 0, result, 4);
        t.quiet();
        assertEquals(0x1FE, result.get(ValueLayout.JAVA_INT, 4), "nbi fetching atomic");
        VarHandle.fullFence();
        assertEquals(0x200, heap.get(ValueLayout.JAVA_INT, off));
        assertEquals(0x5A5A5A5A, heap.get(ValueLayout.JAVA_INT, off + 4), "the next int is untouched");
    }

    @Test
    void postedAtomicsAreDoneAfterQuietInFenceOrder() {
        long off = 3072;
        long expected = 0;
        long[][] steps = {
                {AmoOp.SET.ordinal(), 0x0F0F_0000_0000_00F0L}, {AmoOp.FETCH_ADD.ordinal(), 0x10},
                {AmoOp.FETCH_AND.ordinal(), 0x0F0F_0000_0000_FF0FL}, {AmoOp.FETCH_OR.ordinal(), 0x3000},
                {AmoOp.FETCH_XOR.ordinal(), -1L}, {AmoOp.FETCH_ADD.ordinal(), Long.MIN_VALUE}};
        for (long[] step : steps) {
            AmoOp op = AmoOp.values()[(int) step[0]];
            t.postLong(op, target, off, step[1]);
            t.fence();
            expected = op.apply(expected, step[1], 0);
        }
        t.addLong(target, off, 5);
        t.fence();
        expected += 5;
        t.quiet();
        assertEquals(expected, (long) LONG.getVolatile(heap, off), "postLong in fence order, then addLong");
        t.setLong(target, off + 8, -9);
        t.quiet();
        assertEquals(-9L, (long) LONG.getVolatile(heap, off + 8), "setLong done after quiet");

        long intOff = 3584;
        heap.set(ValueLayout.JAVA_INT, intOff + 4, 0x5A5A5A5A);
        VarHandle.fullFence();
        int expectedInt = 0;
        for (long[] step : steps) {
            AmoOp op = AmoOp.values()[(int) step[0]];
            t.postInt(op, target, intOff, (int) step[1]);
            t.fence();
            expectedInt = op.apply(expectedInt, (int) step[1], 0);
        }
        t.quiet();
        VarHandle.fullFence();
        assertEquals(expectedInt, heap.get(ValueLayout.JAVA_INT, intOff), "postInt in fence order");
        assertEquals(0x5A5A5A5A, heap.get(ValueLayout.JAVA_INT, intOff + 4), "the next int is untouched");
    }

    @Test
    void aFencedPostedFlagIsNeverSeenBeforeTheData() throws Exception {
        // Odd rounds: fence + posted SET; even rounds: putLongRelease, which orders on its own.
        assertNeverBeforeTheData(24 << 10, 640, 2048, (r, src) -> {
            t.put(target, 24 << 10, src, 0, 2048);
            if (r % 2 == 1) {
                t.fence();
                t.postLong(AmoOp.SET, target, 640, r);
            } else {
                t.putLongRelease(target, 640, r);
            }
        });
    }

    @Test
    void putSignalSetsOrAddsAndNeverShowsTheSignalBeforeTheData() throws Exception {
        // Odd rounds set the signal to r, even rounds add 1 to r - 1.
        assertNeverBeforeTheData(16 << 10, 600, 4096, (r, src) ->
                t.putSignal(target, 16 << 10, src, 0, 4096, 600, r % 2 == 1 ? r : 1, r % 2 == 0));
    }

    /** One round of {@link #assertNeverBeforeTheData}: sends {@code src} (filled with r) and then sets the flag to r. */
    private interface Round {
        void send(int r, MemorySegment src);
    }

    /**
     * 100 rounds: {@code round} sends {@code bytes} of value r to {@code data} and makes the word at {@code flag} r;
     * a reader thread on the target's heap waits for each r and checks that every data byte is r by then.
     */
    private void assertNeverBeforeTheData(long data, long flag, int bytes, Round round) throws Exception {
        int rounds = 100;
        LONG.setVolatile(heap, flag, 0L);
        AtomicInteger seen = new AtomicInteger();
        AtomicReference<String> wrong = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            for (int r = 1; r <= rounds && wrong.get() == null; r++) {
                long deadline = System.nanoTime() + 30_000_000_000L;
                while ((long) LONG.getVolatile(heap, flag) < r) {
                    if (System.nanoTime() > deadline) {
                        wrong.set("flag " + r + " never arrived");
                        return;
                    }
                    Thread.onSpinWait();
                }
                for (int i = 0; i < bytes; i++) {
                    if (heap.get(ValueLayout.JAVA_BYTE, data + i) != (byte) r) {
                        wrong.set("round " + r + ": flag visible before data byte " + i);
                        break;
                    }
                }
                seen.set(r);
            }
        });
        MemorySegment src = arena.allocate(bytes, 64);
        for (int r = 1; r <= rounds; r++) {
            src.fill((byte) r);
            round.send(r, src);
            long quietAt = System.nanoTime() + 100_000_000L;
            long deadline = System.nanoTime() + 30_000_000_000L;
            boolean quieted = false;
            while (seen.get() < r && wrong.get() == null && System.nanoTime() < deadline) {
                if (!quieted && System.nanoTime() > quietAt) {
                    t.quiet(); // an engine may need it to deliver; the order must hold either way
                    quieted = true;
                }
                Thread.onSpinWait();
            }
            assertNull(wrong.get());
            assertEquals(r, seen.get(), "round " + r + " seen");
        }
        reader.join(10_000);
        assertNull(wrong.get());
        assertEquals(rounds, (long) LONG.getVolatile(heap, flag));
    }

    @Test
    void reachAndDirectSegmentsAgree() {
        assertTrue(t.canReach(target), "the engine serves the target it was created for");
        for (int pe = 0; pe < pair.nPes(); pe++) {
            MemorySegment d = t.directSegment(pe);
            if (d != null) {
                assertTrue(t.canReach(pe), "PE " + pe + " is mapped but not reachable");
                assertTrue(t.capabilities().mapsPeers(), "PE " + pe + " is mapped by an engine that maps no peer");
            }
        }
        MemorySegment d = t.directSegment(target);
        if (d != null) {
            LONG.setVolatile(d, 640L, 0x1234L);
            assertEquals(0x1234L, (long) LONG.getVolatile(heap, 640L), "the direct segment is the target's heap");
        }
    }

    @Test
    void nameAndCapabilitiesDescribeTheEngine() {
        String name = t.name();
        assertNotNull(name);
        assertFalse(name.isBlank());
        assertEquals(name.toLowerCase(Locale.ROOT), name, "engine names are lower case");
        assertFalse(Set.of("auto", "network", "self").contains(name), name + " is reserved");
        EngineCapabilities c = t.capabilities();
        assertNotNull(c);
        assertEquals(c.completesOnReturn(), t.completesOnReturn());
        if (c.completesOnReturn()) {
            MemorySegment src = pattern(64, 1);
            t.putNbi(target, 8, src, 0, 64);
            assertArrayEquals(src.toArray(ValueLayout.JAVA_BYTE), targetBytes(8, 64), "complete on return");
        }
        assertNotNull(t.tuning());
    }
}
