package io.jshmem.bench;

/**
 * The timed inner loop of one benchmark case on one PE. Every implementation keeps the loop in its own
 * {@link #run} so that the JIT compiles each operation's loop on its own: one shared loop calling a lambda would
 * become megamorphic and add a virtual call to every operation. Not thread-safe: one PE thread runs it.
 */
abstract class Kernel {
    /** Runs {@code n} operations; {@code n} is a multiple of {@link #granularity()}. */
    abstract void run(long n);

    /** Operations that belong together, e.g. a window of non-blocking puts closed by one quiet. */
    long granularity() {
        return 1;
    }

    /**
     * Factor from the time of one loop step to the reported figure: 0.5 for ping-pongs that report half a round
     * trip, 1 otherwise.
     */
    double timeScale() {
        return 1.0;
    }
}
