package io.jshmem.impl;

import io.jshmem.CtxOption;
import io.jshmem.SessionConfig;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Set;

/**
 * The {@link io.jshmem.Context} half of a {@link ShmemRuntime}: a runtime is its instance's default context, so every
 * context operation on it goes to the {@link ContextImpl} held here, a few bytecodes to a method of a final class.
 * The contiguous put and get, scalar p and g, quiet and fence ({@link ContextRma}) and the atomics, signals and waits
 * ({@link ContextAtomicsAndWaits}) are the exception: they are inherited and run on the default context's own Comm, gate and profile, because a
 * forward made the put's compiled tree too big for C2 to inline into the caller (see ContextRma), and inheriting
 * them means a new atomic needs no forward here. Thread-safe as {@link ContextImpl}.
 */
abstract sealed class ForwardingContext extends ContextAtomicsAndWaits implements ShmemRuntime permits RuntimeImpl {
    /** The runtime's default context: world numbering, no options, never destroyed. */
    final ContextImpl ctx;

    ForwardingContext(Instance instance, HostProfile prof, CallGuard guard) {
        super(instance.comm(), new ContextGate(instance, instance.nPes(), null, null, null, instance.myPe(), guard),
                prof);
        // The default context refers back to this runtime (Context.runtime(), team()): it only stores the reference.
        // It shares this runtime's Comm, gate and profile, so the inherited RMA, atomics and waits run on its parts.
        this.ctx = new ContextImpl(this, instance, prof, comm, gate);
    }

    @Override
    public final ShmemRuntime runtime() {
        return ctx.runtime();
    }

    @Override
    public final int myPe() {
        return ctx.myPe();
    }

    @Override
    public final int nPes() {
        return ctx.nPes();
    }

    @Override
    public final Team team() {
        return ctx.team();
    }

    @Override
    public final Set<CtxOption> options() {
        return ctx.options();
    }

    @Override
    public final boolean isDestroyed() {
        return ctx.isDestroyed();
    }

    @Override
    public final void sessionStart(long options, SessionConfig config, long configMask) {
        ctx.sessionStart(options, config, configMask);
    }

    @Override
    public final void sessionStop() {
        ctx.sessionStop();
    }

    @Override
    public final boolean inSession() {
        return ctx.inSession();
    }

    @Override
    public final void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride, MemorySegment src,
                           long srcIndex, long srcStride, long count, int pe) {
        ctx.iput(type, dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    @Override
    public final void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
                           long srcIndex, long srcStride, long count, int pe) {
        ctx.iget(type, dest, destIndex, destStride, src, srcIndex, srcStride, count, pe);
    }

    @Override
    public final void ibput(MemoryLayout type, SymmetricMemory dest, long destIndex, long dst, MemorySegment src,
                            long srcIndex, long sst, long bsize, long nblocks, int pe) {
        ctx.ibput(type, dest, destIndex, dst, src, srcIndex, sst, bsize, nblocks, pe);
    }

    @Override
    public final void ibget(MemoryLayout type, MemorySegment dest, long destIndex, long dst, SymmetricMemory src,
                            long srcIndex, long sst, long bsize, long nblocks, int pe) {
        ctx.ibget(type, dest, destIndex, dst, src, srcIndex, sst, bsize, nblocks, pe);
    }

    @Override
    public final void ibputmem(SymmetricMemory dest, long destOffset, long dst, MemorySegment src, long srcOffset,
                               long sst, long bsize, long nblocks, int pe) {
        ctx.ibputmem(dest, destOffset, dst, src, srcOffset, sst, bsize, nblocks, pe);
    }

    @Override
    public final void ibgetmem(MemorySegment dest, long destOffset, long dst, SymmetricMemory src, long srcOffset,
                               long sst, long bsize, long nblocks, int pe) {
        ctx.ibgetmem(dest, destOffset, dst, src, srcOffset, sst, bsize, nblocks, pe);
    }

    @Override
    public final void peQuiet(int... pes) {
        ctx.peQuiet(pes);
    }
}
