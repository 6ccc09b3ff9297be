package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reduction kernels: width, signedness, wrap-around, complex products, in-place use, commutativity. */
class CombineTest {
    private static MemorySegment of(Arena a, ValueLayout.OfLong l, long... v) {
        MemorySegment s = a.allocate(8L * v.length, 8);
        for (int i = 0; i < v.length; i++) {
            s.setAtIndex(l, i, v[i]);
        }
        return s;
    }

    @Test
    @Timeout(10)
    void unsignedTypesCompareUnsigned() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment x = a.allocate(2);
            MemorySegment y = a.allocate(2);
            MemorySegment d = a.allocate(2);
            x.set(ValueLayout.JAVA_BYTE, 0, (byte) -1);
            y.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
            Combine.apply(DataType.UBYTE, ReduceOp.MAX, d, 0, x, 0, y, 0, 1);
            assertEquals((byte) -1, d.get(ValueLayout.JAVA_BYTE, 0), "0xFF is the unsigned max");
            Combine.apply(DataType.BYTE, ReduceOp.MAX, d, 0, x, 0, y, 0, 1);
            assertEquals((byte) 1, d.get(ValueLayout.JAVA_BYTE, 0), "1 is the signed max");
            MemorySegment lx = of(a, ValueLayout.JAVA_LONG, -1L);
            MemorySegment ly = of(a, ValueLayout.JAVA_LONG, 5L);
            MemorySegment ld = a.allocate(8);
            Combine.apply(DataType.ULONG, ReduceOp.MIN, ld, 0, lx, 0, ly, 0, 1);
            assertEquals(5L, ld.get(ValueLayout.JAVA_LONG, 0));
            Combine.apply(DataType.LONG, ReduceOp.MIN, ld, 0, lx, 0, ly, 0, 1);
            assertEquals(-1L, ld.get(ValueLayout.JAVA_LONG, 0));
        }
    }

    @Test
    @Timeout(10)
    void narrowSumsWrapAndInPlaceWorks() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment x = a.allocate(4);
            MemorySegment y = a.allocate(4);
            x.setAtIndex(ValueLayout.JAVA_SHORT, 0, (short) 0x7FFF);
            y.setAtIndex(ValueLayout.JAVA_SHORT, 0, (short) 2);
            x.setAtIndex(ValueLayout.JAVA_SHORT, 1, (short) 300);
            y.setAtIndex(ValueLayout.JAVA_SHORT, 1, (short) 300);
            Combine.apply(DataType.SHORT, ReduceOp.SUM, x, 0, x, 0, y, 0, 2);
            assertEquals((short) 0x8001, x.getAtIndex(ValueLayout.JAVA_SHORT, 0));
            assertEquals((short) 600, x.getAtIndex(ValueLayout.JAVA_SHORT, 1));
        }
    }

    @Test
    @Timeout(10)
    void complexProductAndCommutativity() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment x = a.allocate(16);
            MemorySegment y = a.allocate(16);
            MemorySegment d1 = a.allocate(16);
            MemorySegment d2 = a.allocate(16);
            x.setAtIndex(ValueLayout.JAVA_DOUBLE, 0, 1.5);
            x.setAtIndex(ValueLayout.JAVA_DOUBLE, 1, -2.0);
            y.setAtIndex(ValueLayout.JAVA_DOUBLE, 0, 0.1);
            y.setAtIndex(ValueLayout.JAVA_DOUBLE, 1, 3.3);
            Combine.apply(DataType.COMPLEXD, ReduceOp.PROD, d1, 0, x, 0, y, 0, 1);
            Combine.apply(DataType.COMPLEXD, ReduceOp.PROD, d2, 0, y, 0, x, 0, 1);
            assertEquals(1.5 * 0.1 - (-2.0) * 3.3, d1.getAtIndex(ValueLayout.JAVA_DOUBLE, 0));
            assertEquals(1.5 * 3.3 + (-2.0) * 0.1, d1.getAtIndex(ValueLayout.JAVA_DOUBLE, 1));
            assertEquals(-1, MemorySegment.mismatch(d1, 0, 16, d2, 0, 16), "x*y and y*x are bit-identical");
        }
    }

    @Test
    @Timeout(10)
    void operatorTablesFollowOpenShmem() {
        assertFalse(DataType.FLOAT.supports(ReduceOp.AND));
        assertFalse(DataType.COMPLEXF.supports(ReduceOp.MAX));
        assertTrue(DataType.COMPLEXD.supports(ReduceOp.PROD));
        assertTrue(DataType.CHAR.supports(ReduceOp.XOR));
    }

    @Test
    @Timeout(10)
    void reduceScatterPartsCoverEveryElementOnce() {
        for (long count : new long[] {0, 1, 5, 6, 7, 131072}) {
            for (int n = 1; n <= 7; n++) {
                long covered = 0;
                for (int i = 0; i < n; i++) {
                    long len = ReduceScatterAllgather.partStart(count, n, i + 1)
                            - ReduceScatterAllgather.partStart(count, n, i);
                    assertTrue(len >= count / n && len <= count / n + 1);
                    covered += len;
                }
                assertEquals(count, covered);
                assertEquals(count, ReduceScatterAllgather.partStart(count, n, n));
            }
        }
    }
}
