package io.jshmem.spi;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link AmoOp#apply} is each operation's definition, which engines without a native instruction for an op perform
 * in a compare-and-swap loop: it must give, for every constant and width, the word the VarHandle access mode of the
 * same name leaves.
 */
class AmoOpTest {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final long[] LONGS = {0, 1, -1, 2, 0x21, 0x100, 0xFFFF_FFFFL, 1L << 32, Long.MIN_VALUE,
        Long.MAX_VALUE, 0x5555_5555_5555_5555L, 0xAAAA_AAAA_AAAA_AAAAL, -0x1234_5678_9ABCL};
    private static final int[] INTS = {0, 1, -1, 2, 0x21, 0x100, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x5555_5555,
        0xAAAA_AAAA, -0x1234_567};

    @Test
    void longApplyGivesTheWordOfTheVarHandleAccessMode() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(8, 8);
            for (AmoOp op : AmoOp.values()) {
                for (long old : LONGS) {
                    for (long operand : LONGS) {
                        // compare both equal to the old value (a swap that stores) and not (one that does not)
                        for (long compare : new long[]{old, old + 1, operand}) {
                            LONG.setVolatile(word, 0L, old);
                            varHandleLong(op, word, operand, compare);
                            long expected = (long) LONG.getVolatile(word, 0L);
                            assertEquals(expected, op.apply(old, operand, compare),
                                    () -> op + " on " + old + " with operand " + operand + ", compare " + compare);
                        }
                    }
                }
            }
        }
    }

    @Test
    void intApplyGivesTheWordOfTheVarHandleAccessMode() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment word = arena.allocate(4, 4);
            for (AmoOp op : AmoOp.values()) {
                for (int old : INTS) {
                    for (int operand : INTS) {
                        for (int compare : new int[]{old, old + 1, operand}) {
                            INT.setVolatile(word, 0L, old);
                            varHandleInt(op, word, operand, compare);
                            int expected = (int) INT.getVolatile(word, 0L);
                            assertEquals(expected, op.apply(old, operand, compare),
                                    () -> op + " on " + old + " with operand " + operand + ", compare " + compare);
                        }
                    }
                }
            }
        }
    }

    @Test
    void compareSwapStoresOnlyWhenTheOldValueMatches() {
        assertEquals(7L, AmoOp.COMPARE_SWAP.apply(3L, 7L, 3L));
        assertEquals(3L, AmoOp.COMPARE_SWAP.apply(3L, 7L, 4L));
        assertEquals(7, AmoOp.COMPARE_SWAP.apply(3, 7, 3));
        assertEquals(3, AmoOp.COMPARE_SWAP.apply(3, 7, 4));
    }

    @Test
    void intFormWrapsAt32Bits() {
        assertEquals(Integer.MIN_VALUE, AmoOp.FETCH_ADD.apply(Integer.MAX_VALUE, 1, 0));
        assertEquals(0, AmoOp.FETCH_ADD.apply(-1, 1, 0));
    }

    /** The reference: the VarHandle access mode that names the same operation. */
    private static void varHandleLong(AmoOp op, MemorySegment s, long operand, long compare) {
        switch (op) {
            case FETCH -> LONG.getVolatile(s, 0L);
            case SET -> LONG.setVolatile(s, 0L, operand);
            case SWAP -> LONG.getAndSet(s, 0L, operand);
            case COMPARE_SWAP -> LONG.compareAndExchange(s, 0L, compare, operand);
            case FETCH_ADD -> LONG.getAndAdd(s, 0L, operand);
            case FETCH_AND -> LONG.getAndBitwiseAnd(s, 0L, operand);
            case FETCH_OR -> LONG.getAndBitwiseOr(s, 0L, operand);
            case FETCH_XOR -> LONG.getAndBitwiseXor(s, 0L, operand);
            default -> fail(op + " has no reference here: add the VarHandle access mode (or plain Java) that "
                    + "defines it independently of AmoOp.apply");
        }
    }

    private static void varHandleInt(AmoOp op, MemorySegment s, int operand, int compare) {
        switch (op) {
            case FETCH -> INT.getVolatile(s, 0L);
            case SET -> INT.setVolatile(s, 0L, operand);
            case SWAP -> INT.getAndSet(s, 0L, operand);
            case COMPARE_SWAP -> INT.compareAndExchange(s, 0L, compare, operand);
            case FETCH_ADD -> INT.getAndAdd(s, 0L, operand);
            case FETCH_AND -> INT.getAndBitwiseAnd(s, 0L, operand);
            case FETCH_OR -> INT.getAndBitwiseOr(s, 0L, operand);
            case FETCH_XOR -> INT.getAndBitwiseXor(s, 0L, operand);
            default -> fail(op + " has no reference here: add the VarHandle access mode (or plain Java) that "
                    + "defines it independently of AmoOp.apply");
        }
    }
}
