package io.jshmem.impl;

import io.jshmem.ProfFrame;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.operand.KindBlock;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.HostProfile;

import java.lang.foreign.MemorySegment;

/**
 * The contiguous put and get whose symmetric operand is a block of a provided memory kind: the bytes move with the
 * kind heap's copies ({@code copyIn} for a put, {@code copyOut} for a get) to or from PE {@code pe}'s heap of the kind,
 * whether or not the kind has host views. Reached from {@link ContextRma} only when the operand check returned a
 * negative offset ({@link ContextGate#rma}), every operand already checked, so this code stays out of the host
 * path's compiled tree. The copies complete on return, so the nbi forms complete here too and leave nothing for
 * {@code quiet}; a PE this process cannot reach is refused by the provider
 * ({@link io.jshmem.spi.MemoryKindUnsupportedException}, naming the kind and the PE) before any byte moves.
 * Stateless; thread-safe as the context that calls it.
 */
final class KindRma {
    private KindRma() {
    }

    /**
     * Moves {@code bytes} between {@code local} at {@code localOff} and block {@code mem} of PE {@code pe} (the
     * context's numbering) at the routed offset {@code routed}: into the block when {@code put}, out of it otherwise.
     */
    static void move(boolean put, String call, ContextGate gate, Comm comm, HostProfile prof, SymmetricMemory mem,
                     long routed, int pe, MemorySegment local, long localOff, long bytes) {
        KindBlock block = Operands.kindBlock(put ? "dest" : "src", mem, gate.owner);
        if (bytes == 0) {
            return;
        }
        long at = Operands.kindOffset(block, routed);
        MemorySegment part = local.asSlice(localOff, bytes);
        int wpe = gate.world(pe);
        comm.requireLive(wpe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            if (put) {
                block.copies().copyIn(wpe, at, part);
            } else {
                block.copies().copyOut(wpe, at, part);
            }
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, put ? ProfFrame.PUT : ProfFrame.GET, call, pe, bytes);
        }
    }
}
