package io.jshmem.spi;

/**
 * Atomic memory operations a transport performs on a naturally aligned 32- or 64-bit remote word. Each is atomic
 * with respect to every other atomic on that word; ordering against other operations to the target comes only from
 * {@link Transport#fence()} and {@link Transport#quiet()}. Immutable (an enum).
 */
public enum AmoOp {
    /** Returns the old value; operand ignored. */
    FETCH,
    /** Stores operand. */
    SET,
    /** Stores operand, returns the old value. */
    SWAP,
    /** Stores operand when the old value equals compare; returns the old value. */
    COMPARE_SWAP,
    /** Adds operand, returns the old value. */
    FETCH_ADD,
    /** Ands operand, returns the old value. */
    FETCH_AND,
    /** Ors operand, returns the old value. */
    FETCH_OR,
    /** Xors operand, returns the old value. */
    FETCH_XOR
}
