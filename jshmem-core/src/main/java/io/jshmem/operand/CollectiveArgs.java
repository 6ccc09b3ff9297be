package io.jshmem.operand;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;

import java.lang.foreign.ValueLayout;

/**
 * Operand checks of the team collectives, run before any communication so that bad input throws with nothing
 * touched, on top of {@link Operands}. Messages are built only on failure. Stateless.
 */
public final class CollectiveArgs {
    private CollectiveArgs() {
    }

    /** Heap offset of {@code count} elements of {@code size} bytes from {@code index} of a live block of {@code owner}. */
    public static long range(Object owner, SymmetricMemory mem, String name, String indexName, long index,
                             String countName, long count, long size) {
        return Operands.inBlock(Operands.block(name, mem, owner), name, indexName, index, countName, count, size);
    }

    /**
     * Heap offset of element {@code index} of a live block of {@code owner}, where {@code index} may be anything from
     * 0 to the block's element count (its end): the start of a range whose length is not known yet, as collect's
     * dest before the members' sizes are exchanged. Unlike a zero-length {@link #range}, the position is checked and
     * kept, never replaced by the block's start.
     */
    public static long start(Object owner, SymmetricMemory mem, String name, String indexName, long index,
                             long size) {
        SymmetricBlock block = Operands.block(name, mem, owner);
        long elements = Operands.capacity(block.byteSize(), size);
        if (index < 0 || index > elements) {
            throw new ShmemArgumentException(indexName + " = " + index + " is outside " + name + " (a symmetric "
                    + "block of " + elements + (size == 1 ? " bytes" : " elements of " + size + " bytes")
                    + "): valid is 0.." + elements + "; pass a position inside it or allocate a larger one");
        }
        return block.heapOffset() + index * size;
    }

    /** Bytes from element {@code index} (checked by {@link #start}) to the end of {@code mem}'s whole elements. */
    public static long room(SymmetricMemory mem, long index, long size) {
        return (Operands.capacity(mem.byteSize(), size) - index) * size;
    }

    /** {@code count * factor}, rejecting negative counts and products beyond 2^63 - 1. */
    public static long product(String countName, long count, long factor) {
        Operands.count(countName, count);
        if (factor != 0 && count > Long.MAX_VALUE / factor) {
            throw new ShmemArgumentException(countName + " = " + count + " times " + factor
                    + " overflows: valid totals are below 2^63; pass a smaller count");
        }
        return count * factor;
    }

    /** The element size of a layout token (at least 1 byte). */
    public static long elementSize(ValueLayout type) {
        Operands.notNull("type", type);
        return type.byteSize();
    }

    /** Checks a root PE number of a team of {@code nPes}. */
    public static void root(int root, int nPes) {
        if (Integer.compareUnsigned(root, nPes) >= 0) {
            throw new ShmemArgumentException("root = " + root + " is not a PE of the team: valid range is 0.."
                    + (nPes - 1) + " (team PE numbers); pass the root's number within the team");
        }
    }

    /** Rejects overlapping ranges of the heap, except the exact in-place position {@code inPlace} (or none: -1). */
    public static void noOverlap(String what, long dest, long destBytes, long source, long sourceBytes, long inPlace,
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

    /** Throws unless reduction operator {@code op} is defined on {@code type} (both non-null, checked by the caller). */
    public static void operatorOnType(ReduceOp op, DataType type) {
        if (!type.supports(op)) {
            throw new ShmemArgumentException("op = " + op + " is not defined on type = " + type + ": AND, OR and XOR "
                    + "take integer types, MAX and MIN every type but COMPLEXF and COMPLEXD, SUM and PROD every type; "
                    + "pick a matching operator or type");
        }
    }

    /**
     * Checks dest and source of a reduction or scan of {@code count} elements of {@code type} (both live blocks of
     * {@code owner}, in range, no partial overlap); returns dest's heap offset.
     */
    public static long reduction(Object owner, DataType type, SymmetricMemory dest, long destIndex,
                                 SymmetricMemory source, long sourceIndex, long count) {
        long size = type.byteSize();
        Operands.count("count", count);
        long d = range(owner, dest, "dest", "destIndex", destIndex, "count", count, size);
        long s = range(owner, source, "source", "sourceIndex", sourceIndex, "count", count, size);
        long bytes = count * size;
        noOverlap("reduction", d, bytes, s, bytes, d, "separate buffers or the same one (in place)");
        return d;
    }
}
