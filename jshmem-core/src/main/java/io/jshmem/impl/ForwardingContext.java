package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.CtxOption;
import io.jshmem.DataType;
import io.jshmem.SessionConfig;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
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
 * The contiguous put and get are the exception: they are {@link ContextRma}'s, inherited and run on the default
 * context's own Comm, gate and profile, because a forward made their compiled tree too big for C2 to inline into the
 * caller (see ContextRma). Thread-safe as {@link ContextImpl}.
 */
abstract sealed class ForwardingContext extends ContextRma implements ShmemRuntime permits RuntimeImpl {
    /** The runtime's default context: world numbering, no options, never destroyed. */
    final ContextImpl ctx;

    ForwardingContext(Instance instance, HostProfile prof, CallGuard guard) {
        super(instance.comm(), new ContextGate(instance, instance.nPes(), null, null, null, instance.myPe(), guard),
                prof);
        // The default context refers back to this runtime (Context.runtime(), team()): it only stores the reference.
        // It shares this runtime's Comm, gate and profile, so the contiguous RMA (ContextRma) run on its parts.
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
    public final void p(ValueLayout.OfByte type, SymmetricMemory dest, long index, byte value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfShort type, SymmetricMemory dest, long index, short value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfChar type, SymmetricMemory dest, long index, char value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfInt type, SymmetricMemory dest, long index, int value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfLong type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfFloat type, SymmetricMemory dest, long index, float value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfDouble type, SymmetricMemory dest, long index, double value, int pe) {
        ctx.p(type, dest, index, value, pe);
    }

    @Override
    public final byte g(ValueLayout.OfByte type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final short g(ValueLayout.OfShort type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final char g(ValueLayout.OfChar type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final int g(ValueLayout.OfInt type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final long g(ValueLayout.OfLong type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final float g(ValueLayout.OfFloat type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final double g(ValueLayout.OfDouble type, SymmetricMemory src, long index, int pe) {
        return ctx.g(type, src, index, pe);
    }

    @Override
    public final long atomicFetch(DataType type, SymmetricMemory source, long index, int pe) {
        return ctx.atomicFetch(type, source, index, pe);
    }

    @Override
    public final void atomicSet(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.atomicSet(type, dest, index, value, pe);
    }

    @Override
    public final long atomicSwap(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return ctx.atomicSwap(type, dest, index, value, pe);
    }

    @Override
    public final long atomicCompareSwap(DataType type, SymmetricMemory dest, long index, long cond, long value,
                                        int pe) {
        return ctx.atomicCompareSwap(type, dest, index, cond, value, pe);
    }

    @Override
    public final long atomicFetchInc(DataType type, SymmetricMemory dest, long index, int pe) {
        return ctx.atomicFetchInc(type, dest, index, pe);
    }

    @Override
    public final void atomicInc(DataType type, SymmetricMemory dest, long index, int pe) {
        ctx.atomicInc(type, dest, index, pe);
    }

    @Override
    public final long atomicFetchAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return ctx.atomicFetchAdd(type, dest, index, value, pe);
    }

    @Override
    public final void atomicAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.atomicAdd(type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return ctx.atomicFetchAnd(type, dest, index, value, pe);
    }

    @Override
    public final void atomicAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.atomicAnd(type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return ctx.atomicFetchOr(type, dest, index, value, pe);
    }

    @Override
    public final void atomicOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.atomicOr(type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return ctx.atomicFetchXor(type, dest, index, value, pe);
    }

    @Override
    public final void atomicXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        ctx.atomicXor(type, dest, index, value, pe);
    }

    @Override
    public final void atomicFetchNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory source,
                                     long index, int pe) {
        ctx.atomicFetchNbi(type, fetch, fetchIndex, source, index, pe);
    }

    @Override
    public final void atomicSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                    long index, long value, int pe) {
        ctx.atomicSwapNbi(type, fetch, fetchIndex, dest, index, value, pe);
    }

    @Override
    public final void atomicCompareSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                           long index, long cond, long value, int pe) {
        ctx.atomicCompareSwapNbi(type, fetch, fetchIndex, dest, index, cond, value, pe);
    }

    @Override
    public final void atomicFetchIncNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, int pe) {
        ctx.atomicFetchIncNbi(type, fetch, fetchIndex, dest, index, pe);
    }

    @Override
    public final void atomicFetchAddNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        ctx.atomicFetchAddNbi(type, fetch, fetchIndex, dest, index, value, pe);
    }

