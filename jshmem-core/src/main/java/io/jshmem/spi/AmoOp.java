package io.jshmem.spi;

/**
 * Atomic memory operations a transport performs on a naturally aligned 32- or 64-bit remote word. Each is atomic
 * with respect to every other atomic on that word; ordering against other operations to the target comes only from
 * {@link Transport#fence()} and {@link Transport#quiet()}. Immutable (an enum).
 *
 * <p>An operation is defined by {@link #apply(long, long, long)}: atomically, the word becomes
 * {@code apply(old, operand, compare)} and the transport returns {@code old} (except {@link #SET}, whose result is
 * unspecified: engines return 0). An engine may perform a constant it knows with a native instruction that has the
 * same effect, and must perform any other constant as a compare-and-swap loop over {@code apply}; so a new constant
 * needs no engine edit, only an optional fast path.
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
    FETCH_XOR;

    /**
     * The definition of this operation on a 64-bit word: the value the word holds after it, given the value it held
     * before ({@code old}) and the call's {@code operand} and {@code compare} (ignored by every operation but
     * {@link #COMPARE_SWAP}). Pure, so that an engine may call it again on every retry of a compare-and-swap loop.
     */
    public long apply(long old, long operand, long compare) {
        // No default: a new constant does not compile until it says what it does.
        return switch (this) {
            case FETCH -> old;
            case SET, SWAP -> operand;
            case COMPARE_SWAP -> old == compare ? operand : old;
            case FETCH_ADD -> old + operand;
            case FETCH_AND -> old & operand;
            case FETCH_OR -> old | operand;
            case FETCH_XOR -> old ^ operand;
        };
    }

    /**
     * The definition on a 32-bit word: {@link #apply(long, long, long)} on the sign-extended values, truncated to 32
     * bits. That is the 32-bit operation for every arithmetic, bitwise and comparing operation (sign extension keeps
     * both the signed and the unsigned order of 32-bit values); an operation for which that does not hold must be
     * defined here on its own.
     */
    public int apply(int old, int operand, int compare) {
        return (int) apply((long) old, operand, compare);
    }
}
