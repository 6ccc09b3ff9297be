package io.jshmem.spi;

/** Range checks for {@link MemoryKindHeap}'s copies, with messages that name the argument and the valid range. */
final class KindRanges {
    private KindRanges() {
    }

    static void check(MemoryKindHeap heap, String name, long offset, long bytes) {
        long size = heap.byteSize();
        if (offset < 0 || bytes < 0 || offset > size - bytes) {
            throw new IndexOutOfBoundsException(name + " = " + offset + " with " + bytes + " bytes is outside the "
                    + size + "-byte heap of memory kind '" + heap.kindName() + "': valid ranges lie within 0.."
                    + size + " (offset + bytes <= " + size + ")");
        }
    }
}
