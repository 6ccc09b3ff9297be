package io.jshmem;

/**
 * A scoped switch of the current instance ({@code multi_instance(id)} of CANN SHMEM's Python API), from
 * {@link Shmem#withInstance(int)}: while open, the facade works on the chosen instance and other threads' lifecycle
 * calls (init, finalize, instance switches, allocation, configuration) wait; {@link #close()} restores the instance
 * that was current before and lets them continue.
 *
 * <pre>{@code
 * try (InstanceScope scope = Shmem.withInstance(1)) {
 *     SymmetricMemory buf = Shmem.malloc(4096);   // instance 1's heap
 * }                                               // the previous instance is current again
 * }</pre>
 *
 * Not thread-safe: close it on the thread that opened it, once (a second close does nothing).
 */
public interface InstanceScope extends AutoCloseable {
    /** The instance this scope made current. */
    int instanceId();

    /** The instance that becomes current again on close. */
    int previousInstanceId();

    /**
     * Restores the previous instance and releases the lifecycle lock. When the previous instance has been finalized
     * meanwhile, instance 0 becomes current (or nothing, as after finalize).
     */
    @Override
    void close();
}
