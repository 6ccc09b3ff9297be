package io.jshmem.it.pe;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Every reduction type and operator, and both scans, at 0 B, 8 B (recursive doubling) and 1 KiB (reduce-scatter +
 * allgather), and every kernel family at 1 MiB ({@link #bigCase}), compared element by element with
 * a reduction computed here from the same generated inputs (integers: long arithmetic truncated to the width, with
 * signed or unsigned comparisons; floating point: small integers, so every order of combination is exact). Also in
 * place, on the team of even PEs (odd PEs untouched), and operators a type does not support.
 */
public final class ReductionsPe {
    private static final long[] SIZES = {0, 8, 1024, 1 << 20};
    private static final DataType[] EVEN_TEAM_TYPES = {DataType.UBYTE, DataType.INT, DataType.LONG,
        DataType.DOUBLE, DataType.COMPLEXD};
    private static final ValueLayout.OfByte B = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort S = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    public static void main(String[] args) {
        boolean quick = args.length > 0 && args[0].equals("quick");
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory src = shmem.malloc((1 << 20) + 64);
            SymmetricMemory dst = shmem.malloc((1 << 20) + 64);
            Team world = shmem.teamWorld();
            // "quick" (the forced-algorithm runs): both algorithms' sizes, one type of each kernel family
            int salt = quick ? run(world, src, dst, new long[] {8, 1024}, 1, EVEN_TEAM_TYPES)
                    : run(world, src, dst, SIZES, 1, DataType.values());
            Team even = world.splitStrided(0, 2, (n + 1) / 2);
            if (me % 2 == 1) {
                src.local().fill((byte) 0x6B);
                dst.local().fill((byte) 0x6B);
            }
            shmem.barrierAll();
            if (even.isValid()) {
                run(even, src, dst, new long[] {8, 1024}, salt, EVEN_TEAM_TYPES);
                even.destroy();
            }
            shmem.barrierAll();
            if (me % 2 == 1) {
                Patterns.expectFilled(src.local(), 0, src.byteSize(), (byte) 0x6B, "odd PE source untouched");
                Patterns.expectFilled(dst.local(), 0, dst.byteSize(), (byte) 0x6B, "odd PE dest untouched");
            }
            shmem.free(dst);
            shmem.free(src);
            System.out.println("REDUCTIONS OK pe " + me + " of " + n);
        }
    }

    private static int run(Team team, SymmetricMemory src, SymmetricMemory dst, long[] sizes, int salt,
                           DataType[] types) {
        int me = team.myPe();
        for (DataType type : types) {
            for (long size : sizes) {
                long count = size == 0 ? 0 : Math.max(1, size / type.byteSize());
                for (ReduceOp op : ReduceOp.values()) {
                    if (size > 1024 && !bigCase(type, op)) {
                        continue;
                    }
                    if (!supported(type, op)) {
                        if (size == 8) {
                            Expect.thrown(ShmemArgumentException.class,
                                    () -> team.reduce(op, type, dst, 0, src, 0, count), "op = " + op,
                                    "type = " + type);
                        }
                        continue;
                    }
                    salt++;
                    fill(type, src.local(), count, me, salt);
                    dst.local().asSlice(0, count * type.byteSize() + 64).fill((byte) 0x5A);
                    team.reduce(op, type, dst, 0, src, 0, count);
                    check(type, op, team.nPes(), -1, dst.local(), count, salt, "reduce " + op + " " + type + " "
                            + count);
                    Patterns.expectFilled(dst.local(), count * type.byteSize(), 64, (byte) 0x5A,
                            "after reduce " + op + " " + type);
                }
                if (size > 1024 && type != DataType.LONG) {
                    continue;
                }
                salt++;
                fill(type, src.local(), count, me, salt);
                team.sumInscan(type, dst, 0, src, 0, count);
                check(type, ReduceOp.SUM, me + 1, -1, dst.local(), count, salt, "sumInscan " + type + " " + count);
                team.sumExscan(type, dst, 0, src, 0, count);
                check(type, ReduceOp.SUM, me, -1, dst.local(), count, salt, "sumExscan " + type + " " + count);
                if (size == 1024) {
                    // in place: dest is the source
                    salt++;
                    fill(type, src.local(), count, me, salt);
                    team.reduce(ReduceOp.SUM, type, src, 0, src, 0, count);
                    check(type, ReduceOp.SUM, team.nPes(), -1, src.local(), count, salt, "in-place sum " + type);
                    salt++;
                    fill(type, src.local(), count, me, salt);
                    team.sumInscan(type, src, 0, src, 0, count);
                    check(type, ReduceOp.SUM, me + 1, -1, src.local(), count, salt, "in-place inscan " + type);
                }
            }
        }
        return salt;
    }

    /**
     * The 1 MiB cases: one or two operators of each kernel family (8-, 16-, 32-, 64-bit integers, floating point,
     * complex). Every type and operator runs at 8 B (recursive doubling) and 1 KiB (reduce-scatter + allgather); at
     * 1 MiB each kernel loop runs once per case, mostly before the JIT has compiled it, which on two shared cores
     * makes every further case cost seconds.
     */
    private static boolean bigCase(DataType t, ReduceOp op) {
        return switch (t) {
            case LONG -> op == ReduceOp.SUM || op == ReduceOp.MAX;
            case DOUBLE -> op == ReduceOp.SUM;
            case INT -> op == ReduceOp.PROD;
            case UBYTE -> op == ReduceOp.XOR;
            case USHORT -> op == ReduceOp.MIN;
            case COMPLEXF -> op == ReduceOp.PROD;
            default -> false;
        };
    }

    static boolean supported(DataType t, ReduceOp op) {
        boolean integer = t != DataType.FLOAT && t != DataType.DOUBLE && t != DataType.COMPLEXF
                && t != DataType.COMPLEXD;
        boolean complex = t == DataType.COMPLEXF || t == DataType.COMPLEXD;
        return switch (op) {
            case AND, OR, XOR -> integer;
            case MAX, MIN -> !complex;
            case SUM, PROD -> true;
        };
    }

    // ---- inputs ---------------------------------------------------------------------------------------------

    private static long raw(int pe, long i, int salt) {
        long x = pe * 0x9E3779B97F4A7C15L + i * 0xD1B54A32D192ED03L + salt * 0x8CB92BA72F3D8DD7L;
        x ^= x >>> 31;
        x *= 0x94D049BB133111EBL;
        return x ^ (x >>> 29);
    }

    private static double real(int pe, long i, int salt) {
        return Math.floorMod(pe * 7 + i * 3 + salt, 9) - 4;
    }

    private static double re(int pe, long i, int salt) {
        return Math.floorMod(pe + i + salt, 5) - 2;
    }

    private static double im(int pe, long i, int salt) {
        return Math.floorMod(pe * 3 + i * 2 + salt, 5) - 2;
    }

    /** The canonical long of an integer element: truncated to the width, sign- or zero-extended. */
    private static long extend(DataType t, long v) {
        return switch (t) {
            case BYTE -> (byte) v;
            case UBYTE -> v & 0xFF;
            case SHORT -> (short) v;
            case USHORT, CHAR -> v & 0xFFFF;
            case INT -> (int) v;
            case UINT -> v & 0xFFFFFFFFL;
            default -> v;
        };
    }

    private static void fill(DataType t, MemorySegment seg, long count, int pe, int salt) {
        for (long i = 0; i < count; i++) {
            switch (t) {
                case BYTE, UBYTE -> seg.set(B, i, (byte) raw(pe, i, salt));
                case SHORT, USHORT, CHAR -> seg.setAtIndex(S, i, (short) raw(pe, i, salt));
                case INT, UINT -> seg.setAtIndex(I, i, (int) raw(pe, i, salt));
                case LONG, ULONG -> seg.setAtIndex(L, i, raw(pe, i, salt));
                case FLOAT -> seg.setAtIndex(F, i, (float) real(pe, i, salt));
                case DOUBLE -> seg.setAtIndex(D, i, real(pe, i, salt));
                case COMPLEXF -> {
                    seg.setAtIndex(F, 2 * i, (float) re(pe, i, salt));
                    seg.setAtIndex(F, 2 * i + 1, (float) im(pe, i, salt));
                }
                case COMPLEXD -> {
                    seg.setAtIndex(D, 2 * i, re(pe, i, salt));
                    seg.setAtIndex(D, 2 * i + 1, im(pe, i, salt));
                }
            }
        }
    }

    /**
     * Checks {@code seg} against op over the inputs of team PEs 0..members-1 (members 0: the exclusive scan of
     * PE 0, all zeros).
     */
    private static void check(DataType t, ReduceOp op, int members, int unused, MemorySegment seg, long count,
                              int salt, String what) {
        // Up to 4096 elements: all of them; beyond, every 31st and the last 64 (a wrong kernel or part boundary
        // shows in many elements; the reference computation is the costly part of this test).
        long step = count <= 4096 ? 1 : 31;
        for (long i = 0; i < count; i = i + step < count - 64 || step == 1 ? i + step : i + 1) {
            switch (t) {
                case FLOAT, DOUBLE -> {
                    double acc = members == 0 ? 0 : real(0, i, salt);
                    for (int k = 1; k < members; k++) {
                        acc = realOp(op, acc, real(k, i, salt));
                    }
                    double got = t == DataType.FLOAT ? seg.getAtIndex(F, i) : seg.getAtIndex(D, i);
                    if (got != acc) {
                        throw Expect.failure(what + ": element " + i + " is " + got + ", expected " + acc, null);
                    }
                }
                case COMPLEXF, COMPLEXD -> {
                    double ar = members == 0 ? 0 : re(0, i, salt);
                    double ai = members == 0 ? 0 : im(0, i, salt);
                    for (int k = 1; k < members; k++) {
                        double br = re(k, i, salt);
                        double bi = im(k, i, salt);
                        if (op == ReduceOp.SUM) {
                            ar += br;
                            ai += bi;
                        } else {
                            double r = ar * br - ai * bi;
                            ai = ar * bi + ai * br;
                            ar = r;
                        }
                    }
                    double gr = t == DataType.COMPLEXF ? seg.getAtIndex(F, 2 * i) : seg.getAtIndex(D, 2 * i);
                    double gi = t == DataType.COMPLEXF ? seg.getAtIndex(F, 2 * i + 1)
                            : seg.getAtIndex(D, 2 * i + 1);
                    if (gr != ar || gi != ai) {
                        throw Expect.failure(what + ": element " + i + " is " + gr + "+" + gi + "i, expected "
                                + ar + "+" + ai + "i", null);
                    }
                }
                default -> {
                    long acc = members == 0 ? 0 : extend(t, raw(0, i, salt));
                    for (int k = 1; k < members; k++) {
                        acc = intOp(t, op, acc, extend(t, raw(k, i, salt)));
                    }
                    long got = switch (t) {
                        case BYTE, UBYTE -> extend(t, seg.get(B, i));
                        case SHORT, USHORT, CHAR -> extend(t, seg.getAtIndex(S, i));
                        case INT, UINT -> extend(t, seg.getAtIndex(I, i));
                        default -> seg.getAtIndex(L, i);
                    };
                    if (got != extend(t, acc)) {
                        throw Expect.failure(what + ": element " + i + " is " + got + ", expected "
                                + extend(t, acc), null);
                    }
                }
            }
        }
    }

    private static double realOp(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            default -> throw Expect.failure(op + " on floating point", null);
        };
    }

    private static long intOp(DataType t, ReduceOp op, long a, long b) {
        int cmp = t == DataType.ULONG ? Long.compareUnsigned(a, b) : Long.compare(a, b);
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
            case MAX -> cmp >= 0 ? a : b;
            case MIN -> cmp <= 0 ? a : b;
        };
    }
}
