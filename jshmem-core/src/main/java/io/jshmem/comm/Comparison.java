package io.jshmem.comm;

/**
 * The six comparisons of point-to-point synchronization, evaluated as {@code observed OP operand} in signed or
 * unsigned 64-bit order. Narrower types are widened first (see {@link WaitType#normalize(long)}), so only 64-bit
 * unsigned values need the unsigned order. Stateless and thread-safe.
 */
public enum Comparison {
    EQ("=="), NE("!="), GT(">"), GE(">="), LT("<"), LE("<=");

    private final String symbol;

    Comparison(String symbol) {
        this.symbol = symbol;
    }

    /** Whether {@code observed OP operand} holds. */
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

    /** The operator as text, for messages. */
    public String symbol() {
        return symbol;
    }
}
