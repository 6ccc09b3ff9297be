package io.jshmem.impl;

import io.jshmem.ProfFrame;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.HostProfile;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * OpenSHMEM 1.6's block-strided RMA ({@code shmem_ibput} / {@code shmem_ibget}) for {@link ContextImpl}: the operands
 * are validated through {@link Operands} (every block of both sides inside its buffer, checked before any byte moves
 * on any PE), then the blocks go to {@link Comm} as contiguous transfers, under the context's thread rules, with
 * team-relative PE numbers on a team context, profiled as one host operation. Kept apart from ContextImpl so that class
 * stays a thin list of entry points. Stateless.
 */
final class BlockStridedRma {
    private BlockStridedRma() {
    }

    /** 0 when the transfer moves nothing (a null buffer is then allowed), else 1. */
    private static long empty(long bsize, long nblocks) {
        return bsize == 0 || nblocks == 0 ? 0 : 1;
    }

    /** Blocks of {@code src} (local) to {@code dest} on {@code pe}; index names differ for the typed and mem forms. */
    static void put(ContextImpl ctx, MemoryLayout type, SymmetricMemory dest, String destIndexName, long destIndex,
                    long dst, MemorySegment src, String srcIndexName, long srcIndex, long sst, long bsize,
                    long nblocks, int pe) {
        long size = Operands.elementSize("type", type);
        long off;
        ctx.usable(); // PRIVATE is enforced even with checks off
        if (ContextImpl.CHECKS) {
            ctx.targetPe("pe", pe);
            SymmetricBlock block = Operands.block("dest", dest, ctx.owner, empty(bsize, nblocks));
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
        Comm comm = ctx.comm;
        long srcOff = srcIndex * size;
        int wpe = ctx.world(pe); // a team context's PE numbers are the team's
        HostProfile.Span span = ctx.prof.begin();
        int claimed = ctx.enter();
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
            ctx.leave(claimed);
            HostProfile.end(span, ProfFrame.PUT, "ibput", pe, nblocks * bsize * size);
        }
    }

    /** Blocks of {@code src} on {@code pe} into {@code dest} (local). */
    static void get(ContextImpl ctx, MemoryLayout type, MemorySegment dest, String destIndexName, long destIndex,
                    long dst, SymmetricMemory src, String srcIndexName, long srcIndex, long sst, long bsize,
                    long nblocks, int pe) {
        long size = Operands.elementSize("type", type);
        long off;
        ctx.usable(); // PRIVATE is enforced even with checks off
        if (ContextImpl.CHECKS) {
            ctx.targetPe("pe", pe);
            SymmetricBlock block = Operands.block("src", src, ctx.owner, empty(bsize, nblocks));
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
        Comm comm = ctx.comm;
        long destOff = destIndex * size;
        int wpe = ctx.world(pe);
        HostProfile.Span span = ctx.prof.begin();
        int claimed = ctx.enter();
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
            ctx.leave(claimed);
            HostProfile.end(span, ProfFrame.GET, "ibget", pe, nblocks * bsize * size);
        }
    }
}