    @Override
    public final void atomicFetchAndNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        ctx.atomicFetchAndNbi(type, fetch, fetchIndex, dest, index, value, pe);
    }

    @Override
    public final void atomicFetchOrNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                       long index, long value, int pe) {
        ctx.atomicFetchOrNbi(type, fetch, fetchIndex, dest, index, value, pe);
    }

    @Override
    public final void atomicFetchXorNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        ctx.atomicFetchXorNbi(type, fetch, fetchIndex, dest, index, value, pe);
    }

    @Override
    public final void putmemSignal(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                                   SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe) {
        ctx.putmemSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    @Override
    public final void putmemSignalNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                      long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                      int pe) {
        ctx.putmemSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp, pe);
    }

    @Override
    public final void putSignal(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                                long srcIndex, long count, SymmetricMemory sig, long sigIndex, long signal,
                                SignalOp sigOp, int pe) {
        ctx.putSignal(type, dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    @Override
    public final void putSignalNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                                   long srcIndex, long count, SymmetricMemory sig, long sigIndex, long signal,
                                   SignalOp sigOp, int pe) {
        ctx.putSignalNbi(type, dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe);
    }

    @Override
    public final void signalAdd(SymmetricMemory sig, long index, long value, int pe) {
        ctx.signalAdd(sig, index, value, pe);
    }

    @Override
    public final void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        ctx.signalSet(sig, index, value, pe);
    }

    @Override
    public final long signalFetch(SymmetricMemory sig, long index) {
        return ctx.signalFetch(sig, index);
    }

    @Override
    public final long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        return ctx.signalWaitUntil(sig, index, cmp, value);
    }

    @Override
    public final void waitUntil(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        ctx.waitUntil(type, ivar, index, cmp, value);
    }

    @Override
    public final boolean test(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return ctx.test(type, ivar, index, cmp, value);
    }

    @Override
    public final void waitUntilAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                   long value) {
        ctx.waitUntilAll(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public final int waitUntilAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                  long value) {
        return ctx.waitUntilAny(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public final int waitUntilSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                   int[] status, Cmp cmp, long value) {
        return ctx.waitUntilSome(type, ivars, index, nelems, indices, status, cmp, value);
    }

    @Override
    public final boolean testAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                 long value) {
        return ctx.testAll(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public final int testAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                             long value) {
        return ctx.testAny(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public final int testSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
                              Cmp cmp, long value) {
        return ctx.testSome(type, ivars, index, nelems, indices, status, cmp, value);
    }

    @Override
    public final void waitUntilAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                         Cmp cmp, long[] values) {
        ctx.waitUntilAllVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public final int waitUntilAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                        Cmp cmp, long[] values) {
        return ctx.waitUntilAnyVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public final int waitUntilSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                         int[] status, Cmp cmp, long[] values) {
        return ctx.waitUntilSomeVector(type, ivars, index, nelems, indices, status, cmp, values);
    }

    @Override
    public final boolean testAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                       Cmp cmp, long[] values) {
        return ctx.testAllVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public final int testAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                                   long[] values) {
        return ctx.testAnyVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public final int testSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                    int[] status, Cmp cmp, long[] values) {
        return ctx.testSomeVector(type, ivars, index, nelems, indices, status, cmp, values);
    }

    @Override
    public final void quiet() {
        ctx.quiet();
    }

    @Override
    public final void fence() {
        ctx.fence();
    }

    @Override
    public final void peQuiet(int... pes) {
        ctx.peQuiet(pes);
    }
}
