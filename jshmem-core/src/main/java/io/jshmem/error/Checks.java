package io.jshmem.error;

/**
 * Argument checks that build the project's standard message: argument name, value, valid range, and what to do.
 * Stateless and thread-safe.
 */
public final class Checks {
    private Checks() {
    }

    /** Checks {@code 0 <= pe < nPes}. */
    public static int pe(String name, int pe, int nPes) {
        if (pe < 0 || pe >= nPes) {
            throw peError(name, pe, nPes);
        }
        return pe;
    }

    private static ShmemArgumentException peError(String name, int pe, int nPes) {
        return new ShmemArgumentException(name + " = " + pe + " is not a valid PE: valid range is 0.." + (nPes - 1)
                + " (nPes = " + nPes + "); pass the number of an existing PE");
    }

    /** Checks that {@code value >= 0}. */
    public static long nonNegative(String name, long value) {
        if (value < 0) {
            throw new ShmemArgumentException(name + " = " + value + " is negative: valid range is 0.."
                    + Long.MAX_VALUE + "; pass a count or size of zero or more");
        }
        return value;
    }

    /** Checks that {@code [offset, offset + length)} lies within {@code [0, size)} for the named target. */
    public static void range(String offsetName, long offset, String lengthName, long length, long size,
                             String target) {
        if ((offset | length) < 0 || offset > size || length > size - offset) {
            throw rangeError(offsetName, offset, lengthName, length, size, target);
        }
    }

    private static ShmemArgumentException rangeError(String offsetName, long offset, String lengthName, long length,
                                                     long size, String target) {
        if (length < 0) {
            return new ShmemArgumentException(lengthName + " = " + length + " is negative: valid range is 0.."
                    + size + " (" + target + "); pass a count or size of zero or more");
        }
        return new ShmemArgumentException(offsetName + " = " + offset + " with " + lengthName + " = " + length
                + " is outside " + target + " of " + size + " bytes: valid is 0 <= " + offsetName + " and "
                + offsetName + " + " + lengthName + " <= " + size
                + "; pass a smaller range or allocate a larger buffer");
    }

    /** Checks that {@code value} is a power of two (and positive). */
    public static long powerOfTwo(String name, long value) {
        if (value <= 0 || Long.bitCount(value) != 1) {
            throw new ShmemArgumentException(name + " = " + value
                    + " is not a power of two: valid values are 1, 2, 4, 8, ... up to 2^62; pass a power of two");
        }
        return value;
    }

    /** Checks that {@code offset} is a multiple of {@code alignment}. */
    public static void aligned(String name, long offset, long alignment) {
        if ((offset & (alignment - 1)) != 0) {
            throw new ShmemArgumentException(name + " = " + offset + " is not aligned to " + alignment
                    + " bytes: valid offsets are multiples of " + alignment + "; use a naturally aligned slot");
        }
    }

    /** Rejects a null reference. */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw nullError(name);
        }
        return value;
    }

    private static ShmemArgumentException nullError(String name) {
        return new ShmemArgumentException(name + " is null: a non-null value is required");
    }
}
