package io.jshmem.it.pe;

import java.util.Objects;

/**
 * Value checks inside PE programs: a failure throws AssertionError, which makes the PE exit non-zero. The failure is
 * also printed at once: a PE program's AssertionError leaves its try-with-resources block through the runtime's
 * close, a collective finalize that waits for the other PEs, and a PE the launcher kills there (because another PE
 * failed first) would otherwise take the reason with it.
 */
final class Expect {
    private Expect() {
    }

    /** The error to throw for a failed check, printed to stderr first. */
    static AssertionError failure(String message, Throwable cause) {
        System.err.println("CHECK FAILED: " + message);
        System.err.flush();
        return new AssertionError(message, cause);
    }

    static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw failure(what + ": expected " + expected + " but was " + actual, null);
        }
    }

    static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw failure(what, null);
        }
    }

    /** Runs {@code body}, which must throw {@code type} with a message containing every fragment. */
    static <T extends Throwable> T thrown(Class<T> type, Runnable body, String... fragments) {
        try {
            body.run();
        } catch (Throwable t) {
            if (!type.isInstance(t)) {
                throw failure("expected " + type.getSimpleName() + " but got " + t, t);
            }
            for (String f : fragments) {
                if (t.getMessage() == null || !t.getMessage().contains(f)) {
                    throw failure("message of " + t + " lacks '" + f + "'", t);
                }
            }
            return type.cast(t);
        }
        throw failure("expected " + type.getSimpleName() + " but nothing was thrown", null);
    }
}
