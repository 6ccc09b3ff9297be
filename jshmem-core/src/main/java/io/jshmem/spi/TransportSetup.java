package io.jshmem.spi;

import io.jshmem.config.Settings;

import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * What an engine gets at init: who this PE is, its own mapped heap, which PEs share its host, and a collective
 * exchange through the bootstrap for addresses and keys. Used only during init; not thread-safe.
 */
public interface TransportSetup {
    /** This PE's number, 0 to {@code nPes() - 1}. */
    int myPe();

    /** PEs in the job. */
    int nPes();

    /**
     * This PE's whole symmetric heap, mapped here: the heap offsets of every {@link Transport} call are offsets into
     * it (and into the peers' heaps of the same size).
     */
    MemorySegment localHeap();

    /** Host identity per PE (PEs with equal values share a host). */
    String hostOf(int pe);

    /**
     * This host's PEs, this one included: those whose heaps this PE maps. Where they outnumber {@link #hostCores()},
     * the same-host engine's waits stop spinning, and an engine with threads of its own should keep them off the
     * cores the PEs' application threads need.
     */
    int hostPes();

    /**
     * The CPUs this host's PEs share: the launcher's CPU set when it pinned each PE (JSHMEM_HOST_CPUS), else the CPUs
     * this process may run on.
     */
    int hostCores();

    /**
     * The job's resolved settings. Its package is exported only to jshmem's own modules; an engine from elsewhere on
     * the module path reads its own configuration (the environment, system properties).
     */
    Settings settings();

    /** How long an engine may wait for a peer at init and in quiet before it fails (JSHMEM_TIMEOUT). */
    Duration timeout();

    /** Collective: every PE contributes {@code mine}; returns every PE's contribution indexed by PE. */
    byte[][] allgather(String key, byte[] mine);
}
