package io.jshmem;

/**
 * Thread support levels of {@link Shmem#initThread(ThreadLevel)} ({@code SHMEM_THREAD_*}), weakest first. The
 * level is the application's promise about how it uses threads; jshmem itself is thread-safe at every level, so
 * every requested level is provided and {@link Shmem#init()} provides {@link #MULTIPLE}.
 *
 * <p>With {@code JSHMEM_CHECKS} on (the default) the promise is checked on every context operation, allocation,
 * barrierAll/syncAll, context creation and team call: under {@link #SINGLE} and {@link #FUNNELED} a call from
 * another thread than the one that called init throws {@link io.jshmem.error.ShmemStateException} naming the level;
 * under {@link #SERIALIZED} a call made while another thread is inside one throws (context operations, allocation
 * and world barriers are covered for their whole duration; context creation and team calls at entry). The
 * check costs a thread comparison (SINGLE, FUNNELED) or one compare-and-set and one store (SERIALIZED) per call;
 * MULTIPLE costs nothing. jshmem's own threads (stream workers) are exempt.
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
