package io.jshmem.operand;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contiguous range check behind every put, get and local-segment argument ({@link Operands#fits}) agrees with
 * exact (BigInteger) arithmetic on random and extreme arguments. Its comparisons are folded into one condition with
 * non-short-circuit operators, which evaluates {@code cap - index} even for a negative index: the result must still
 * be false there, whatever that difference wraps to.
 */
@Timeout(30)
class RangeFitsTest {

    /** {@code 0 <= index}, {@code 0 <= count}, and {@code index + count <= limit / size} unless count is 0. */
    private static boolean exact(long index, long count, long size, long limit) {
        if (index < 0 || count < 0) {
            return false;
        }
        if (count == 0) {
            return true;
        }
        return BigInteger.valueOf(index).add(BigInteger.valueOf(count))
                .compareTo(BigInteger.valueOf(limit / size)) <= 0;
    }

    @Test
    void agreesWithExactArithmetic() {
        SplittableRandom rnd = new SplittableRandom(14);
        long[] edges = {0, 1, 2, 3, 7, 8, 255, 256, 257, 4096, Integer.MAX_VALUE, Long.MAX_VALUE / 16,
                Long.MAX_VALUE / 2, Long.MAX_VALUE - 1, Long.MAX_VALUE, -1, -2, Long.MIN_VALUE, Long.MIN_VALUE + 1};
        long[] sizes = {1, 2, 4, 8, 16, 12};
        for (int i = 0; i < 300_000; i++) {
            long index = pick(rnd, edges);
            long count = pick(rnd, edges);
            long size = sizes[rnd.nextInt(sizes.length)];
            long limit = rnd.nextBoolean() ? 4096 : pick(rnd, edges) & Long.MAX_VALUE; // sizes are never negative
            assertEquals(exact(index, count, size, limit), Operands.fits(index, count, size, limit),
                    () -> index + " " + count + " " + size + " " + limit);
        }
    }

    @Test
    void edges() {
        assertTrue(Operands.fits(0, 512, 8, 4096), "the whole block");
        assertFalse(Operands.fits(0, 513, 8, 4096), "one element past the end");
        assertTrue(Operands.fits(511, 1, 8, 4096));
        assertFalse(Operands.fits(512, 1, 8, 4096));
        assertTrue(Operands.fits(512, 0, 8, 4096), "an empty range at the end");
        assertTrue(Operands.fits(Long.MAX_VALUE, 0, 8, 4096), "an empty range needs only non-negative arguments");
        assertFalse(Operands.fits(-1, 0, 8, 4096));
        assertFalse(Operands.fits(0, -1, 8, 4096));
        // cap - index wraps to a huge positive value for these; the sign test must still refuse them.
        assertFalse(Operands.fits(Long.MIN_VALUE, 1, 1, Long.MAX_VALUE));
        assertFalse(Operands.fits(Long.MIN_VALUE + 1, 1, 1, Long.MAX_VALUE));
        assertFalse(Operands.fits(-1, Long.MAX_VALUE, 1, Long.MAX_VALUE));
        assertFalse(Operands.fits(1, Long.MAX_VALUE, 1, Long.MAX_VALUE), "index + count wraps");
        assertTrue(Operands.fits(1, Long.MAX_VALUE - 1, 1, Long.MAX_VALUE));
    }

    private static long pick(SplittableRandom rnd, long[] edges) {
        return switch (rnd.nextInt(3)) {
            case 0 -> edges[rnd.nextInt(edges.length)];
            case 1 -> rnd.nextLong(0, 300);
            default -> rnd.nextLong();
        };
    }
}
