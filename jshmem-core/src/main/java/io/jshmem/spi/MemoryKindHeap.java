package io.jshmem.spi;

import java.lang.foreign.MemorySegment;

/**
 * One PE's heap of a provided memory kind and its reach to the peers' heaps, as a {@link MemoryKindProvider} opened
 * it. jshmem carves blocks out of it at the same offsets on every PE. For a host-addressable kind
 * ({@link MemoryKindCapabilities#hostAddressable()}) it hands out slices of {@link #local()} and {@link #peer} as the
 * blocks' views; for any other kind it hands out no views, and bytes move through {@link #copyIn}, {@link #copyOut}
 * and {@link #copy}, which such a kind must implement (the defaults work on the host mappings). Closed once, when the
 * instance finalizes, after every block view has been closed.
 *
 * <p>Offsets are byte offsets into a PE's heap, {@code 0 <= offset} and {@code offset + bytes <= }{@link #byteSize()}.
 * Completion: every copy returns once its bytes are in the target (a later copy or load by any thread of this process
 * sees them); it orders nothing else, and another PE is guaranteed to see them only after the job synchronizes (a
 * barrier). Thread-safety: every method may be called from any thread; concurrent copies into disjoint ranges do not
 * interfere, and into overlapping ranges leave some mix of the bytes written.
 */
public interface MemoryKindHeap extends AutoCloseable {
    /** Bytes of each PE's heap: at least {@link MemoryKindSetup#byteSize()}; equal on every PE. */
    long byteSize();

    /**
     * This PE's heap, alive until {@link #close()}: a host mapping of at least {@link #byteSize()} bytes when the kind
     * is host-addressable; otherwise null, or a segment meaningful only to the provider (jshmem never reads it).
     */
    MemorySegment local();

    /**
     * PE {@code pe}'s heap mapped in this process (same byte size as {@link #local()}), or null when this process
     * cannot reach it with loads and stores (always null is allowed for a kind that is not host-addressable).
     * {@code peer(myPe)} is {@link #local()}.
     */
    MemorySegment peer(int pe);

    /** The kind's name for messages: the provider's {@link MemoryKindProvider#name()} (default: the class name). */
    default String kindName() {
        return getClass().getName();
    }

    /**
     * Copies every byte of {@code src} (host memory) into PE {@code pe}'s heap at {@code offset}, and nothing else.
     * Returns once the bytes are there. The default stores through {@link #peer}.
     *
     * @throws MemoryKindUnsupportedException when this process cannot reach PE {@code pe}'s heap
     * @throws IndexOutOfBoundsException      when the range is outside the heap
     */
    default void copyIn(int pe, long offset, MemorySegment src) {
        MemorySegment heap = hostHeap("copyIn", pe);
        KindRanges.check(this, "offset", offset, src.byteSize());
        MemorySegment.copy(src, 0, heap, offset, src.byteSize());
    }

    /**
     * Copies {@code dst.byteSize()} bytes of PE {@code pe}'s heap from {@code offset} into {@code dst} (host memory),
     * and writes nothing else. Returns once the bytes are in {@code dst}. The default loads through {@link #peer}.
     *
     * @throws MemoryKindUnsupportedException when this process cannot reach PE {@code pe}'s heap
     * @throws IndexOutOfBoundsException      when the range is outside the heap
     */
    default void copyOut(int pe, long offset, MemorySegment dst) {
        MemorySegment heap = hostHeap("copyOut", pe);
        KindRanges.check(this, "offset", offset, dst.byteSize());
        MemorySegment.copy(heap, offset, dst, 0, dst.byteSize());
    }

    /**
     * Copies {@code bytes} bytes from PE {@code srcPe}'s heap at {@code srcOffset} into PE {@code dstPe}'s heap at
     * {@code dstOffset}, and writes nothing else; overlapping ranges of one heap copy as if through a temporary
     * buffer. Returns once the bytes are there. The default copies between the host mappings of {@link #peer}.
     *
     * @throws MemoryKindUnsupportedException when this process cannot reach either heap
     * @throws IndexOutOfBoundsException      when either range is outside the heap
     */
    default void copy(int dstPe, long dstOffset, int srcPe, long srcOffset, long bytes) {
        MemorySegment dst = hostHeap("copy", dstPe);
        MemorySegment src = hostHeap("copy", srcPe);
        KindRanges.check(this, "dstOffset", dstOffset, bytes);
        KindRanges.check(this, "srcOffset", srcOffset, bytes);
        MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
    }

    /** Releases this PE's heap and its mappings. */
    @Override
    void close();

    private MemorySegment hostHeap(String operation, int pe) {
        MemorySegment heap = peer(pe);
        if (heap == null) {
            throw new MemoryKindUnsupportedException(kindName(), operation + " with PE " + pe, "PE " + pe
                    + "'s heap is not mapped in this process, and this heap does not override " + operation
                    + " to reach it by its own means");
        }
        return heap;
    }
}
