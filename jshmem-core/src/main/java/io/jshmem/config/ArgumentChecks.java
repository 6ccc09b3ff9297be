package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;

/**
 * The argument checks every layer shares, from the bootstrap and the launcher up to the operand layer
 * ({@code operand/Operands} delegates its PE and null checks here): each failure names the argument, its value, the
 * valid range and what to do. Only a failing check builds a message. Stateless and thread-safe.
 */
public final class ArgumentChecks {
    private ArgumentChecks() {
    }

    /**
     * Checks {@code 0 <= pe < nPes}.
     *
     * @return {@code pe}
     * @throws ShmemArgumentException naming {@code name}, the value and the valid range
     */
    public static int pe(String name, int pe, int nPes) {
        // One unsigned comparison covers both bounds (nPes is never negative).
        if (Integer.compareUnsigned(pe, nPes) >= 0) {
            throw peError(name, pe, nPes);
        }
        return pe;
    }

    /**
     * Rejects null.
     *
     * @return {@code value}
     * @throws ShmemArgumentException naming {@code name}
     */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw nullError(name);
        }
        return value;
    }

    /** The message of a failed {@link #pe} check. */
    public static ShmemArgumentException peError(String name, int pe, int nPes) {
        return new ShmemArgumentException(name + " = " + pe + " is not a valid PE: valid range is 0.." + (nPes - 1)
                + " (nPes = " + nPes + "); pass the number of an existing PE");
    }

    /** The message of a failed {@link #notNull} check. */
    public static ShmemArgumentException nullError(String name) {
        return new ShmemArgumentException(name + " is null: a non-null value is required");
    }
}
