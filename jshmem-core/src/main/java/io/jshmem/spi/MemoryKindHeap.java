package io.jshmem.spi;

import java.lang.foreign.MemorySegment;

/**
 * One PE's heap of a provided memory kind and its mappings of the peers' heaps, as a {@link MemoryKindProvider}
 * opened it. jshmem carves blocks out of it at the same offsets on every PE and hands out slices as the blocks'
 * views. Closed once, when the instance finalizes, after every block view has been closed. Thread-safe.
 */
public interface MemoryKindHeap extends AutoCloseable {
    /** This PE's heap: at least {@link MemoryKindSetup#byteSize()} bytes, alive until {@link #close()}. */
    MemorySegment local();

    /**
     * PE {@code pe}'s heap mapped in this process (same byte size as {@link #local()}), or null when this process
     * cannot reach it with loads and stores. {@code peer(myPe)} is {@link #local()}.
     */
    MemorySegment peer(int pe);

    /** Releases this PE's heap and its mappings. */
    @Override
    void close();
}
