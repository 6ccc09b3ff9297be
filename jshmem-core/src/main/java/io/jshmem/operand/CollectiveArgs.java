package io.jshmem;

import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;

import java.lang.foreign.ValueLayout;

/**
 * Argument checks of the team collectives, run before any communication so that bad input throws with nothing
 * touched. Messages name the argument, its value, the valid range and what to do. Stateless.
 */
final class CollectiveArgs {
    private CollectiveArgs() {
    }

    /** Checks a symmetric operand range; returns its heap offset. */
    static long range(ShmemRuntime rt, SymmetricMemory mem, String name, long offset, String offsetName,
                      long bytes, String bytesName) {
        Checks.notNull(name, mem);
        mem.usable(rt, name);
        Checks.range(offsetName, offset, bytesName, bytes, mem.byteSize(), name + " (symmetric block)");
        return mem.heapOffset() + offset;
    }

    /** {@code count * size}, rejecting negative counts and products beyond 2^63. */
    static long bytes(String countName, long count, long size) {
        Checks.nonNegative(countName, count);
        if (size != 0 && count > Long.MAX_VALUE / size) {
            throw new ShmemArgumentException(countName + " = " + count + " elements of " + size
                    + " bytes overflow: valid totals are below 2^63 bytes; pass a smaller count");
        }
        return count * size;
    }

    /** Byte offset of element {@code index}, rejecting negative indices and overflow. */
    static long index(String name, long index, long size) {
        if (index < 0) {
            throw new ShmemArgumentException(name + " = " + index + " is negative: valid indices are 0 or more");
        }
        return bytes(name, index, size);
    }

    static long elementSize(ValueLayout type) {
        Checks.notNull("type", type);
        long size = type.byteSize();
        if (size < 1) {
            throw new ShmemArgumentException("type " + type + " has size " + size + ": valid element types have"
                    + " 1 byte or more");
        }
        return size;
    }

    static void root(int root, int nPes) {
        if (root < 0 || root >= nPes) {
            throw new ShmemArgumentException("root = " + root + " is not a PE of the team: valid range is 0.."
                    + (nPes - 1) + " (team PE numbers); pass the root's number within the team");
        }
    }

    static void stride(String name, long stride) {
        if (stride < 1) {
            throw new ShmemArgumentException(name + " = " + stride + " is invalid: valid strides are 1 or more "
                    + "elements (1 is contiguous)");
        }
    }

    /** Rejects overlapping ranges of the heap, except the exact in-place position {@code inPlace} (or none: -1). */
    static void noOverlap(String what, long dest, long destBytes, long source, long sourceBytes, long inPlace,
                          String allowed) {
        if (destBytes == 0 || sourceBytes == 0 || source == inPlace) {
            return;
        }
        if (source < dest + destBytes && dest < source + sourceBytes) {
            throw new ShmemArgumentException(what + ": source (heap offset " + source + ", " + sourceBytes
                    + " bytes) overlaps dest (heap offset " + dest + ", " + destBytes + " bytes): valid are "
                    + allowed + "; use separate buffers");
        }
    }
}
