package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.DataType;
import io.jshmem.ProfFrame;
import io.jshmem.SessionConfig;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.comm.Comm;
import io.jshmem.comm.PointToPoint;
import io.jshmem.comm.WaitType;
import io.jshmem.error.ShmemStateException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.ContextState;
import io.jshmem.runtime.HostProfile;
import io.jshmem.runtime.Instance;
import io.jshmem.transport.AmoOp;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * jshmem's {@link Context}: every entry validates its operands through {@link Operands} (all at once switched by
 * {@code JSHMEM_CHECKS}; the plumbing is {@link ContextPlumbing}), then hands heap offsets to {@link Comm}, the routing
 * point, under the thread rules ({@link CallGuard}). Atomics and waits are in {@link SyncOps}, which this class
 * delegates to. Thread-safe as the interface states.
 */
final class ContextImpl extends ContextPlumbing implements Context {
    /** The runtime this context belongs to (for the default context: the runtime that forwards to it). */
    private final ShmemRuntime runtime;
    /** The instance whose liveness a session start checks. */
    private final Instance instance;
    final SyncOps sync;
    /** Host-operation profiling of this context's runtime. */
    final HostProfile prof;
    private final SessionState session = new SessionState();

    /**
     * @param worldPes world PE of each team PE (null: world numbering)
     * @param teamMe   this PE's number in the team
     */
    ContextImpl(ShmemRuntime runtime, Instance instance, HostProfile prof, Comm comm, int nPes, ContextState state,
                Team team, int[] worldPes, int teamMe, CallGuard guard) {
        super(comm, instance, nPes, state, team, worldPes, teamMe, guard);
        this.runtime = runtime;
        this.instance = instance;
        this.prof = prof;
        this.sync = new SyncOps(this);
    }

    @Override
    public final ShmemRuntime runtime() {
        return runtime;
    }

    @Override
    public final int myPe() {
        return worldPes == null ? comm.myPe() : teamMe;
    }

    @Override
    public final int nPes() {
        return nPes;
    }

    @Override
    public final Team team() {
        usable(); // shmem_ctx_get_team on a destroyed context is an error
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
    public final void sessionStart(long options, SessionConfig config, long configMask) {
        usable();
        instance.ensureLive();
        session.start(options, config, configMask);
    }

    @Override
    public final void sessionStop() {
        usable();
        session.stop();
    }

    @Override
    public final boolean inSession() {
        return session.active();
    }

    /** The recorded session options (hints; 0 outside a session). */
    final long sessionOptions() {
        return session.options();
    }

    @Override
    public void close() {
        if (state == null) {
            throw new ShmemStateException("the default context cannot be destroyed: destroy only contexts made by "
                    + "createCtx; close() the runtime to finalize it");
        }
        state.destroy();
    }

    // ---- byte RMA ------------------------------------------------------------------------------------------

    private static final int PUT = 0;
    private static final int PUT_NBI = 1;
    private static final int GET = 2;
    private static final int GET_NBI = 3;

    /**
     * One contiguous transfer to or from this context's PE {@code pe}, under the thread rules, profiled as
     * {@code call} (a constant: names the API method in profiles).
     */
    private void transfer(int kind, String call, int pe, long off, MemorySegment local, long localOff, long bytes) {
        int wpe = world(pe);
        if (guard == null && prof.idle()) {
            // Nothing to release or record (the common case): no try/finally, whose exception path would otherwise be
            // compiled into every call and push it past the JIT's inlining size (see Operands.fits).
            move(kind, wpe, off, local, localOff, bytes);
            return;
        }
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            move(kind, wpe, off, local, localOff, bytes);
        } finally {
            leave(claimed);
            HostProfile.end(span, kind <= PUT_NBI ? ProfFrame.PUT : ProfFrame.GET, call, pe, bytes);
        }
    }

    private void move(int kind, int wpe, long off, MemorySegment local, long localOff, long bytes) {
        switch (kind) {
            case PUT -> comm.put(wpe, off, local, localOff, bytes);
            case PUT_NBI -> comm.putNbi(wpe, off, local, localOff, bytes);
            case GET -> comm.get(wpe, off, local, localOff, bytes);
            default -> comm.getNbi(wpe, off, local, localOff, bytes);
        }
    }

