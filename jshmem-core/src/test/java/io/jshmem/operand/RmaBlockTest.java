package io.jshmem.operand;

import io.jshmem.MemType;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operand check of the contiguous put and get ({@link Operands#rmaBlock}): a live kind block of the instance is
 * checked against its own range and marked by a negative offset that {@link Operands#kindOffset} turns back into its
 * heap offset, with checks on and off; anything else is refused as before.
 */
@Timeout(30)
class RmaBlockTest {
    private static final Object OWNER = new Object();

    private static long routed(KindBlock k, long index, long count, long size) {
        return Operands.inBlock(Operands.rmaBlock("dest", k, OWNER, "destIndex", index, "count", count, size), "dest",
                "destIndex", index, "count", count, size);
    }

    @Test
    void aKindBlockIsCheckedAgainstItselfAndRoutedByANegativeOffset() {
        KindBlock k = KindBlock.withoutHostViews(OWNER, 0, MemType.DEVICE_SIDE, "gpu-test", 4096, 256, null, 2);
        for (long[] c : new long[][] {{0, 256, 1}, {255, 1, 1}, {3, 29, 8}, {31, 1, 8}, {0, 0, 8}, {32, 0, 8}}) {
            long off = routed(k, c[0], c[1], c[2]);
            assertTrue(off < 0, "negative offset for a kind block");
            assertEquals(4096 + (c[1] == 0 ? 0 : c[0] * c[2]), Operands.kindOffset(k, off));
            assertEquals(4096 + c[0] * c[2], Operands.kindOffset(k, Operands.uncheckedRmaOffset(k, c[0], c[2])),
                    "the same offset with checks off");
        }
        for (long[] c : new long[][] {{1, 256, 1}, {-1, 1, 1}, {0, -1, 1}, {Long.MAX_VALUE, 2, 1}, {30, 3, 8},
            {1, Long.MAX_VALUE / 4, 8}}) {
            ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> routed(k, c[0], c[1], c[2]));
            assertTrue(e.getMessage().contains("destIndex = " + c[0]) || e.getMessage().contains("count = " + c[1]),
                    e.getMessage());
        }
        assertTrue(assertThrows(ShmemArgumentException.class, () -> routed(k, 250, 8, 1)).getMessage()
                .contains("outside dest (a DEVICE_SIDE block of memory kind 'gpu-test' of 256 bytes)"));
        assertEquals(0, Operands.uncheckedRmaOffset(null, 5, 8), "null stands for an empty host block");
    }

    @Test
    void anotherInstancesOrAFreedKindBlockIsRefused() {
        KindBlock foreign = KindBlock.withoutHostViews(new Object(), 7, MemType.DEVICE_SIDE, "gpu-test", 0, 64, null,
                1);
        assertTrue(assertThrows(ShmemArgumentException.class, () -> routed(foreign, 0, 8, 1)).getMessage()
                .contains("dest belongs to instance 7"));
        KindBlock k = KindBlock.withoutHostViews(OWNER, 0, MemType.DEVICE_SIDE, "gpu-test", 0, 64, null, 1);
        assertTrue(k.claimFree());
        k.completeFree();
        assertTrue(assertThrows(ShmemStateException.class, () -> routed(k, 0, 8, 1)).getMessage()
                .contains("has been freed"));
        assertSame(SymmetricBlock.EMPTY, Operands.rmaBlock("dest", null, OWNER, "destIndex", 0, "count", 0, 1));
        assertThrows(ShmemArgumentException.class, () -> routed(null, 0, 1, 1));
    }
}
