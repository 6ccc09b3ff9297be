package io.jshmem.operand;

import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * The messages of {@link Operands}: argument, value, valid range and what to do. Only failing checks get here, so
 * nothing on the checked path builds a string. Stateless.
 */
final class OperandErrors {
    private OperandErrors() {
    }

    static ShmemArgumentException teamPe(String name, int pe, int nPes, Object team) {
        return new ShmemArgumentException(name + " = " + pe + " is not a PE of this context's team " + team
                + ": valid range is 0.." + (nPes - 1) + " (team size " + nPes + "); a context created from a team"
                + " takes team-relative PE numbers: translate a world PE with world.translatePe(pe, team)");
    }

    static ShmemArgumentException nullSegment(String name, String countName, long count) {
        return new ShmemArgumentException(name + " is null with " + countName + " = " + count + ": a null buffer is "
                + "accepted only for a zero-length transfer; pass a segment of the data, or " + countName + " = 0");
    }

    /**
     * Why a local segment was refused: closed, confined to another thread, read-only where written, or (all of those
     * fine) the range. {@code user} is the thread that will access it when not the caller's (a stream's worker).
     */
    static RuntimeException segment(MemorySegment seg, String name, boolean writes, Thread caller, Thread user,
                                    String indexName, long index, String countName, long count, long size) {
        String what = name + " (" + describe(seg) + ")";
        if (!seg.scope().isAlive()) {
            return new ShmemStateException(what + " has been closed (its arena was closed, or it is the view of a "
                    + "freed block): valid are segments whose arena is open; pass a live segment (nothing was read or"
                    + " written)");
        }
        Thread t = user == null ? caller : user;
        if (!seg.isAccessibleBy(t)) {
            if (user != null) {
                return new ShmemArgumentException(what + " is confined to thread '" + caller.getName() + "' and "
                        + "the operation runs later on " + user.getName() + ": valid are segments any thread may "
                        + "use; allocate it from Arena.ofShared(), Arena.ofAuto() or Arena.global(), or use a heap "
                        + "segment (nothing was queued)");
            }
            return new ShmemArgumentException(what + " is confined to another thread than the caller '"
                    + caller.getName() + "': a confined arena's segments are usable only by the thread that made the"
                    + " arena; call from that thread, or allocate it from Arena.ofShared() (nothing was read or "
                    + "written)");
        }
        if (writes && seg.isReadOnly()) {
            return new ShmemArgumentException(what + " is read-only and the call writes into it: valid are writable"
                    + " segments; pass a writable one, not an asReadOnly() view (nothing was read or written)");
        }
        return outside(indexName, index, countName, count, size, seg.byteSize(), name, "local segment");
    }

    private static String describe(MemorySegment seg) {
        return seg.byteSize() + " bytes" + (seg.isNative() ? " at 0x" + Long.toHexString(seg.address()) : ", heap")
                + (seg.isReadOnly() ? ", read-only" : "");
    }

    static ShmemStateException freedView(String view, SymmetricBlock b) {
        return new ShmemStateException(view + " of symmetric memory at heap offset " + b.heapOffset() + " ("
                + b.byteSize() + " bytes) is not available: the block has been freed (or its instance finalized) and its"
                + " range may be handed out again; allocate a new buffer");
    }

    static ShmemArgumentException negative(String name, long value) {
        return new ShmemArgumentException(name + " = " + value + " is negative: valid range is 0.." + Long.MAX_VALUE
                + "; pass zero or more");
    }

    static ShmemArgumentException emptyType(String name, MemoryLayout type) {
        return new ShmemArgumentException(name + " = " + type + " has byte size 0: valid element types are layouts of"
                + " one byte or more; pass a ValueLayout such as ValueLayout.JAVA_INT or Context.INT128");
    }

    static ShmemArgumentException stride(String name, long stride) {
        return new ShmemArgumentException(name + " = " + stride + " is invalid: valid strides are 1.."
                + Long.MAX_VALUE + " elements (1 is contiguous)");
    }

    static RuntimeException unusableBlock(String name, SymmetricMemory mem, Object owner) {
        if (mem == null) {
            return new ShmemArgumentException(name + " is null: a non-null symmetric buffer is required");
        }
        if (mem instanceof KindBlock k) {
            return unusableKindBlock(name, k, owner);
        }
        if (!(mem instanceof SymmetricBlock b)) {
            return new ShmemArgumentException(name + " (" + mem.getClass().getName() + ") is not a jshmem buffer: "
                    + "valid buffers are those returned by malloc, calloc, align or realloc");
        }
        if (b.owner() != owner) {
            return new ShmemArgumentException(name + " belongs to instance " + b.instanceId() + ", not to the "
                    + "instance the call is made on: valid buffers are those allocated by the instance used");
        }
        return new ShmemStateException(name + " (symmetric memory at heap offset " + b.heapOffset() + ", "
                + b.byteSize() + " bytes) has been freed: it cannot be used after free; allocate a new buffer");
    }

