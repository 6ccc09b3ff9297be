package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.DataType;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.runtime.HostProfile;
import io.jshmem.spi.AmoOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The atomic, signal and wait entry points of a context, each one call to its {@link SyncOps} (which checks the
 * operands through the context's gate and does the work). Shared, as a superclass, by {@link ContextImpl} and by the
 * runtime ({@link ForwardingContext}, over its default context's Comm, gate and profile), so that the runtime's
 * atomics are the same compiled methods as a context's rather than a forward to them, and a new atomic is one entry
 * point here. The runtime's SyncOps is its own instance over the same parts as its default context's: SyncOps holds
 * nothing but those three references, so the two are interchangeable. Apart from the RMA entry points only so that
 * neither file grows long. The common 64-bit atomics stay a few bytecodes down to {@link io.jshmem.comm.Comm}, so the
 * JIT inlines them into the caller. Thread-safe as {@link Context}.
 */
abstract sealed class ContextAtomicsAndWaits extends ContextRma permits ContextImpl, ForwardingContext {
    private final SyncOps sync;

    ContextAtomicsAndWaits(Comm comm, ContextGate gate, HostProfile prof) {
        super(comm, gate, prof);
        this.sync = new SyncOps(comm, gate, prof);
    }

    // ---- atomics (see SyncOps) -------------------------------------------------------------------------------

    @Override
    public final long atomicFetch(DataType type, SymmetricMemory source, long index, int pe) {
        return sync.fetch(type, source, index, pe);
    }

    @Override
    public final void atomicSet(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.set(type, dest, index, value, pe);
    }

    @Override
    public final long atomicSwap(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.swap(type, dest, index, value, pe);
    }

    @Override
    public final long atomicCompareSwap(DataType type, SymmetricMemory dest, long index, long cond, long value,
                                        int pe) {
        return sync.compareSwap(type, dest, index, cond, value, pe);
    }

    @Override
    public final long atomicFetchInc(DataType type, SymmetricMemory dest, long index, int pe) {
        return sync.fetchAdd(type, dest, index, 1, pe);
    }

    @Override
    public final void atomicInc(DataType type, SymmetricMemory dest, long index, int pe) {
        sync.add(type, dest, index, 1, pe);
    }

    @Override
    public final long atomicFetchAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.fetchAdd(type, dest, index, value, pe);
    }

    @Override
    public final void atomicAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.add(type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_AND, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.post(AmoOp.FETCH_AND, type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_OR, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.post(AmoOp.FETCH_OR, type, dest, index, value, pe);
    }

    @Override
    public final long atomicFetchXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_XOR, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.post(AmoOp.FETCH_XOR, type, dest, index, value, pe);
    }

    @Override
    public final void atomicFetchNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory source,
                                     long index, int pe) {
        sync.amoNbi(AmoOp.FETCH, type, fetch, fetchIndex, source, "source", index, 0, 0, pe);
    }

    @Override
    public final void atomicSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                    long index, long value, int pe) {
        sync.amoNbi(AmoOp.SWAP, type, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicCompareSwapNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                           long index, long cond, long value, int pe) {
        sync.amoNbi(AmoOp.COMPARE_SWAP, type, fetch, fetchIndex, dest, "dest", index, value, cond, pe);
    }

    @Override
    public final void atomicFetchIncNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, int pe) {
        sync.amoNbi(AmoOp.FETCH_ADD, type, fetch, fetchIndex, dest, "dest", index, 1, 0, pe);
    }

    @Override
    public final void atomicFetchAddNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        sync.amoNbi(AmoOp.FETCH_ADD, type, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicFetchAndNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        sync.amoNbi(AmoOp.FETCH_AND, type, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicFetchOrNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                       long index, long value, int pe) {
        sync.amoNbi(AmoOp.FETCH_OR, type, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicFetchXorNbi(DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory dest,
                                        long index, long value, int pe) {
        sync.amoNbi(AmoOp.FETCH_XOR, type, fetch, fetchIndex, dest, "dest", index, value, 0, pe);
    }

    // ---- signals -------------------------------------------------------------------------------------------

    @Override
    public final void putmemSignal(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                   long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                   int pe) {
        sync.putSignal(ValueLayout.JAVA_BYTE, dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp,
                pe, true);
    }

    @Override
    public final void putmemSignalNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset,
                                      long bytes, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp,
                                      int pe) {
        sync.putSignal(ValueLayout.JAVA_BYTE, dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, sigOp,
                pe, true);
    }

    @Override
    public final void putSignal(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                                long srcIndex, long count, SymmetricMemory sig, long sigIndex, long signal,
                                SignalOp sigOp, int pe) {
        sync.putSignal(type, dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe, false);
    }

    @Override
    public final void putSignalNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                                   long srcIndex, long count, SymmetricMemory sig, long sigIndex, long signal,
                                   SignalOp sigOp, int pe) {
        sync.putSignal(type, dest, destIndex, src, srcIndex, count, sig, sigIndex, signal, sigOp, pe, false);
    }

    @Override
    public final void signalAdd(SymmetricMemory sig, long index, long value, int pe) {
        sync.signal(AmoOp.FETCH_ADD, sig, index, value, pe);
    }

    @Override
    public final void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        sync.signal(AmoOp.SET, sig, index, value, pe);
    }

    @Override
    public final long signalFetch(SymmetricMemory sig, long index) {
        return sync.signalFetch(sig, index);
    }

    @Override
    public final long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        return sync.signalWaitUntil(sig, index, cmp, value);
    }

    // ---- waits (see SyncOps) -------------------------------------------------------------------------------

    @Override
    public final void waitUntil(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        sync.waitUntil(type, ivar, index, cmp, value);
    }

    @Override
    public final boolean test(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        return sync.test(type, ivar, index, cmp, value);
    }

    @Override
    public final void waitUntilAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                   Cmp cmp, long value) {
        sync.vector(SyncOps.WAIT_ALL, type, ivars, index, nelems, null, status, cmp, value, null, "waitUntilAll");
    }

    @Override
    public final int waitUntilAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                  Cmp cmp, long value) {
        return sync.vector(SyncOps.WAIT_ANY, type, ivars, index, nelems, null, status, cmp, value, null,
                "waitUntilAny");
    }

    @Override
    public final int waitUntilSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                   int[] status, Cmp cmp, long value) {
        return sync.vector(SyncOps.WAIT_SOME, type, ivars, index, nelems, indices, status, cmp, value, null,
                "waitUntilSome");
    }

    @Override
    public final boolean testAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                 Cmp cmp, long value) {
        return sync.vector(SyncOps.TEST_ALL, type, ivars, index, nelems, null, status, cmp, value, null, null) != 0;
    }

    @Override
    public final int testAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                             long value) {
        return sync.vector(SyncOps.TEST_ANY, type, ivars, index, nelems, null, status, cmp, value, null, null);
    }

    @Override
    public final int testSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                              int[] status, Cmp cmp, long value) {
        return sync.vector(SyncOps.TEST_SOME, type, ivars, index, nelems, indices, status, cmp, value, null, null);
    }

    @Override
    public final void waitUntilAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                         Cmp cmp, long[] values) {
        sync.vector(SyncOps.WAIT_ALL, type, ivars, index, nelems, null, status, cmp, 0, vector(values),
                "waitUntilAllVector");
    }

    @Override
    public final int waitUntilAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                        Cmp cmp, long[] values) {
        return sync.vector(SyncOps.WAIT_ANY, type, ivars, index, nelems, null, status, cmp, 0, vector(values),
                "waitUntilAnyVector");
    }

    @Override
    public final int waitUntilSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                         int[] status, Cmp cmp, long[] values) {
        return sync.vector(SyncOps.WAIT_SOME, type, ivars, index, nelems, indices, status, cmp, 0, vector(values),
                "waitUntilSomeVector");
    }

    @Override
    public final boolean testAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                       Cmp cmp, long[] values) {
        return sync.vector(SyncOps.TEST_ALL, type, ivars, index, nelems, null, status, cmp, 0, vector(values),
                null) != 0;
    }

    @Override
    public final int testAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                   Cmp cmp, long[] values) {
        return sync.vector(SyncOps.TEST_ANY, type, ivars, index, nelems, null, status, cmp, 0, vector(values), null);
    }

    @Override
    public final int testSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                    int[] status, Cmp cmp, long[] values) {
        return sync.vector(SyncOps.TEST_SOME, type, ivars, index, nelems, indices, status, cmp, 0, vector(values),
                null);
    }

    /** The compare values of a vector form; a missing array is reported by {@link SyncOps#operand}. */
    private static long[] vector(long[] values) {
        return values == null ? SyncOps.MISSING : values;
    }
}
