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

    /**
     * Counts below {@link Combine#SMALL} take the per-element path, larger ones the typed loops: both must give the
     * same bits for every word and floating-point kind and operator, including unsigned compares, wrap-around,
     * NaN and signed zeros.
     */
    @Test
    @Timeout(20)
    void shortAndLongPathsAgreeBitForBit() {
        java.util.Random random = new java.util.Random(42);
        int n = 3 * Combine.SMALL;
        DataType[] kinds = {DataType.INT, DataType.UINT, DataType.LONG, DataType.ULONG, DataType.FLOAT,
            DataType.DOUBLE};
        try (Arena arena = Arena.ofConfined()) {
            for (DataType kind : kinds) {
                long bytes = n * kind.byteSize();
                MemorySegment x = arena.allocate(bytes, 8);
                MemorySegment y = arena.allocate(bytes, 8);
                for (long i = 0; i < bytes; i += 8) {
                    x.set(ValueLayout.JAVA_LONG_UNALIGNED, i, special(random, kind));
                    y.set(ValueLayout.JAVA_LONG_UNALIGNED, i, special(random, kind));
                }
                for (ReduceOp op : ReduceOp.values()) {
                    boolean real = kind == DataType.FLOAT || kind == DataType.DOUBLE;
                    if (real && (op == ReduceOp.AND || op == ReduceOp.OR || op == ReduceOp.XOR)) {
                        continue;
                    }
                    MemorySegment bulk = arena.allocate(bytes, 8);
                    Combine.apply(kind, op, bulk, 0, x, 0, y, 0, n);
                    MemorySegment each = arena.allocate(bytes, 8);
                    for (int i = 0; i < n; i++) {
                        long o = i * kind.byteSize();
                        Combine.apply(kind, op, each, o, x, o, y, o, 1);
                    }
                    MemorySegment part = arena.allocate(bytes, 8);
                    Combine.apply(kind, op, part, 0, x, 0, y, 0, Combine.SMALL - 1);
                    Combine.apply(kind, op, part, (Combine.SMALL - 1) * kind.byteSize(), x,
                            (Combine.SMALL - 1) * kind.byteSize(), y, (Combine.SMALL - 1) * kind.byteSize(),
                            n - (Combine.SMALL - 1));
                    assertEquals(-1L, bulk.mismatch(each), kind + " " + op + ": one element at a time differs");
                    assertEquals(-1L, bulk.mismatch(part), kind + " " + op + ": short plus long run differs");
                }
            }
        }
    }

    /** Random bits with a share of extremes: -1, 0, MIN/MAX words, NaN, -0.0 and infinities for the reals. */
    private static long special(java.util.Random random, DataType kind) {
        long[] words = {-1L, 0L, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000_0000_8000_0000L, 0x7FFF_FFFF_7FFF_FFFFL};
        long[] doubles = {Double.doubleToRawLongBits(Double.NaN), Double.doubleToRawLongBits(-0.0),
            Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), Double.doubleToRawLongBits(1.5)};
        long[] floats = {0x7FC0_0000_8000_0000L, 0xFF80_0000_3FC0_0000L, 0x8000_0000_0000_0000L};
        int pick = random.nextInt(8);
        return switch (kind) {
            case DOUBLE -> pick < 4 ? doubles[pick] : Double.doubleToRawLongBits(random.nextGaussian() * 1e6);
            case FLOAT -> pick < 3 ? floats[pick]
                    : ((long) Float.floatToRawIntBits((float) random.nextGaussian()) << 32)
                    | (Float.floatToRawIntBits((float) (random.nextGaussian() * 1e3)) & 0xFFFF_FFFFL);
            default -> pick < words.length ? words[pick] : random.nextLong();
        };
    }
}