    private static RuntimeException unusableKindBlock(String name, KindBlock k, Object owner) {
        if (k.owner() != owner) {
            return new ShmemArgumentException(name + " belongs to instance " + k.instanceId() + ", not to the "
                    + "instance the call is made on: valid buffers are those allocated by the instance used");
        }
        if (!k.isLive()) {
            return new ShmemStateException(name + " (" + k.memType() + " symmetric memory at offset "
                    + k.heapOffset() + ", " + k.byteSize() + " bytes) has been freed: it cannot be used after free;"
                    + " allocate a new buffer");
        }
        return new ShmemArgumentException(name + " is a " + k.memType() + " buffer (heap of memory-kind provider '"
                + k.provider() + "'): this call takes HOST_SIDE buffers only, as do p/g, strided RMA, put-with-signal,"
                + " atomics, signals, waits, locks and collectives; move its bytes with the contiguous putmem/getmem/"
                + "put/get (blocking or nbi)" + (k.hostAddressable() ? ", its local()/ptr(pe) views" : "")
                + " or the provider's engines, or allocate it with MemType.HOST_SIDE");
    }

    /** A host view ({@code view}) asked of a block whose memory kind is not host-addressable. */
    static ShmemStateException noHostView(KindBlock k, String view) {
        return new ShmemStateException(view + " of " + k + " is refused: memory kind '" + k.provider() + "' ("
                + k.memType() + ") is not host-addressable, so jshmem hands out no host views of it (local(), "
                + "ptr(pe), team ptr); move its bytes with the provider's own means, or allocate with "
                + "MemType.HOST_SIDE for memory that loads and stores can reach");
    }

    static ShmemArgumentException hints(String name, long hints, long valid) {
        return new ShmemArgumentException(name + " = 0x" + Long.toHexString(hints) + " has unknown hint bits 0x"
                + Long.toHexString(hints & ~valid) + ": valid hints are an OR of SHMEM_MALLOC_ATOMICS_REMOTE (0x1) "
                + "and SHMEM_MALLOC_SIGNAL_REMOTE (0x2), mask 0x" + Long.toHexString(valid) + ", or 0 for none; "
                + "pass only those bits (nothing was allocated)");
    }

    static ShmemArgumentException memType(String name, SymmetricMemory mem, io.jshmem.MemType kind) {
        return new ShmemArgumentException(name + " is a " + mem.memType() + " buffer but memType = " + kind
                + ": the kind passed to free must be the kind the buffer was allocated with (" + mem.memType()
                + "); pass " + mem.memType() + " or use free(mem), which knows the kind (nothing was freed)");
    }

    static ShmemArgumentException outside(String indexName, long index, String countName, long count, long size,
                                          long limit, String name, String what) {
        if (index < 0) {
            return new ShmemArgumentException(indexName + " = " + index + " is negative: valid " + indexName
                    + " is 0.." + limit / size + " (" + name + ", a " + what + " of " + limit + " bytes)");
        }
        if (count < 0) {
            return negative(countName, count);
        }
        long elements = limit / size;
        String unit = size == 1 ? " bytes" : " elements of " + size + " bytes";
        return new ShmemArgumentException(indexName + " = " + index + " with " + countName + " = " + count
                + " is outside " + name + " (a " + what + " of " + elements + unit + "): valid is 0 <= " + indexName
                + " and " + indexName + " + " + countName + " <= " + elements
                + "; pass a range inside it or allocate a larger one");
    }

    static ShmemArgumentException stridedOutside(String indexName, long index, String strideName, long stride,
                                                 String countName, long count, long size, long limit, String name,
                                                 String what) {
        if (index < 0) {
            return new ShmemArgumentException(indexName + " = " + index + " is negative: valid " + indexName
                    + " is 0.." + (limit / size - 1) + " (" + name + ", a " + what + " of " + limit + " bytes)");
        }
        if (count < 0) {
            return negative(countName, count);
        }
        long elements = limit / size;
        return new ShmemArgumentException(indexName + " = " + index + ", " + strideName + " = " + stride
                + " and " + countName + " = " + count + " reach beyond " + name + " (a " + what + " of " + elements
                + " elements of " + size + " bytes): valid is " + indexName + " + (" + countName + "-1)*" + strideName
                + " < " + elements + "; pass a smaller " + countName + " or stride, or a larger buffer");
    }

    static ShmemArgumentException blockStridedOutside(String indexName, long index, String strideName, long stride,
                                                      String bsizeName, long bsize, String nblocksName, long nblocks,
                                                      long size, long limit, String name, String what) {
        if (index < 0) {
            return new ShmemArgumentException(indexName + " = " + index + " is negative: valid " + indexName
                    + " is 0.." + limit / size + " (" + name + ", a " + what + " of " + limit + " bytes)");
        }
        if (bsize < 0) {
            return negative(bsizeName, bsize);
        }
        if (nblocks < 0) {
            return negative(nblocksName, nblocks);
        }
        long elements = limit / size;
        String unit = size == 1 ? " bytes" : " elements of " + size + " bytes";
        return new ShmemArgumentException(indexName + " = " + index + ", " + strideName + " = " + stride + ", "
                + bsizeName + " = " + bsize + " and " + nblocksName + " = " + nblocks + " reach beyond " + name
                + " (a " + what + " of " + elements + unit + "): valid is " + indexName + " + (" + nblocksName
                + "-1)*" + strideName + " + " + bsizeName + " <= " + elements + "; pass fewer or smaller blocks, a"
                + " smaller stride, or a larger buffer");
    }

    static ShmemArgumentException misaligned(String name, long index, long offset, long size) {
        return new ShmemArgumentException(name + " element " + index + " is at offset " + offset + ", not " + size
                + "-byte aligned: atomics, signals, waits and locks need naturally aligned slots; use a block from "
                + "malloc/calloc/align (aligned to 8 bytes or more)");
    }
}
