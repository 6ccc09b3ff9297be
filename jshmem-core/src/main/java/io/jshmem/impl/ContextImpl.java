package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.comm.Comm;
import io.jshmem.comm.PointToPoint;
import io.jshmem.comm.WaitType;
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.Operands;
import io.jshmem.operand.SymmetricBlock;
import io.jshmem.runtime.ContextState;
import io.jshmem.transport.AmoOp;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * jshmem's {@link Context}: every entry validates its operands through {@link Operands} (all at once switched by
 * {@code JSHMEM_CHECKS}), then hands heap offsets to {@link Comm}, the routing point. Atomics and waits are in
 * {@link SyncOps}, which this class delegates to. Thread-safe as the interface states.
 */
class ContextImpl implements Context {
    static final boolean CHECKS = Operands.CHECKS;

    final Comm comm;
    /** The instance identity that owns the buffers this context may use. */
    final Object owner;
    final int nPes;
    /** A created context's state (engine view, options, owner thread, destroyed); null for the default context. */
    final ContextState state;
    private final RuntimeImpl runtime;
    private final Team team;
    final SyncOps sync;

    ContextImpl(RuntimeImpl runtime, Comm comm, Object owner, int nPes, ContextState state, Team team) {
        this.runtime = runtime == null ? (RuntimeImpl) this : runtime;
        this.comm = comm;
        this.owner = owner;
        this.nPes = nPes;
        this.state = state;
        this.team = team;
        this.sync = new SyncOps(this);
    }

    @Override
    public final ShmemRuntime runtime() {
        return runtime;
    }

    final RuntimeImpl runtimeImpl() {
        return runtime;
    }

    @Override
    public final int myPe() {
        return comm.myPe();
    }

    @Override
    public final int nPes() {
        return nPes;
    }

    @Override
    public final Team team() {
        usable(); // shmem_ctx_get_team on a destroyed context is an error, as before issue 10
        return team == null ? runtime.teamWorld() : team;
    }

    @Override
    public final Set<CtxOption> options() {
        EnumSet<CtxOption> set = EnumSet.noneOf(CtxOption.class);
        if (state != null) {
            if (state.isPrivate()) {
                set.add(CtxOption.PRIVATE);
            }
            if (state.isSerialized()) {
                set.add(CtxOption.SERIALIZED);
            }
            if (state.isNoStore()) {
                set.add(CtxOption.NOSTORE);
            }
        }
        return Collections.unmodifiableSet(set);
    }

    @Override
    public final boolean isDestroyed() {
        return state != null && state.isDestroyed();
    }

    @Override
    public void close() {
        if (state == null) {
            throw new ShmemStateException("the default context cannot be destroyed: destroy only contexts made by "
                    + "createCtx; close() the runtime to finalize it");
        }
        state.destroy();
    }

    // ---- operand plumbing: every entry point goes through these -------------------------------------------

    /** Throws for a destroyed context, or a private one used from another thread. */
    final void usable() {
        if (state != null) {
            state.check();
        }
    }

    /** Checks the context, a PE and a symmetric element range; returns the heap offset of element {@code index}. */
    final long remote(SymmetricMemory mem, String name, String indexName, long index, String countName, long count,
                      long size, int pe) {
        if (!CHECKS) {
            return mem.heapOffset() + index * size;
        }
        usable();
        Operands.pe("pe", pe, nPes);
        return Operands.inBlock(Operands.block(name, mem, owner), name, indexName, index, countName, count, size);
    }

    /** As {@link #remote} for {@code count} elements {@code stride} apart. */
    final long remoteStrided(SymmetricMemory mem, String name, String indexName, long index, String strideName,
                             long stride, String countName, long count, long size, int pe) {
        if (!CHECKS) {
            return mem.heapOffset() + index * size;
        }
        usable();
        Operands.pe("pe", pe, nPes);
        return Operands.stridedInBlock(Operands.block(name, mem, owner), name, indexName, index, strideName, stride,
                countName, count, size);
    }

    /** Heap offset of the naturally aligned slot {@code index} of {@code size} bytes of {@code mem}. */
    final long slot(SymmetricMemory mem, String name, long index, long size, int pe) {
        if (!CHECKS) {
            return mem.heapOffset() + index * size;
        }
        usable();
        Operands.pe("pe", pe, nPes);
        return Operands.slot(Operands.block(name, mem, owner), name, index, size);
    }

