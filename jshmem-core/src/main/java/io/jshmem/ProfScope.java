package io.jshmem;

/**
 * A timed region of the application recorded in the calling thread's profiling block under a user frame
 * ({@code SHMEMI_PROF_START}/{@code SHMEMI_PROF_END}); from {@link ShmemRuntime#profStart(int)}. Close it on the
 * thread that opened it. When this PE is not profiled it records nothing and costs a boolean check.
 */
public interface ProfScope extends AutoCloseable {
    /** Records the region's time. */
    @Override
    void close();
}
