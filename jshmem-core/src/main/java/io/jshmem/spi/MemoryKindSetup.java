package io.jshmem.spi;

import io.jshmem.ShmemRuntime;

/**
 * What a {@link MemoryKindProvider} is told when jshmem opens its heap for an instance, and the collective exchange
 * it may use to share mapping handles (file names, IPC handles) with the other PEs. Only jshmem implements it; it is
 * valid only during {@link MemoryKindProvider#open}, which every PE of the instance calls together.
 */
public interface MemoryKindSetup {
    /** This PE's number in the world team. */
    int myPe();

    /** Number of PEs in the job. */
    int nPes();

    /** The instance the heap belongs to ({@link ShmemRuntime#instanceId()}). */
    int instanceId();

    /** Bytes each PE's heap must hold (jshmem's SHMEM_SYMMETRIC_SIZE; equal on every PE). */
    long byteSize();

    /**
     * Collective: every PE passes its bytes and receives every PE's, indexed by PE number. Bounded by the job's
     * control timeout; a PE that does not arrive makes the others throw, naming it.
     */
    byte[][] allgather(byte[] mine);

    /** Collective: returns once every PE has called it (bounded by the job's control timeout). */
    void barrier();
}
