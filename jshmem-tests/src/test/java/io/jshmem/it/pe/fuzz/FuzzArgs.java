package io.jshmem.it.pe.fuzz;

import java.util.SplittableRandom;

/**
 * Argument distributions of the operand fuzz: mostly plausible values, plus the edges (one before, at and one past a
 * limit) and hostile values that wrap when multiplied (near Long.MAX_VALUE and Long.MIN_VALUE, powers of two that
 * overflow an element size or a stride). Every PE draws from the same seed, so all of them know every call.
 */
final class FuzzArgs {
    private static final long[] HOSTILE = {
        Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE - 7, Long.MIN_VALUE, Long.MIN_VALUE + 3, -1, -2,
        1L << 61, (1L << 61) + 1, (1L << 60) + 1, 1L << 62, (1L << 62) + 1, 1L << 63 >>> 1, 1L << 32, (1L << 32) + 1,
        Integer.MAX_VALUE, Integer.MIN_VALUE, (long) Integer.MAX_VALUE + 1, 0x7FFF_FFFF_FFFF_FFF8L,
        Long.MAX_VALUE / 8 + 1, Long.MAX_VALUE / 4 + 1, Long.MAX_VALUE / 2 + 1
    };
    private static final int[] HOSTILE_INT = {
        Integer.MAX_VALUE, Integer.MAX_VALUE - 7, Integer.MIN_VALUE, Integer.MIN_VALUE + 3, -1, -2, 1 << 30,
        (1 << 30) + 1, 1 << 29
    };

    final SplittableRandom rnd;

    FuzzArgs(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    int below(int bound) {
        return rnd.nextInt(bound);
    }

    boolean chance(int percent) {
        return rnd.nextInt(100) < percent;
    }

    /** An index or offset for a range of {@code limit} elements. */
    long index(long limit) {
        int r = rnd.nextInt(100);
        if (r < 55) {
            return limit <= 0 ? 0 : rnd.nextLong(limit + 1);
        }
        if (r < 75) {
            return edge(limit);
        }
        return hostile();
    }

    /** A count for a range of {@code limit} elements (small ones are the usual case). */
    long count(long limit) {
        int r = rnd.nextInt(100);
        if (r < 50) {
            return limit <= 0 ? 0 : rnd.nextLong(Math.min(limit, 64) + 1);
        }
        if (r < 60) {
            return 0;
        }
        if (r < 78) {
            return edge(limit);
        }
        return hostile();
    }

    /** A stride: 1 or 2 mostly, else edges and hostile values. */
    long stride() {
        int r = rnd.nextInt(100);
        if (r < 45) {
            return 1;
        }
        if (r < 70) {
            return 2 + rnd.nextInt(5);
        }
        if (r < 80) {
            return rnd.nextBoolean() ? 0 : -1;
        }
        return hostile();
    }

    /** An int argument (the facade's array indices and counts). */
    int intIndex(int limit) {
        int r = rnd.nextInt(100);
        if (r < 60) {
            return limit <= 0 ? 0 : rnd.nextInt(limit + 1);
        }
        if (r < 80) {
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, edge(limit)));
        }
        return HOSTILE_INT[rnd.nextInt(HOSTILE_INT.length)];
    }

    int intCount(int limit) {
        int r = rnd.nextInt(100);
        if (r < 60) {
            return limit <= 0 ? 0 : rnd.nextInt(Math.min(limit, 64) + 1);
        }
        if (r < 80) {
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, edge(limit)));
        }
        return HOSTILE_INT[rnd.nextInt(HOSTILE_INT.length)];
    }

    int intStride() {
        long s = stride();
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s));
    }

    /** A PE number: valid most of the time. */
    int pe(int nPes) {
        int r = rnd.nextInt(100);
        if (r < 88) {
            return rnd.nextInt(nPes);
        }
        int[] bad = {-1, nPes, nPes + 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
        return bad[rnd.nextInt(bad.length)];
    }

    long value() {
        return rnd.nextLong();
    }

    private long edge(long limit) {
        long[] e = {-1, 0, 1, limit - 1, limit, limit + 1, limit + 8};
        return e[rnd.nextInt(e.length)];
    }

    private long hostile() {
        return rnd.nextInt(8) == 0 ? rnd.nextLong() : HOSTILE[rnd.nextInt(HOSTILE.length)];
    }
}