    /** Heap offset of {@code count} aligned local slots (waits, signals, locks: this PE's own memory). */
    final long localSlots(SymmetricMemory mem, String name, long index, long count, long size) {
        if (!CHECKS) {
            return mem.heapOffset() + index * size;
        }
        usable();
        return Operands.slots(Operands.block(name, mem, owner), name, index, count, size);
    }

    static void local(MemorySegment seg, String name, String indexName, long index, String countName, long count,
                      long size) {
        if (CHECKS) {
            Operands.inSegment(seg, name, indexName, index, countName, count, size);
        }
    }

    static long size(ValueLayout type) {
        return Operands.notNull("type", type).byteSize();
    }

    // ---- byte RMA ------------------------------------------------------------------------------------------

    @Override
    public final void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, pe);
        local(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1);
        if (bytes != 0) {
            comm.put(pe, off, src, srcOffset, bytes);
        }
    }

    @Override
    public final void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                                int pe) {
        long off = remote(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, pe);
        local(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1);
        if (bytes != 0) {
            comm.putNbi(pe, off, src, srcOffset, bytes);
        }
    }

    @Override
    public final void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        local(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1);
        if (bytes != 0) {
            comm.get(pe, off, dest, destOffset, bytes);
        }
    }

    @Override
    public final void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                                int pe) {
        long off = remote(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        local(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1);
        if (bytes != 0) {
            comm.getNbi(pe, off, dest, destOffset, bytes);
        }
    }

    // ---- typed RMA -----------------------------------------------------------------------------------------

    @Override
    public final void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                          long count, int pe) {
        long size = size(type);
        long off = remote(dest, "dest", "destIndex", destIndex, "count", count, size, pe);
        local(src, "src", "srcIndex", srcIndex, "count", count, size);
        if (count != 0) {
            comm.put(pe, off, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void putNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                             long srcIndex, long count, int pe) {
        long size = size(type);
        long off = remote(dest, "dest", "destIndex", destIndex, "count", count, size, pe);
        local(src, "src", "srcIndex", srcIndex, "count", count, size);
        if (count != 0) {
            comm.putNbi(pe, off, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                          long count, int pe) {
        long size = size(type);
        long off = remote(src, "src", "srcIndex", srcIndex, "count", count, size, pe);
        local(dest, "dest", "destIndex", destIndex, "count", count, size);
        if (count != 0) {
            comm.get(pe, off, dest, destIndex * size, count * size);
        }
    }

    @Override
    public final void getNbi(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src,
                             long srcIndex, long count, int pe) {
        long size = size(type);
        long off = remote(src, "src", "srcIndex", srcIndex, "count", count, size, pe);
        local(dest, "dest", "destIndex", destIndex, "count", count, size);
        if (count != 0) {
            comm.getNbi(pe, off, dest, destIndex * size, count * size);
        }
    }

    @Override
    public final void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride,
                           MemorySegment src, long srcIndex, long srcStride, long count, int pe) {
        long size = size(type);
        long off = remoteStrided(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count", count, size, pe);
        if (CHECKS) {
            Operands.stridedInSegment(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count,
                    size);
        }
        if (count != 0) {
            comm.iput(pe, off, destStride, src, srcIndex * size, srcStride, count, size);
        }
    }

    @Override
    public final void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
                           long srcIndex, long srcStride, long count, int pe) {
        long size = size(type);
        long off = remoteStrided(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count, size, pe);
        if (CHECKS) {
            Operands.stridedInSegment(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count",
                    count, size);
        }
        if (count != 0) {
            comm.iget(pe, off, srcStride, dest, destIndex * size, destStride, count, size);
        }
    }

    // ---- block-strided RMA (see BlockStridedRma) ----------------------------------------------------------------

    @Override
    public final void ibput(MemoryLayout type, SymmetricMemory dest, long destIndex, long dst, MemorySegment src,
                            long srcIndex, long sst, long bsize, long nblocks, int pe) {
        BlockStridedRma.put(this, type, dest, "destIndex", destIndex, dst, src, "srcIndex", srcIndex, sst, bsize,
                nblocks, pe);
    }

    @Override
    public final void ibget(MemoryLayout type, MemorySegment dest, long destIndex, long dst, SymmetricMemory src,
                            long srcIndex, long sst, long bsize, long nblocks, int pe) {
        BlockStridedRma.get(this, type, dest, "destIndex", destIndex, dst, src, "srcIndex", srcIndex, sst, bsize,
                nblocks, pe);
    }

    @Override
    public final void ibputmem(SymmetricMemory dest, long destOffset, long dst, MemorySegment src, long srcOffset,
                               long sst, long bsize, long nblocks, int pe) {
        BlockStridedRma.put(this, ValueLayout.JAVA_BYTE, dest, "destOffset", destOffset, dst, src, "srcOffset",
                srcOffset, sst, bsize, nblocks, pe);
    }

    @Override
    public final void ibgetmem(MemorySegment dest, long destOffset, long dst, SymmetricMemory src, long srcOffset,
                               long sst, long bsize, long nblocks, int pe) {
        BlockStridedRma.get(this, ValueLayout.JAVA_BYTE, dest, "destOffset", destOffset, dst, src, "srcOffset",
                srcOffset, sst, bsize, nblocks, pe);
    }

    // ---- scalar p/g ----------------------------------------------------------------------------------------

    private void putScalar(ValueLayout type, SymmetricMemory dest, long index, long bits, int pe) {
        long size = size(type);
        comm.putScalar(pe, remote(dest, "dest", "index", index, "count", 1, size, pe), type, bits);
    }

    private long getScalar(ValueLayout type, SymmetricMemory src, long index, int pe) {
        long size = size(type);
        return comm.getScalar(pe, remote(src, "src", "index", index, "count", 1, size, pe), type);
    }

    @Override
    public final void p(ValueLayout.OfByte type, SymmetricMemory dest, long index, byte value, int pe) {
        putScalar(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfShort type, SymmetricMemory dest, long index, short value, int pe) {
        putScalar(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfChar type, SymmetricMemory dest, long index, char value, int pe) {
        putScalar(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfInt type, SymmetricMemory dest, long index, int value, int pe) {
        putScalar(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfLong type, SymmetricMemory dest, long index, long value, int pe) {
        putScalar(type, dest, index, value, pe);
    }

    @Override
    public final void p(ValueLayout.OfFloat type, SymmetricMemory dest, long index, float value, int pe) {
        putScalar(type, dest, index, Float.floatToRawIntBits(value), pe);
    }

    @Override
    public final void p(ValueLayout.OfDouble type, SymmetricMemory dest, long index, double value, int pe) {
        putScalar(type, dest, index, Double.doubleToRawLongBits(value), pe);
    }

    @Override
    public final byte g(ValueLayout.OfByte type, SymmetricMemory src, long index, int pe) {
        return (byte) getScalar(type, src, index, pe);
    }

    @Override
    public final short g(ValueLayout.OfShort type, SymmetricMemory src, long index, int pe) {
        return (short) getScalar(type, src, index, pe);
    }

    @Override
    public final char g(ValueLayout.OfChar type, SymmetricMemory src, long index, int pe) {
        return (char) getScalar(type, src, index, pe);
    }

    @Override
    public final int g(ValueLayout.OfInt type, SymmetricMemory src, long index, int pe) {
        return (int) getScalar(type, src, index, pe);
    }

    @Override
    public final long g(ValueLayout.OfLong type, SymmetricMemory src, long index, int pe) {
        return getScalar(type, src, index, pe);
    }

    @Override
    public final float g(ValueLayout.OfFloat type, SymmetricMemory src, long index, int pe) {
        return Float.intBitsToFloat((int) getScalar(type, src, index, pe));
    }

    @Override
    public final double g(ValueLayout.OfDouble type, SymmetricMemory src, long index, int pe) {
        return Double.longBitsToDouble(getScalar(type, src, index, pe));
    }

    // ---- atomics (see SyncOps) -------------------------------------------------------------------------------

    @Override
    public final long atomicFetch(DataType type, SymmetricMemory source, long index, int pe) {
        return sync.amo(AmoOp.FETCH, type, source, "source", index, 0, 0, pe);
    }

    @Override
    public final void atomicSet(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.amo(AmoOp.SET, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final long atomicSwap(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.SWAP, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final long atomicCompareSwap(DataType type, SymmetricMemory dest, long index, long cond, long value,
                                        int pe) {
        return sync.amo(AmoOp.COMPARE_SWAP, type, dest, "dest", index, value, cond, pe);
    }

    @Override
    public final long atomicFetchInc(DataType type, SymmetricMemory dest, long index, int pe) {
        return sync.amo(AmoOp.FETCH_ADD, type, dest, "dest", index, 1, 0, pe);
    }

    @Override
    public final void atomicInc(DataType type, SymmetricMemory dest, long index, int pe) {
        sync.amo(AmoOp.FETCH_ADD, type, dest, "dest", index, 1, 0, pe);
    }

    @Override
    public final long atomicFetchAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_ADD, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.amo(AmoOp.FETCH_ADD, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final long atomicFetchAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_AND, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicAnd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.amo(AmoOp.FETCH_AND, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final long atomicFetchOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_OR, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicOr(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.amo(AmoOp.FETCH_OR, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final long atomicFetchXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.amo(AmoOp.FETCH_XOR, type, dest, "dest", index, value, 0, pe);
    }

    @Override
    public final void atomicXor(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.amo(AmoOp.FETCH_XOR, type, dest, "dest", index, value, 0, pe);
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
        comm.atomicLong(AmoOp.FETCH_ADD, pe, slot(sig, "sig", index, Long.BYTES, pe), value, 0);
    }

    @Override
    public final void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        comm.atomicLong(AmoOp.SET, pe, slot(sig, "sig", index, Long.BYTES, pe), value, 0);
    }

    @Override
    public final long signalFetch(SymmetricMemory sig, long index) {
        return WaitType.UNSIGNED_LONG.loadAcquire(comm.localHeap(), localSlots(sig, "sig", index, 1, Long.BYTES));
    }

    @Override
    public final long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        long off = localSlots(sig, "sig", index, 1, Long.BYTES);
        return PointToPoint.waitUntil(comm, WaitType.UNSIGNED_LONG, off, SyncOps.comparison(cmp), value,
                "signalWaitUntil");
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
        PointToPoint.waitAll(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value),
                "waitUntilAll");
    }

    @Override
    public final int waitUntilAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                  Cmp cmp, long value) {
        return PointToPoint.waitAny(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value),
                "waitUntilAny");
    }

    @Override
    public final int waitUntilSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                   int[] status, Cmp cmp, long value) {
        return PointToPoint.waitSome(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value),
                sync.indices(indices, nelems), "waitUntilSome");
    }

    @Override
    public final boolean testAll(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                 Cmp cmp, long value) {
        return PointToPoint.testAll(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value));
    }

    @Override
    public final int testAny(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status, Cmp cmp,
                             long value) {
        return PointToPoint.testAny(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value));
    }

    @Override
    public final int testSome(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                              int[] status, Cmp cmp, long value) {
        return PointToPoint.testSome(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, value),
                sync.indices(indices, nelems));
    }

    @Override
    public final void waitUntilAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                         Cmp cmp, long[] values) {
        PointToPoint.waitAll(comm, sync.vars(type, ivars, index, nelems, status), sync.operand(cmp, values, nelems),
                "waitUntilAllVector");
    }

    @Override
    public final int waitUntilAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                        Cmp cmp, long[] values) {
        return PointToPoint.waitAny(comm, sync.vars(type, ivars, index, nelems, status),
                sync.operand(cmp, values, nelems), "waitUntilAnyVector");
    }

    @Override
    public final int waitUntilSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                         int[] status, Cmp cmp, long[] values) {
        return PointToPoint.waitSome(comm, sync.vars(type, ivars, index, nelems, status),
                sync.operand(cmp, values, nelems), sync.indices(indices, nelems), "waitUntilSomeVector");
    }

    @Override
    public final boolean testAllVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                       Cmp cmp, long[] values) {
        return PointToPoint.testAll(comm, sync.vars(type, ivars, index, nelems, status),
                sync.operand(cmp, values, nelems));
    }

    @Override
    public final int testAnyVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status,
                                   Cmp cmp, long[] values) {
        return PointToPoint.testAny(comm, sync.vars(type, ivars, index, nelems, status),
                sync.operand(cmp, values, nelems));
    }

    @Override
    public final int testSomeVector(DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices,
                                    int[] status, Cmp cmp, long[] values) {
        return PointToPoint.testSome(comm, sync.vars(type, ivars, index, nelems, status),
                sync.operand(cmp, values, nelems), sync.indices(indices, nelems));
    }

    // ---- ordering ------------------------------------------------------------------------------------------

    @Override
    public final void quiet() {
        usable();
        comm.quiet();
    }

    @Override
    public final void fence() {
        usable();
        comm.fence();
    }

    @Override
    public final void peQuiet(int... pes) {
        usable();
        Operands.notNull("pes", pes);
        for (int i = 0; i < pes.length; i++) {
            if (pes[i] < 0 || pes[i] >= nPes) {
                Operands.pe("pes[" + i + "]", pes[i], nPes); // throws, naming the position
            }
        }
        comm.quiet(pes);
    }

    /** The block behind {@code mem} when it is a live buffer of this context's instance (for views and locks). */
    final SymmetricBlock ownBlock(String name, SymmetricMemory mem) {
        return Operands.block(name, mem, owner);
    }
}
