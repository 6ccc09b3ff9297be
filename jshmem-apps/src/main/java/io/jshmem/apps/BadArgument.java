package io.jshmem.apps;

/**
 * A flag whose value the program cannot run with. Thrown before the program touches symmetric memory, on every PE
 * alike (every PE parses the same arguments and sees the same PE count), so the job can end cleanly with status 2.
 */
final class BadArgument extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadArgument(String flag, String value, String validRange) {
        super("bad argument " + flag + " = " + value + ": " + validRange);
    }

    BadArgument(String message) {
        super(message);
    }
}
