package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The element-wise kernels of the reductions and scans: {@code d[i] = a[i] op b[i]} for {@code count} elements,
 * where {@code d} may be exactly {@code a} or {@code b} (in-place accumulation). One tight loop per type and
 * operator, over int-indexed slices (the shape the JIT compiles best); integer arithmetic wraps, floating-point
 * follows IEEE 754 in Java (MAX/MIN as {@link Math#max}), complex products as (ac-bd) + (ad+bc)i.
 * Every operator is commutative bit for bit, so members that combine the same two operands in opposite order
 * get identical results. Stateless and thread-safe.
 */
public final class Combine {
    private static final ValueLayout.OfByte B = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort S = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    private static final int CHUNK = 1 << 26;
    /**
     * Counts below this take one loop with the operator switched per element. C2 unrolls (and so vectorizes) a
     * loop only when its profiled trip count is large: the recursive-doubling reductions of a few elements would
     * otherwise leave the word loops compiled for tiny trips, and a 1 MiB long sum after them took 10x as long
     * (716 instead of 68 us, 2 PEs).
     */
    static final int SMALL = 64;

    private Combine() {
    }

    /** {@code d[dOff..] = a[aOff..] op b[bOff..]} for {@code count} elements of {@code kind}. */
    public static void apply(DataType kind, ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                             long aOff, MemorySegment b, long bOff, long count) {
        long size = kind.byteSize();
        if (count < SMALL && small(kind, op, d, dOff, a, aOff, b, bOff, (int) count)) {
            return;
        }
        for (long done = 0; done < count; done += CHUNK) {
            int n = (int) Math.min(CHUNK, count - done);
            long o = done * size;
            // Offsets rather than slices: a slice per call is an allocation the JIT does not always remove. The loops
            // form each offset as (long) i * size: an int product widened afterwards kept C2 from vectorizing them
            // (a 1 MiB long sum took 3.5x as long).
            long dso = dOff + o;
            long aso = aOff + o;
            long bso = bOff + o;
            switch (kind) {
                case BYTE, UBYTE -> bytes(op, kind.isUnsigned(), d, dso, a, aso, b, bso, n);
                case SHORT, USHORT, CHAR -> shorts(op, kind.isUnsigned(), d, dso, a, aso, b, bso, n);
                case INT, UINT -> ints(op, kind.isUnsigned(), d, dso, a, aso, b, bso, n);
                case LONG, ULONG -> longs(op, kind.isUnsigned(), d, dso, a, aso, b, bso, n);
                case FLOAT -> floats(op, d, dso, a, aso, b, bso, n);
                case DOUBLE -> doubles(op, d, dso, a, aso, b, bso, n);
                case COMPLEXF -> complexFloats(op, d, dso, a, aso, b, bso, n);
                case COMPLEXD -> complexDoubles(op, d, dso, a, aso, b, bso, n);
            }
        }
    }

    /**
     * The short path for {@code n < SMALL} elements of the 32- and 64-bit integer and floating-point kinds;
     * returns false (nothing done) for the other kinds, which loop per element anyway.
     */
    private static boolean small(DataType kind, ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                                 long aOff, MemorySegment b, long bOff, int n) {
        switch (kind) {
            case INT, UINT -> {
                boolean unsigned = kind.isUnsigned();
                for (int i = 0; i < n; i++) {
                    int x = a.get(I, aOff + (long) i * 4);
                    int y = b.get(I, bOff + (long) i * 4);
                    d.set(I, dOff + (long) i * 4, (int) word(op, false, unsigned ? Integer.toUnsignedLong(x) : x,
                            unsigned ? Integer.toUnsignedLong(y) : y));
                }
            }
            case LONG, ULONG -> {
                boolean unsigned = kind.isUnsigned();
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, word(op, unsigned, a.get(L, aOff + (long) i * 8),
                            b.get(L, bOff + (long) i * 8)));
                }
            }
            case FLOAT -> {
                for (int i = 0; i < n; i++) {
                    d.set(F, dOff + (long) i * 4, (float) real(op, "float", a.get(F, aOff + (long) i * 4),
                            b.get(F, bOff + (long) i * 4)));
                }
            }
            case DOUBLE -> {
                for (int i = 0; i < n; i++) {
                    d.set(D, dOff + (long) i * 8, real(op, "double", a.get(D, aOff + (long) i * 8),
                            b.get(D, bOff + (long) i * 8)));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * One integer operation on sign- or zero-extended values (8 to 64 bits; the caller truncates);
     * {@code unsigned64} compares 64-bit words unsigned.
     */
    private static long word(ReduceOp op, boolean unsigned64, long x, long y) {
        return switch (op) {
            case SUM -> x + y;
            case PROD -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case MAX -> (unsigned64 ? Long.compareUnsigned(x, y) : Long.compare(x, y)) >= 0 ? x : y;
            case MIN -> (unsigned64 ? Long.compareUnsigned(x, y) : Long.compare(x, y)) >= 0 ? y : x;
        };
    }

    /** One floating-point operation (float operands are exact in double, and so are their sums and products). */
    private static double real(ReduceOp op, String type, double x, double y) {
        return switch (op) {
            case SUM -> x + y;
            case PROD -> x * y;
            case MAX -> Math.max(x, y);
            case MIN -> Math.min(x, y);
            default -> throw unsupported(op, type);
        };
    }

    private static void longs(ReduceOp op, boolean unsigned, MemorySegment d, long dOff,
                              MemorySegment a, long aOff, MemorySegment b, long bOff, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, a.get(L, aOff + (long) i * 8) + b.get(L, bOff + (long) i * 8));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, a.get(L, aOff + (long) i * 8) * b.get(L, bOff + (long) i * 8));
                }
            }
            case AND -> {
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, a.get(L, aOff + (long) i * 8) & b.get(L, bOff + (long) i * 8));
                }
            }
            case OR -> {
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, a.get(L, aOff + (long) i * 8) | b.get(L, bOff + (long) i * 8));
                }
            }
            case XOR -> {
                for (int i = 0; i < n; i++) {
                    d.set(L, dOff + (long) i * 8, a.get(L, aOff + (long) i * 8) ^ b.get(L, bOff + (long) i * 8));
                }
            }
            case MAX, MIN -> {
                boolean max = op == ReduceOp.MAX;
                for (int i = 0; i < n; i++) {
                    long x = a.get(L, aOff + (long) i * 8);
                    long y = b.get(L, bOff + (long) i * 8);
                    int c = unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
                    d.set(L, dOff + (long) i * 8, (c >= 0) == max ? x : y);
                }
            }
        }
    }

    private static void ints(ReduceOp op, boolean unsigned, MemorySegment d, long dOff,
                              MemorySegment a, long aOff, MemorySegment b, long bOff, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.set(I, dOff + (long) i * 4, a.get(I, aOff + (long) i * 4) + b.get(I, bOff + (long) i * 4));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.set(I, dOff + (long) i * 4, a.get(I, aOff + (long) i * 4) * b.get(I, bOff + (long) i * 4));
                }
            }
            case AND -> {
                for (int i = 0; i < n; i++) {
                    d.set(I, dOff + (long) i * 4, a.get(I, aOff + (long) i * 4) & b.get(I, bOff + (long) i * 4));
                }
            }
            case OR -> {
                for (int i = 0; i < n; i++) {
                    d.set(I, dOff + (long) i * 4, a.get(I, aOff + (long) i * 4) | b.get(I, bOff + (long) i * 4));
                }
            }
            case XOR -> {
                for (int i = 0; i < n; i++) {
                    d.set(I, dOff + (long) i * 4, a.get(I, aOff + (long) i * 4) ^ b.get(I, bOff + (long) i * 4));
                }
            }
            case MAX, MIN -> {
                boolean max = op == ReduceOp.MAX;
                for (int i = 0; i < n; i++) {
                    int x = a.get(I, aOff + (long) i * 4);
                    int y = b.get(I, bOff + (long) i * 4);
                    int c = unsigned ? Integer.compareUnsigned(x, y) : Integer.compare(x, y);
                    d.set(I, dOff + (long) i * 4, (c >= 0) == max ? x : y);
                }
            }
        }
    }

    private static void shorts(ReduceOp op, boolean unsigned, MemorySegment d, long dOff,
                              MemorySegment a, long aOff, MemorySegment b, long bOff, int n) {
        for (int i = 0; i < n; i++) {
            short x = a.get(S, aOff + (long) i * 2);
            short y = b.get(S, bOff + (long) i * 2);
            d.set(S, dOff + (long) i * 2, (short) word(op, false, unsigned ? Short.toUnsignedInt(x) : x,
                    unsigned ? Short.toUnsignedInt(y) : y));
        }
    }

    private static void bytes(ReduceOp op, boolean unsigned, MemorySegment d, long dOff,
                              MemorySegment a, long aOff, MemorySegment b, long bOff, int n) {
        for (int i = 0; i < n; i++) {
            byte x = a.get(B, aOff + i);
            byte y = b.get(B, bOff + i);
            d.set(B, dOff + i, (byte) word(op, false, unsigned ? Byte.toUnsignedInt(x) : x,
                    unsigned ? Byte.toUnsignedInt(y) : y));
        }
    }

    private static void doubles(ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                              long aOff, MemorySegment b, long bOff, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.set(D, dOff + (long) i * 8, a.get(D, aOff + (long) i * 8) + b.get(D, bOff + (long) i * 8));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.set(D, dOff + (long) i * 8, a.get(D, aOff + (long) i * 8) * b.get(D, bOff + (long) i * 8));
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    d.set(D, dOff + (long) i * 8, Math.max(a.get(D, aOff + (long) i * 8), b.get(D, bOff + (long) i * 8)));
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    d.set(D, dOff + (long) i * 8, Math.min(a.get(D, aOff + (long) i * 8), b.get(D, bOff + (long) i * 8)));
                }
            }
            default -> throw unsupported(op, "double");
        }
    }

    private static void floats(ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                              long aOff, MemorySegment b, long bOff, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.set(F, dOff + (long) i * 4, a.get(F, aOff + (long) i * 4) + b.get(F, bOff + (long) i * 4));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.set(F, dOff + (long) i * 4, a.get(F, aOff + (long) i * 4) * b.get(F, bOff + (long) i * 4));
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    d.set(F, dOff + (long) i * 4, Math.max(a.get(F, aOff + (long) i * 4), b.get(F, bOff + (long) i * 4)));
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    d.set(F, dOff + (long) i * 4, Math.min(a.get(F, aOff + (long) i * 4), b.get(F, bOff + (long) i * 4)));
                }
            }
            default -> throw unsupported(op, "float");
        }
    }

    private static void complexDoubles(ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                              long aOff, MemorySegment b, long bOff, int n) {
        if (op == ReduceOp.SUM) {
            doubles(op, d, dOff, a, aOff, b, bOff, 2 * n);
            return;
        }
        if (op != ReduceOp.PROD) {
            throw unsupported(op, "complex double");
        }
        for (int i = 0; i < 2 * n; i += 2) {
            double ar = a.get(D, aOff + (long) i * 8);
            double ai = a.get(D, aOff + ((long) i + 1) * 8);
            double br = b.get(D, bOff + (long) i * 8);
            double bi = b.get(D, bOff + ((long) i + 1) * 8);
            d.set(D, dOff + (long) i * 8, ar * br - ai * bi);
            d.set(D, dOff + ((long) i + 1) * 8, ar * bi + ai * br);
        }
    }

    private static void complexFloats(ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                              long aOff, MemorySegment b, long bOff, int n) {
        if (op == ReduceOp.SUM) {
            floats(op, d, dOff, a, aOff, b, bOff, 2 * n);
            return;
        }
        if (op != ReduceOp.PROD) {
            throw unsupported(op, "complex float");
        }
        for (int i = 0; i < 2 * n; i += 2) {
            float ar = a.get(F, aOff + (long) i * 4);
            float ai = a.get(F, aOff + ((long) i + 1) * 4);
            float br = b.get(F, bOff + (long) i * 4);
            float bi = b.get(F, bOff + ((long) i + 1) * 4);
            d.set(F, dOff + (long) i * 4, ar * br - ai * bi);
            d.set(F, dOff + ((long) i + 1) * 4, ar * bi + ai * br);
        }
    }

    private static IllegalArgumentException unsupported(ReduceOp op, String type) {
        return new IllegalArgumentException(op + " is not defined on " + type);
    }
}
