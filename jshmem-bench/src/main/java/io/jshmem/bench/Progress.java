package io.jshmem.bench;

import java.io.PrintStream;

/**
 * The progress line of long runs: case k of n, what it measured and the time so far, printed by PE 0 at most every
 * two seconds (and for the last case). Not thread-safe.
 */
final class Progress {
    private static final long INTERVAL_NS = 2_000_000_000L;
    private final PrintStream out;
    private final boolean enabled;
    private final long start = System.nanoTime();
    private long last = start;
    private int total;
    private int done;

    Progress(PrintStream out, boolean enabled) {
        this.out = out;
        this.enabled = enabled;
    }

    /** Adds {@code cases} to the number expected. */
    void expect(int cases) {
        total += cases;
    }

    /** One case finished with {@code median} ns per operation. */
    void done(String bench, long size, double median) {
        done++;
        long now = System.nanoTime();
        if (!enabled || (now - last < INTERVAL_NS && done != total)) {
            return;
        }
        last = now;
        out.printf("shmem-bench [%d/%d] %s %s: median %.1f ns (%.0f s)%n", done, total, bench, Sizes.human(size),
                median, (now - start) / 1e9);
        out.flush();
    }

    int done() {
        return done;
    }
}
