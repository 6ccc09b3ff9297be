package io.jshmem;

import io.jshmem.comm.Comparison;
import io.jshmem.error.ShmemArgumentException;

/**
 * The comparison of a point-to-point wait or test ({@code SHMEM_CMP_*}): the waited-on variable is the left operand,
 * the compare value the right one ({@code ivar GT 5} holds when the variable is greater than 5). Signed or unsigned
 * order follows the method's type ({@code waitUntilLong} signed, {@code waitUntilUnsignedLong} and
 * {@code signalWaitUntil} unsigned).
 */
public enum Cmp {
    /** Equal ({@code SHMEM_CMP_EQ}). */
    EQ(Comparison.EQ),
    /** Not equal ({@code SHMEM_CMP_NE}). */
    NE(Comparison.NE),
    /** Greater than ({@code SHMEM_CMP_GT}). */
    GT(Comparison.GT),
    /** Greater than or equal ({@code SHMEM_CMP_GE}). */
    GE(Comparison.GE),
    /** Less than ({@code SHMEM_CMP_LT}). */
    LT(Comparison.LT),
    /** Less than or equal ({@code SHMEM_CMP_LE}). */
    LE(Comparison.LE);

    private static final Cmp[] VALUES = values();

    private final Comparison comparison;

    Cmp(Comparison comparison) {
        this.comparison = comparison;
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

    Comparison comparison() {
        return comparison;
    }
}
