package io.jshmem;

/**
 * Figures about the symmetric heap of one PE, in bytes: the user region's capacity, bytes in live blocks, the
 * largest free block (the biggest allocation that can still succeed) and the number of live blocks.
 */
public record HeapUsage(long capacity, long used, long largestFree, int liveBlocks) {
    /** Bytes of the user region not in live blocks (not necessarily in one piece: see {@code largestFree}). */
    public long free() {
        return capacity - used;
    }
}
