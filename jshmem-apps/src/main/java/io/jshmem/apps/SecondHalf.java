package io.jshmem.apps;

/**
 * The second half of a program's timed iterations, timed apart from the whole. A JVM compiles a program's hot methods
 * after thousands of calls, while the program runs, so the first half of a short run includes the JIT's warm-up (its
 * compiler threads take CPU time from the PEs, its first code is slower); the second half shows the compiled program.
 * The C twins print the same fields. Iterations are numbered {@code firstTimed .. firstTimed + iterations - 1}; the
 * second half is the last {@code iterations - iterations / 2} of them (all of one). Not thread-safe: one per PE's loop.
 */
final class SecondHalf {
    private final int first;
    private final int count;
    private long start;
    private long comm;

    SecondHalf(int firstTimed, int iterations) {
        this.first = firstTimed + iterations / 2;
        this.count = iterations - iterations / 2;
    }

    /** Marks the start of iteration {@code iter}: call before its first timer. */
    void iterationStarts(int iter) {
        if (iter == first) {
            start = System.nanoTime();
        }
    }

    /** Counts {@code nanos} of communication of iteration {@code iter} when it belongs to the second half. */
    void comm(int iter, long nanos) {
        if (iter >= first) {
            comm += nanos;
        }
    }

    /** Seconds per iteration of the second half, from its start to {@code end} ({@link System#nanoTime()}). */
    double iterationSeconds(long end) {
        return (end - start) * 1e-9 / count;
    }

    /** Seconds of communication per iteration of the second half. */
    double commSeconds() {
        return comm * 1e-9 / count;
    }
}
