package io.jshmem.transport.shm;

import io.jshmem.spi.AmoOp;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The branch an {@link AmoOp} without a VarHandle fast path takes in {@link ShmTransport} (a compare-and-exchange
 * loop over {@link AmoOp#apply}), driven for every op, 64- and 32-bit: the same old value and the same word as the
 * fast path, and exact under contention.
 */
class ShmTransportCasLoopTest {
    private static final long[] LONGS = {0, 1, -1, 0x21, 0xFFFF_FFFFL, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE,
        0x5555_5555_5555_5555L};
    private static final int[] INTS = {0, 1, -1, 0x21, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x5555_5555};

    @Test
    void longCasLoopMatchesTheFastPathForEveryOp() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment heap = arena.allocate(64, 64);
            ShmTransport shm = new ShmTransport(new MemorySegment[]{heap}, 1 << 20);
            for (AmoOp op : AmoOp.values()) {
                for (long old : LONGS) {
                    for (long operand : LONGS) {
                        for (long compare : new long[]{old, old - 1}) {
                            heap.set(ValueLayout.JAVA_LONG, 8, old);
                            long fastOld = shm.atomicLong(op, 0, 8, operand, compare);
                            long fastWord = heap.get(ValueLayout.JAVA_LONG, 8);
                            heap.set(ValueLayout.JAVA_LONG, 8, old);
                            long loopOld = ShmTransport.casLoopLong(op, heap, 8, operand, compare);
                            String what = op + " on " + old + " with operand " + operand + ", compare " + compare;
                            assertEquals(fastWord, heap.get(ValueLayout.JAVA_LONG, 8), what);
                            assertEquals(op.apply(old, operand, compare), fastWord, what + ": the definition");
                            assertEquals(old, loopOld, what);
                            if (op != AmoOp.SET) { // SET's result is unspecified (the fast path returns 0)
                                assertEquals(fastOld, loopOld, what);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void intCasLoopMatchesTheFastPathAndLeavesTheNeighboursAlone() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment heap = arena.allocate(64, 64);
            ShmTransport shm = new ShmTransport(new MemorySegment[]{heap}, 1 << 20);
            heap.set(ValueLayout.JAVA_INT, 4, 0x7E7E7E7E);
            heap.set(ValueLayout.JAVA_INT, 12, 0x7E7E7E7E);
            for (AmoOp op : AmoOp.values()) {
                for (int old : INTS) {
                    for (int operand : INTS) {
                        for (int compare : new int[]{old, old - 1}) {
                            heap.set(ValueLayout.JAVA_INT, 8, old);
                            int fastOld = shm.atomicInt(op, 0, 8, operand, compare);
                            int fastWord = heap.get(ValueLayout.JAVA_INT, 8);
                            heap.set(ValueLayout.JAVA_INT, 8, old);
                            int loopOld = ShmTransport.casLoopInt(op, heap, 8, operand, compare);
                            String what = op + " on " + old + " with operand " + operand + ", compare " + compare;
                            assertEquals(fastWord, heap.get(ValueLayout.JAVA_INT, 8), what);
                            assertEquals(op.apply(old, operand, compare), fastWord, what + ": the definition");
                            assertEquals(old, loopOld, what);
                            if (op != AmoOp.SET) {
                                assertEquals(fastOld, loopOld, what);
                            }
                        }
                    }
                }
            }
            assertEquals(0x7E7E7E7E, heap.get(ValueLayout.JAVA_INT, 4), "the word before was touched");
            assertEquals(0x7E7E7E7E, heap.get(ValueLayout.JAVA_INT, 12), "the word after was touched");
        }
    }

    @Test
    void casLoopsUnderContentionLoseNoUpdate() throws InterruptedException {
        int threads = 4;
        int perThread = 20_000;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment heap = arena.allocate(64, 64);
            ShmTransport shm = new ShmTransport(new MemorySegment[]{heap}, 1 << 20);
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                started.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < perThread; i++) {
                        // the loop and the fast path on the same words: each must see the other's writes
                        ShmTransport.casLoopLong(AmoOp.FETCH_ADD, heap, 0, 1, 0);
                        shm.atomicLong(AmoOp.FETCH_ADD, 0, 0, 1, 0);
                        ShmTransport.casLoopInt(AmoOp.FETCH_ADD, heap, 8, 1, 0);
                        shm.atomicInt(AmoOp.FETCH_ADD, 0, 8, 1, 0);
                    }
                }));
            }
            for (Thread t : started) {
                t.join();
            }
            assertEquals(2L * threads * perThread, heap.get(ValueLayout.JAVA_LONG, 0));
            assertEquals(2 * threads * perThread, heap.get(ValueLayout.JAVA_INT, 8));
        }
    }
}
