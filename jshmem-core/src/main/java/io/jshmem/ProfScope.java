package io.jshmem;

import io.jshmem.runtime.Profiler;

/**
 * A timed region of the application recorded in the calling thread's profiling block under a user frame
 * ({@code SHMEMI_PROF_START}/{@code SHMEMI_PROF_END}); from {@link ShmemRuntime#profStart(int)}. Close it on the
 * thread that opened it. When this PE is not profiled it records nothing and costs a boolean check.
 */
public final class ProfScope implements AutoCloseable {
    static final ProfScope OFF = new ProfScope(null, 0, 0, 0);

    private final Profiler profiler;
    private final int block;
    private final int frame;
    private final long start;

    ProfScope(Profiler profiler, int block, int frame, long start) {
        this.profiler = profiler;
        this.block = block;
        this.frame = frame;
        this.start = start;
    }

    /** Records the region's time. */
    @Override
    public void close() {
        if (profiler != null) {
            profiler.record(block, frame, System.nanoTime() - start);
        }
    }
}
