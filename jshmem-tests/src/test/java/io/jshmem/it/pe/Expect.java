package io.jshmem.it.pe;

import java.util.Objects;

/** Value checks inside PE programs: a failure throws AssertionError, which makes the PE exit non-zero. */
final class Expect {
    private Expect() {
    }

    static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    /** Runs {@code body}, which must throw {@code type} with a message containing every fragment. */
    static <T extends Throwable> T thrown(Class<T> type, Runnable body, String... fragments) {
        try {
            body.run();
        } catch (Throwable t) {
            if (!type.isInstance(t)) {
                throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
            }
            for (String f : fragments) {
                if (t.getMessage() == null || !t.getMessage().contains(f)) {
                    throw new AssertionError("message of " + t + " lacks '" + f + "'", t);
                }
            }
            return type.cast(t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but nothing was thrown");
    }
}
