package io.jshmem.operand;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The block-strided range check of ibput/ibget agrees with exact (BigInteger) arithmetic on random and extreme
 * arguments, so no product inside it can wrap; and its message names the arguments.
 */
@Timeout(30)
class BlockStridedFitsTest {

    /** index + (nblocks-1)*stride + bsize <= limit/size, computed without overflow. */
    private static boolean exact(long index, long stride, long bsize, long nblocks, long size, long limit) {
        if (index < 0 || bsize < 0 || nblocks < 0) {
            return false;
        }
        if (bsize == 0 || nblocks == 0) {
            return true;
        }
        BigInteger end = BigInteger.valueOf(nblocks - 1).multiply(BigInteger.valueOf(stride))
                .add(BigInteger.valueOf(index)).add(BigInteger.valueOf(bsize));
        return end.compareTo(BigInteger.valueOf(limit / size)) <= 0;
    }

    @Test
    void agreesWithExactArithmetic() {
        SplittableRandom rnd = new SplittableRandom(12);
        long[] edges = {0, 1, 2, 3, 7, 8, 255, 256, 257, Integer.MAX_VALUE, Long.MAX_VALUE / 16, Long.MAX_VALUE / 2,
                Long.MAX_VALUE - 1, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        long[] sizes = {1, 2, 4, 8, 16, 12};
        for (int i = 0; i < 200_000; i++) {
            long index = pick(rnd, edges);
            long stride = Math.max(1, pick(rnd, edges));
            long bsize = pick(rnd, edges);
            long nblocks = pick(rnd, edges);
            long size = sizes[rnd.nextInt(sizes.length)];
            long limit = rnd.nextBoolean() ? 4096 : pick(rnd, edges) & Long.MAX_VALUE; // sizes are never negative
            assertEquals(exact(index, stride, bsize, nblocks, size, limit),
                    Operands.blockStridedFits(index, stride, bsize, nblocks, size, limit),
                    () -> index + " " + stride + " " + bsize + " " + nblocks + " " + size + " " + limit);
        }
    }

    private static long pick(SplittableRandom rnd, long[] edges) {
        return switch (rnd.nextInt(3)) {
            case 0 -> edges[rnd.nextInt(edges.length)];
            case 1 -> rnd.nextLong(0, 300);
            default -> rnd.nextLong();
        };
    }

    @Test
    void exactFitAndOnePastOnASegment() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(256);
            // 32 longs: blocks of 2 at 21, 24, 27, 30 end exactly at the end
            Operands.blockStridedInSegment(s, "dest", "destIndex", 21, "dst", 3, "bsize", 2, "nblocks", 4, 8, true);
            RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> Operands.blockStridedInSegment(s, "dest", "destIndex", 22, "dst", 3, "bsize", 2,
                            "nblocks", 4, 8, true));
            assertTrue(e.getMessage().startsWith("destIndex = 22, dst = 3, bsize = 2 and nblocks = 4 reach beyond"
                    + " dest (a local segment of 32 elements of 8 bytes)"), e.getMessage());
            assertFalse(Operands.blockStridedFits(0, Long.MAX_VALUE, 1, 2, 8, 256), "second block far beyond");
            assertTrue(Operands.blockStridedFits(1000, 1, 0, 5, 8, 256), "bsize 0 ignores the position");
        }
    }
}
