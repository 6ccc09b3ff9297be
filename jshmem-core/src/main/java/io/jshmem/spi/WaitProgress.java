package io.jshmem.spi;

/**
 * Lets a thread that waits on its own heap drive a network engine's progress while it waits. Over transports that
 * UCX emulates in software (tcp), a remote put lands in the target's memory only when the target's worker
 * progresses; without this, a waiting application thread polls memory while the engine's progress thread competes
 * with it for a core, and every message pays a hand-off between the two (measured: a {@code p} + {@code waitUntil}
 * ping-pong over tcp loopback took 14x ucx_perftest). With it, the waiter itself delivers the message it waits for,
 * and the progress thread stays out of the way between {@link #begin} and {@link #end}.
 *
 * <p>Thread-safety: any number of threads may wait at once; each brackets its wait with {@link #begin} and
 * {@link #end} (in a finally block) and calls {@link #progress} in between. {@link #progress} after the engine
 * closed does nothing.
 */
public interface WaitProgress {
    /** This thread starts a wait in which it will call {@link #progress}. */
    void begin();

    /** One round of engine progress (delivers arrived operations); does not block. */
    void progress();

    /** This thread's wait is over. */
    void end();
}
