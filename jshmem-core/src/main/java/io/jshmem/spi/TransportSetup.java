package io.jshmem.spi;

import io.jshmem.config.Settings;

import java.lang.foreign.MemorySegment;
import java.time.Duration;

/**
 * What an engine gets at init: who this PE is, its own mapped heap, which PEs share its host, and a collective
 * exchange through the bootstrap for addresses and keys. Used only during init; not thread-safe.
 */
public interface TransportSetup {
    int myPe();

    int nPes();

    /** Heap offset at which the user region starts; the whole heap is {@link #localHeap()}. */
    MemorySegment localHeap();

    /** Host identity per PE (PEs with equal values share a host). */
    String hostOf(int pe);

    Settings settings();

    Duration timeout();

    /** Collective: every PE contributes {@code mine}; returns every PE's contribution indexed by PE. */
    byte[][] allgather(String key, byte[] mine);
}
