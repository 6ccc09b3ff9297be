package io.jshmem;

/**
 * Thread support levels of {@link Shmem#initThread(ThreadLevel)} ({@code SHMEM_THREAD_*}), weakest first. The
 * level is the application's promise about how it uses threads; jshmem itself is thread-safe at every level, so
 * every requested level is provided and {@link Shmem#init()} provides {@link #MULTIPLE}.
 */
public enum ThreadLevel {
    /** Only one thread exists in the process. */
    SINGLE,
    /** Several threads exist, but only the thread that initialized jshmem calls it. */
    FUNNELED,
    /** Several threads call jshmem, never at the same time. */
    SERIALIZED,
    /** Any number of threads, virtual threads included, call jshmem concurrently. */
    MULTIPLE
}
