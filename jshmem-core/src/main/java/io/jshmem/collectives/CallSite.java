package io.jshmem.collectives;

import java.security.CodeSource;
import java.util.Objects;

/**
 * Where the application called into jshmem, for failure messages only: the first frame of the current thread's
 * stack whose class was not loaded from jshmem's own code source (a lambda of the application counts as the
 * application). A stack walk costs microseconds, so nothing on a matched path calls it. Thread-safe.
 */
final class CallSite {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final CodeSource OURS = CallSite.class.getProtectionDomain().getCodeSource();

    private CallSite() {
    }

    /** {@code Main.run(Main.java:42)}, or null when no frame outside jshmem is found. */
    static String caller() {
        try {
            return WALKER.walk(frames -> frames
                    .filter(f -> !f.getClassName().startsWith("java.") && !f.getClassName().startsWith("jdk."))
                    .filter(f -> !Objects.equals(f.getDeclaringClass().getProtectionDomain().getCodeSource(), OURS))
                    .findFirst()
                    .map(f -> f.toStackTraceElement().toString())
                    .orElse(null));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
