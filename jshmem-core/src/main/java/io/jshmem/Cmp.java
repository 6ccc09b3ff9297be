package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

/**
 * The comparison of a point-to-point wait or test ({@code SHMEM_CMP_*}): the waited-on variable is the left operand,
 * the compare value the right one ({@code ivar GT 5} holds when the variable is greater than 5). Signed or unsigned
 * order follows the method's type ({@code waitUntilLong} signed, {@code waitUntilUnsignedLong} and
 * {@code signalWaitUntil} unsigned).
 */
public enum Cmp {
    /** Equal ({@code SHMEM_CMP_EQ}). */
    EQ("=="),
    /** Not equal ({@code SHMEM_CMP_NE}). */
    NE("!="),
    /** Greater than ({@code SHMEM_CMP_GT}). */
    GT(">"),
    /** Greater than or equal ({@code SHMEM_CMP_GE}). */
    GE(">="),
    /** Less than ({@code SHMEM_CMP_LT}). */
    LT("<"),
    /** Less than or equal ({@code SHMEM_CMP_LE}). */
    LE("<=");

    private static final Cmp[] VALUES = values();

    private final String symbol;

    Cmp(String symbol) {
        this.symbol = symbol;
    }

    /**
     * The comparison with code {@code code}, its position in this enum (EQ 0, NE 1, GT 2, GE 3, LT 4, LE 5), for
     * code ported from C that keeps comparisons as integers.
     */
    public static Cmp fromCode(int code) {
        if (code < 0 || code >= VALUES.length) {
            throw new ShmemArgumentException("cmp = " + code + " is not a known comparison: valid codes are 0..5 "
                    + "(EQ, NE, GT, GE, LT, LE); pass one of them or use the Cmp constants");
        }
        return VALUES[code];
    }

    /** This comparison's code, the inverse of {@link #fromCode(int)}. */
    public int code() {
        return ordinal();
    }

    /** Whether {@code observed cmp operand} holds, comparing as unsigned 64-bit values when {@code unsigned}. */
    public boolean holds(long observed, long operand, boolean unsigned) {
        int c = unsigned ? Long.compareUnsigned(observed, operand) : Long.compare(observed, operand);
        return switch (this) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case LT -> c < 0;
            case LE -> c <= 0;
        };
    }

    /** The C operator of this comparison ({@code ==}, {@code !=}, ...), for messages. */
    public String symbol() {
        return symbol;
    }
}
