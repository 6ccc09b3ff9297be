package io.jshmem.operand;

import java.lang.foreign.MemorySegment;

/**
 * How the contiguous put and get reach the heaps of a provided memory kind: the kind heap's own copies, which work
 * whether or not the kind has host views (a GPU heap has none). Offsets are byte offsets into PE {@code pe}'s heap of
 * the kind; both copies complete on return. Implementations are thread-safe and refuse a PE this process cannot reach
 * (the provider's {@code MemoryKindUnsupportedException}, naming the kind and the PE) before moving any byte.
 */
public interface KindCopies {
    /** Copies every byte of {@code src} (host memory) into PE {@code pe}'s heap at {@code offset}. */
    void copyIn(int pe, long offset, MemorySegment src);

    /** Copies {@code dst.byteSize()} bytes of PE {@code pe}'s heap from {@code offset} into {@code dst}. */
    void copyOut(int pe, long offset, MemorySegment dst);
}