    @Override
    public final void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, pe);
        local(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, false);
        if (bytes != 0) {
            transfer(PUT, "putmem", pe, off, src, srcOffset, bytes);
        }
    }

    @Override
    public final void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                                int pe) {
        long off = remote(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, pe);
        local(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, false);
        if (bytes != 0) {
            transfer(PUT_NBI, "putmemNbi", pe, off, src, srcOffset, bytes);
        }
    }

    @Override
    public final void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = remote(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        local(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, true);
        if (bytes != 0) {
            transfer(GET, "getmem", pe, off, dest, destOffset, bytes);
        }
    }

    @Override
    public final void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                                int pe) {
        long off = remote(src, "src", "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        local(dest, "dest", "destOffset", destOffset, "bytes", bytes, 1, true);
        if (bytes != 0) {
            transfer(GET_NBI, "getmemNbi", pe, off, dest, destOffset, bytes);
        }
    }

    // ---- typed RMA -----------------------------------------------------------------------------------------

    @Override
    public final void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                          long count, int pe) {
        long size = size(type);
        long off = remote(dest, "dest", "destIndex", destIndex, "count", count, size, pe);
        local(src, "src", "srcIndex", srcIndex, "count", count, size, false);
        if (count != 0) {
            transfer(PUT, "put", pe, off, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void putNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src,
                             long srcIndex, long count, int pe) {
        long size = size(type);
        long off = remote(dest, "dest", "destIndex", destIndex, "count", count, size, pe);
        local(src, "src", "srcIndex", srcIndex, "count", count, size, false);
        if (count != 0) {
            transfer(PUT_NBI, "putNbi", pe, off, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                          long count, int pe) {
        long size = size(type);
        long off = remote(src, "src", "srcIndex", srcIndex, "count", count, size, pe);
        local(dest, "dest", "destIndex", destIndex, "count", count, size, true);
        if (count != 0) {
            transfer(GET, "get", pe, off, dest, destIndex * size, count * size);
        }
    }

    @Override
    public final void getNbi(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src,
                             long srcIndex, long count, int pe) {
        long size = size(type);
        long off = remote(src, "src", "srcIndex", srcIndex, "count", count, size, pe);
        local(dest, "dest", "destIndex", destIndex, "count", count, size, true);
        if (count != 0) {
            transfer(GET_NBI, "getNbi", pe, off, dest, destIndex * size, count * size);
        }
    }

    @Override
    public final void iput(ValueLayout type, SymmetricMemory dest, long destIndex, long destStride,
                           MemorySegment src, long srcIndex, long srcStride, long count, int pe) {
        long size = size(type);
        long off = remoteStrided(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count", count, size, pe);
        if (CHECKS) {
            Operands.stridedInSegment(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count,
                    size, false);
        }
        if (count != 0) {
            HostProfile.Span span = prof.begin();
            int claimed = enter();
            try {
                comm.iput(world(pe), off, destStride, src, srcIndex * size, srcStride, count, size);
            } finally {
                leave(claimed);
                HostProfile.end(span, ProfFrame.PUT, "iput", pe, count * size);
            }
        }
    }

    @Override
    public final void iget(ValueLayout type, MemorySegment dest, long destIndex, long destStride, SymmetricMemory src,
                           long srcIndex, long srcStride, long count, int pe) {
        long size = size(type);
        long off = remoteStrided(src, "src", "srcIndex", srcIndex, "srcStride", srcStride, "count", count, size, pe);
        if (CHECKS) {
            Operands.stridedInSegment(dest, "dest", "destIndex", destIndex, "destStride", destStride, "count",
                    count, size, true);
        }
        if (count != 0) {
            HostProfile.Span span = prof.begin();
            int claimed = enter();
            try {
                comm.iget(world(pe), off, srcStride, dest, destIndex * size, destStride, count, size);
            } finally {
                leave(claimed);
                HostProfile.end(span, ProfFrame.GET, "iget", pe, count * size);
            }
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
        long off = remote(dest, "dest", "index", index, "count", 1, size, pe);
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            comm.putScalar(world(pe), off, type, bits);
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.PUT, "p", pe, size);
        }
    }

    private long getScalar(ValueLayout type, SymmetricMemory src, long index, int pe) {
        long size = size(type);
        long off = remote(src, "src", "index", index, "count", 1, size, pe);
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            return comm.getScalar(world(pe), off, type);
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.GET, "g", pe, size);
        }
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
        sync.fetchAdd(type, dest, index, 1, pe);
    }

    @Override
    public final long atomicFetchAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        return sync.fetchAdd(type, dest, index, value, pe);
    }

    @Override
    public final void atomicAdd(DataType type, SymmetricMemory dest, long index, long value, int pe) {
        sync.fetchAdd(type, dest, index, value, pe);
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
        sync.signal(AmoOp.FETCH_ADD, sig, index, value, pe);
    }

    @Override
    public final void signalSet(SymmetricMemory sig, long index, long value, int pe) {
        sync.signal(AmoOp.SET, sig, index, value, pe);
    }

    @Override
    public final long signalFetch(SymmetricMemory sig, long index) {
        long off = localSlots(sig, "sig", index, 1, Long.BYTES);
        int claimed = enter();
        try {
            return WaitType.UNSIGNED_LONG.loadAcquire(comm.localHeap(), off);
        } finally {
            leave(claimed);
        }
    }

    @Override
    public final long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        long off = localSlots(sig, "sig", index, 1, Long.BYTES);
        Cmp c = SyncOps.comparison(cmp);
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            return PointToPoint.waitUntil(comm, WaitType.UNSIGNED_LONG, off, c, value, "signalWaitUntil");
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.SIGNAL_WAIT, "signalWaitUntil", -1, 0);
        }
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

    // ---- ordering ------------------------------------------------------------------------------------------

    @Override
    public final void quiet() {
        usable();
        if (guard == null && prof.idle()) {
            // As in transfer: no try/finally on the common path.
            comm.quiet();
            return;
        }
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            comm.quiet();
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.QUIET, "quiet", -1, 0);
        }
    }

    @Override
    public final void fence() {
        usable();
        if (guard == null && prof.idle()) {
            // As in transfer: no try/finally on the common path.
            comm.fence();
            return;
        }
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            comm.fence();
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.FENCE, "fence", -1, 0);
        }
    }

    @Override
    public final void peQuiet(int... pes) {
        usable();
        Operands.notNull("pes", pes);
        for (int i = 0; i < pes.length; i++) {
            if (pes[i] < 0 || pes[i] >= nPes) {
                targetPe("pes[" + i + "]", pes[i]); // throws, naming the position
            }
        }
        int[] targets = pes;
        if (worldPes != null) {
            targets = new int[pes.length]; // a team context's numbers differ from the engines' (not a hot path)
            for (int i = 0; i < pes.length; i++) {
                targets[i] = worldPes[pes[i]];
            }
        }
        HostProfile.Span span = prof.begin();
        int claimed = enter();
        try {
            comm.quiet(targets);
        } finally {
            leave(claimed);
            HostProfile.end(span, ProfFrame.QUIET, "peQuiet", pes.length == 1 ? pes[0] : -1, 0);
        }
    }
}
