package io.jshmem.collectives;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A team channel's two private buffers (not in the symmetric heap), grown on demand and reused: staging for data
 * read from peers, and an accumulator for results built meanwhile. Freed with the channel (automatic arena).
 * Confined to the thread running the team's collectives.
 */
final class PrivateBuffers {
    private final Arena arena = Arena.ofAuto();
    private MemorySegment staging = MemorySegment.NULL;
    private MemorySegment accumulator = MemorySegment.NULL;

    /** At least {@code bytes}, 64-byte aligned. */
    MemorySegment staging(long bytes) {
        if (staging.byteSize() < bytes) {
            staging = arena.allocate(grow(staging, bytes), 64);
        }
        return staging;
    }

    /** At least {@code bytes}, 64-byte aligned, apart from {@link #staging}. */
    MemorySegment accumulator(long bytes) {
        if (accumulator.byteSize() < bytes) {
            accumulator = arena.allocate(grow(accumulator, bytes), 64);
        }
        return accumulator;
    }

    private static long grow(MemorySegment old, long bytes) {
        return Math.max(bytes, Math.min(2 * old.byteSize(), 1L << 24));
    }
}
