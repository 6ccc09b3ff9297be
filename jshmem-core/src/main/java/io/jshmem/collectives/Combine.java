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

    private Combine() {
    }

    /** {@code d[dOff..] = a[aOff..] op b[bOff..]} for {@code count} elements of {@code kind}. */
    public static void apply(DataType kind, ReduceOp op, MemorySegment d, long dOff, MemorySegment a,
                             long aOff, MemorySegment b, long bOff, long count) {
        long size = kind.byteSize();
        for (long done = 0; done < count; done += CHUNK) {
            int n = (int) Math.min(CHUNK, count - done);
            long bytes = n * size;
            long o = done * size;
            MemorySegment ds = d.asSlice(dOff + o, bytes);
            MemorySegment as = a.asSlice(aOff + o, bytes);
            MemorySegment bs = b.asSlice(bOff + o, bytes);
            switch (kind) {
                case BYTE, UBYTE -> bytes(op, kind.isUnsigned(), ds, as, bs, n);
                case SHORT, USHORT, CHAR -> shorts(op, kind.isUnsigned(), ds, as, bs, n);
                case INT, UINT -> ints(op, kind.isUnsigned(), ds, as, bs, n);
                case LONG, ULONG -> longs(op, kind.isUnsigned(), ds, as, bs, n);
                case FLOAT -> floats(op, ds, as, bs, n);
                case DOUBLE -> doubles(op, ds, as, bs, n);
                case COMPLEXF -> complexFloats(op, ds, as, bs, n);
                case COMPLEXD -> complexDoubles(op, ds, as, bs, n);
            }
        }
    }

    private static void longs(ReduceOp op, boolean unsigned, MemorySegment d, MemorySegment a,
                              MemorySegment b, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(L, i, a.getAtIndex(L, i) + b.getAtIndex(L, i));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(L, i, a.getAtIndex(L, i) * b.getAtIndex(L, i));
                }
            }
            case AND -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(L, i, a.getAtIndex(L, i) & b.getAtIndex(L, i));
                }
            }
            case OR -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(L, i, a.getAtIndex(L, i) | b.getAtIndex(L, i));
                }
            }
            case XOR -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(L, i, a.getAtIndex(L, i) ^ b.getAtIndex(L, i));
                }
            }
            case MAX, MIN -> {
                boolean max = op == ReduceOp.MAX;
                for (int i = 0; i < n; i++) {
                    long x = a.getAtIndex(L, i);
                    long y = b.getAtIndex(L, i);
                    int c = unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
                    d.setAtIndex(L, i, (c >= 0) == max ? x : y);
                }
            }
        }
    }

    private static void ints(ReduceOp op, boolean unsigned, MemorySegment d, MemorySegment a,
                             MemorySegment b, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(I, i, a.getAtIndex(I, i) + b.getAtIndex(I, i));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(I, i, a.getAtIndex(I, i) * b.getAtIndex(I, i));
                }
            }
            case AND -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(I, i, a.getAtIndex(I, i) & b.getAtIndex(I, i));
                }
            }
            case OR -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(I, i, a.getAtIndex(I, i) | b.getAtIndex(I, i));
                }
            }
            case XOR -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(I, i, a.getAtIndex(I, i) ^ b.getAtIndex(I, i));
                }
            }
            case MAX, MIN -> {
                boolean max = op == ReduceOp.MAX;
                for (int i = 0; i < n; i++) {
                    int x = a.getAtIndex(I, i);
                    int y = b.getAtIndex(I, i);
                    int c = unsigned ? Integer.compareUnsigned(x, y) : Integer.compare(x, y);
                    d.setAtIndex(I, i, (c >= 0) == max ? x : y);
                }
            }
        }
    }

    private static void shorts(ReduceOp op, boolean unsigned, MemorySegment d, MemorySegment a,
                               MemorySegment b, int n) {
        for (int i = 0; i < n; i++) {
            short x = a.getAtIndex(S, i);
            short y = b.getAtIndex(S, i);
            d.setAtIndex(S, i, (short) narrow(op, unsigned ? Short.toUnsignedInt(x) : x,
                    unsigned ? Short.toUnsignedInt(y) : y));
        }
    }

    private static void bytes(ReduceOp op, boolean unsigned, MemorySegment d, MemorySegment a,
                              MemorySegment b, int n) {
        for (int i = 0; i < n; i++) {
            byte x = a.get(B, i);
            byte y = b.get(B, i);
            d.set(B, i, (byte) narrow(op, unsigned ? Byte.toUnsignedInt(x) : x, unsigned ? Byte.toUnsignedInt(y) : y));
        }
    }

    /** One operation on 8- or 16-bit values widened to int (sign- or zero-extended); the caller truncates. */
    private static int narrow(ReduceOp op, int x, int y) {
        return switch (op) {
            case SUM -> x + y;
            case PROD -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case MAX -> Math.max(x, y);
            case MIN -> Math.min(x, y);
        };
    }

    private static void doubles(ReduceOp op, MemorySegment d, MemorySegment a, MemorySegment b, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(D, i, a.getAtIndex(D, i) + b.getAtIndex(D, i));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(D, i, a.getAtIndex(D, i) * b.getAtIndex(D, i));
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(D, i, Math.max(a.getAtIndex(D, i), b.getAtIndex(D, i)));
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(D, i, Math.min(a.getAtIndex(D, i), b.getAtIndex(D, i)));
                }
            }
            default -> throw unsupported(op, "double");
        }
    }

    private static void floats(ReduceOp op, MemorySegment d, MemorySegment a, MemorySegment b, int n) {
        switch (op) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(F, i, a.getAtIndex(F, i) + b.getAtIndex(F, i));
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(F, i, a.getAtIndex(F, i) * b.getAtIndex(F, i));
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(F, i, Math.max(a.getAtIndex(F, i), b.getAtIndex(F, i)));
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    d.setAtIndex(F, i, Math.min(a.getAtIndex(F, i), b.getAtIndex(F, i)));
                }
            }
            default -> throw unsupported(op, "float");
        }
    }

    private static void complexDoubles(ReduceOp op, MemorySegment d, MemorySegment a, MemorySegment b,
                                       int n) {
        if (op == ReduceOp.SUM) {
            doubles(op, d, a, b, 2 * n);
            return;
        }
        if (op != ReduceOp.PROD) {
            throw unsupported(op, "complex double");
        }
        for (int i = 0; i < 2 * n; i += 2) {
            double ar = a.getAtIndex(D, i);
            double ai = a.getAtIndex(D, i + 1);
            double br = b.getAtIndex(D, i);
            double bi = b.getAtIndex(D, i + 1);
            d.setAtIndex(D, i, ar * br - ai * bi);
            d.setAtIndex(D, i + 1, ar * bi + ai * br);
        }
    }

    private static void complexFloats(ReduceOp op, MemorySegment d, MemorySegment a, MemorySegment b,
                                      int n) {
        if (op == ReduceOp.SUM) {
            floats(op, d, a, b, 2 * n);
            return;
        }
        if (op != ReduceOp.PROD) {
            throw unsupported(op, "complex float");
        }
        for (int i = 0; i < 2 * n; i += 2) {
            float ar = a.getAtIndex(F, i);
            float ai = a.getAtIndex(F, i + 1);
            float br = b.getAtIndex(F, i);
            float bi = b.getAtIndex(F, i + 1);
            d.setAtIndex(F, i, ar * br - ai * bi);
            d.setAtIndex(F, i + 1, ar * bi + ai * br);
        }
    }

    private static IllegalArgumentException unsupported(ReduceOp op, String type) {
        return new IllegalArgumentException(op + " is not defined on " + type);
    }
}
