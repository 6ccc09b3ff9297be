package io.jshmem.impl;

import io.jshmem.ProfFrame;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.HostProfile;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The strided RMA of one {@link ContextImpl}: {@code iput}/{@code iget} (elements a stride apart) and OpenSHMEM 1.6's
 * block-strided {@code ibput}/{@code ibget}. The operands are validated through the context's {@link ContextGate}
 * and {@link Operands} (every element or block of both sides inside its buffer, checked before any byte moves on any
 * PE), then the work goes to {@link Comm} under the context's thread rules, with team-relative PE numbers on a team
 * context, profiled as one host operation. Kept apart from ContextImpl so that class stays a thin list of entry
 * points; holds only what it was given. Thread-safe.
 */
final class StridedRma {
    private final Comm comm;
    private final ContextGate gate;
    private final HostProfile prof;

    StridedRma(Comm comm, ContextGate gate, HostProfile prof) {
        this.comm = comm;
        this.gate = gate;
        this.prof = prof;
    }

    /** {@code count} elements {@code srcStride} apart in {@code src} to elements {@code destStride} apart on pe. */
    void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride, MemorySegment src,
              long srcIndex, long srcStride, long count, int pe) {
        long size = ContextGate.size(type);
        long off = gate.remoteStrided(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count", count,
                size, pe);
        if (ContextGate.CHECKS) {
            Operands.stridedInSegment(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count,
                    size, false);
        }
        if (count != 0) {
            HostProfile.Span span = prof.begin();
            int claimed = gate.enter();
            try {
                comm.iput(gate.world(pe), off, destStride, src, srcIndex * size, srcStride, count, size);
            } finally {
                gate.leave(claimed);
                HostProfile.end(span, ProfFrame.PUT, "iput", pe, count * size);
            }
        }
    }

    /** {@code count} elements {@code srcStride} apart on pe into elements {@code destStride} apart in {@code dest}. */
    void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
              long srcIndex, long srcStride, long count, int pe) {
        long size = ContextGate.size(type);
        long off = gate.remoteStrided(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count, size,
                pe);
        if (ContextGate.CHECKS) {
            Operands.stridedInSegment(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count",
                    count, size, true);
        }
        if (count != 0) {
            HostProfile.Span span = prof.begin();
            int claimed = gate.enter();
            try {
                comm.iget(gate.world(pe), off, srcStride, dest, destIndex * size, destStride, count, size);
            } finally {
                gate.leave(claimed);
                HostProfile.end(span, ProfFrame.GET, "iget", pe, count * size);
            }
        }
    }

    /** 0 when the transfer moves nothing (a null buffer is then allowed), else 1. */
    private static long empty(long bsize, long nblocks) {
        return bsize == 0 || nblocks == 0 ? 0 : 1;
    }

    /** Blocks of {@code src} (local) to {@code dest} on {@code pe}; index names differ for the typed and mem forms. */
    void ibput(MemoryLayout type, SymmetricMemory dest, String destIndexName, long destIndex, long dst,
               MemorySegment src, String srcIndexName, long srcIndex, long sst, long bsize, long nblocks, int pe) {
        long size = Operands.elementSize("type", type);
        long off;
        gate.usable(); // PRIVATE is enforced even with checks off
        if (ContextGate.CHECKS) {
            gate.targetPe("pe", pe);
            SymmetricBlock block = Operands.block("dest", dest, gate.owner, empty(bsize, nblocks));
            off = Operands.blockStridedInBlock(block, "dest", destIndexName,
                    destIndex, "dst", dst, "bsize", bsize, "nblocks", nblocks, size);
            Operands.blockStridedInSegment(src, "src", srcIndexName, srcIndex, "sst", sst, "bsize", bsize,
                    "nblocks", nblocks, size, false);
        } else {
            off = dest == null ? 0 : dest.heapOffset() + destIndex * size;
        }
        if (bsize == 0 || nblocks == 0) {
            return;
        }
        long srcOff = srcIndex * size;
        int wpe = gate.world(pe); // a team context's PE numbers are the team's
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            // The checks proved every product below fits in its buffer, so none of them can wrap.
            if (dst == bsize && sst == bsize) {
                comm.put(wpe, off, src, srcOff, nblocks * bsize * size); // the blocks are adjacent on both sides
            } else if (bsize == 1) {
                comm.iput(wpe, off, dst, src, srcOff, sst, nblocks, size);
            } else {
                long blockBytes = bsize * size;
                for (long k = 0; k < nblocks; k++) {
                    comm.put(wpe, off + k * dst * size, src, srcOff + k * sst * size, blockBytes);
                }
            }
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.PUT, "ibput", pe, nblocks * bsize * size);
        }
    }

    /** Blocks of {@code src} on {@code pe} into {@code dest} (local). */
    void ibget(MemoryLayout type, MemorySegment dest, String destIndexName, long destIndex, long dst,
               SymmetricMemory src, String srcIndexName, long srcIndex, long sst, long bsize, long nblocks, int pe) {
        long size = Operands.elementSize("type", type);
        long off;
        gate.usable(); // PRIVATE is enforced even with checks off
        if (ContextGate.CHECKS) {
            gate.targetPe("pe", pe);
            SymmetricBlock block = Operands.block("src", src, gate.owner, empty(bsize, nblocks));
            off = Operands.blockStridedInBlock(block, "src", srcIndexName,
                    srcIndex, "sst", sst, "bsize", bsize, "nblocks", nblocks, size);
            Operands.blockStridedInSegment(dest, "dest", destIndexName, destIndex, "dst", dst, "bsize", bsize,
                    "nblocks", nblocks, size, true);
        } else {
            off = src == null ? 0 : src.heapOffset() + srcIndex * size;
        }
        if (bsize == 0 || nblocks == 0) {
            return;
        }
        long destOff = destIndex * size;
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            if (dst == bsize && sst == bsize) {
                comm.get(wpe, off, dest, destOff, nblocks * bsize * size);
            } else if (bsize == 1) {
                comm.iget(wpe, off, sst, dest, destOff, dst, nblocks, size);
            } else {
                long blockBytes = bsize * size;
                for (long k = 0; k < nblocks; k++) {
                    comm.get(wpe, off + k * sst * size, dest, destOff + k * dst * size, blockBytes);
                }
            }
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.GET, "ibget", pe, nblocks * bsize * size);
        }
    }
}
