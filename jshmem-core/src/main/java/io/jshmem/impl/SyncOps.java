package io.jshmem.impl;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.ProfFrame;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.comm.PointToPoint;
import io.jshmem.comm.WaitType;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.HostProfile;
import io.jshmem.spi.AmoOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The atomics, signals and waits of a context ({@link ContextAtomicsAndWaits}): the DataType token chooses the width (and, for waits, the
 * signedness of the comparison), the operands are checked through the context's {@link ContextGate}, and the work
 * goes to {@link Comm} and {@link PointToPoint}. Holds only what it was given (the context's engines view, gate and
 * profiling); thread-safe.
 */
final class SyncOps {
    private final Comm comm;
    private final ContextGate gate;
    private final HostProfile prof;

    SyncOps(Comm comm, ContextGate gate, HostProfile prof) {
        this.comm = comm;
        this.gate = gate;
        this.prof = prof;
    }

    /** 4 or 8: the width of an atomic type; FLOAT and DOUBLE only for fetch, set and swap. */
    private static int amoWidth(AmoOp op, DataType type) {
        if (type != null) {
            switch (type) {
                case INT, UINT:
                    return 4;
                case LONG, ULONG:
                    return 8;
                case FLOAT:
                    if (op == AmoOp.FETCH || op == AmoOp.SET || op == AmoOp.SWAP) {
                        return 4;
                    }
                    break;
                case DOUBLE:
                    if (op == AmoOp.FETCH || op == AmoOp.SET || op == AmoOp.SWAP) {
                        return 8;
                    }
                    break;
                default:
                    break;
            }
        }
        throw badAmoType(op, type);
    }

    private static ShmemArgumentException badAmoType(AmoOp op, DataType type) {
        return new ShmemArgumentException("type = " + type + " is not an atomic type for " + op + ": valid are INT, "
                + "UINT, LONG and ULONG (and FLOAT, DOUBLE for fetch, set and swap); pass one of them");
    }

    /**
     * Whether a 64-bit atomic on {@code type} may take the direct path: a 64-bit type, no thread rule to check and
     * nothing recording. The direct path of each common atomic below is a few bytecodes with the operation in its
     * name, which C2 inlines into the caller's loop; through {@link #amo}, which takes the operation as an argument
     * and does the bookkeeping, a fetch-add cost 2-5 ns more (amo compiled too big to be inlined: every operation,
     * both widths and the span inline in one method).
     */
    private boolean direct(DataType type) {
        return (type == DataType.LONG || type == DataType.ULONG) && gate.guard == null && prof.idle();
    }

    long fetchAdd(DataType type, SymmetricMemory mem, long index, long value, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "dest", index, Long.BYTES, pe);
            return comm.fetchAddLong(gate.world(pe), off, value);
        }
        return amo(AmoOp.FETCH_ADD, type, mem, "dest", index, value, 0, pe);
    }

    long compareSwap(DataType type, SymmetricMemory mem, long index, long cond, long value, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "dest", index, Long.BYTES, pe);
            return comm.compareSwapLong(gate.world(pe), off, cond, value);
        }
        return amo(AmoOp.COMPARE_SWAP, type, mem, "dest", index, value, cond, pe);
    }

    long swap(DataType type, SymmetricMemory mem, long index, long value, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "dest", index, Long.BYTES, pe);
            return comm.swapLong(gate.world(pe), off, value);
        }
        return amo(AmoOp.SWAP, type, mem, "dest", index, value, 0, pe);
    }

    long fetch(DataType type, SymmetricMemory mem, long index, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "source", index, Long.BYTES, pe);
            return comm.fetchLong(gate.world(pe), off);
        }
        return amo(AmoOp.FETCH, type, mem, "source", index, 0, 0, pe);
    }

    /** Non-fetching set: done at the target by the next quiet (on return with the shared-memory engine). */
    void set(DataType type, SymmetricMemory mem, long index, long value, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "dest", index, Long.BYTES, pe);
            comm.setLong(gate.world(pe), off, value);
            return;
        }
        post(AmoOp.SET, type, mem, index, value, pe);
    }

    /** Non-fetching add (atomic_add, atomic_inc): done at the target by the next quiet, as {@link #set}. */
    void add(DataType type, SymmetricMemory mem, long index, long value, int pe) {
        if (direct(type)) {
            long off = gate.slot(mem, "dest", index, Long.BYTES, pe);
            comm.addLong(gate.world(pe), off, value);
            return;
        }
        post(AmoOp.FETCH_ADD, type, mem, index, value, pe);
    }

    /**
     * A non-fetching atomic ({@code op}'s old value dropped): atomic like {@link #amo}, done at the target by the next
     * quiet and ordered by fence, like a put; the network engine returns before it lands.
     */
    void post(AmoOp op, DataType type, SymmetricMemory mem, long index, long operand, int pe) {
        int width = amoWidth(op, type);
        long off = gate.slot(mem, "dest", index, width, pe);
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            if (width == 8) {
                comm.postLong(op, wpe, off, operand);
            } else {
                comm.postInt(op, wpe, off, (int) operand);
            }
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.AMO, op.name(), pe, width);
        }
    }

    long amo(AmoOp op, DataType type, SymmetricMemory mem, String name, long index, long operand, long compare,
             int pe) {
        int width = amoWidth(op, type);
        long off = gate.slot(mem, name, index, width, pe);
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            if (width == 8) {
                return comm.atomicLong(op, wpe, off, operand, compare);
            }
            int r = comm.atomicInt(op, wpe, off, (int) operand, (int) compare);
            return type == DataType.INT ? r : Integer.toUnsignedLong(r);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.AMO, op.name(), pe, width);
        }
    }

    /** signalAdd / signalSet: a 64-bit atomic on a signal word of the context's PE {@code pe}. */
    void signal(AmoOp op, SymmetricMemory sig, long index, long value, int pe) {
        long off = gate.slot(sig, "sig", index, Long.BYTES, pe);
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            comm.postLong(op, wpe, off, value);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.SIGNAL_OP, op == AmoOp.SET ? "signalSet" : "signalAdd", pe, Long.BYTES);
        }
    }

    /** signalFetch: an acquiring load of a signal word of this PE. */
    long signalFetch(SymmetricMemory sig, long index) {
        long off = gate.localSlots(sig, "sig", index, 1, Long.BYTES);
        int claimed = gate.enter();
        try {
            return WaitType.UNSIGNED_LONG.loadAcquire(comm.localHeap(), off);
        } finally {
            gate.leave(claimed);
        }
    }

    /** signalWaitUntil: waits until a signal word of this PE compares true; returns the value that satisfied it. */
    long signalWaitUntil(SymmetricMemory sig, long index, Cmp cmp, long value) {
        long off = gate.localSlots(sig, "sig", index, 1, Long.BYTES);
        Cmp c = comparison(cmp);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            return PointToPoint.waitUntil(comm, WaitType.UNSIGNED_LONG, off, c, value, "signalWaitUntil");
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.SIGNAL_WAIT, "signalWaitUntil", -1, 0);
        }
    }

    void amoNbi(AmoOp op, DataType type, MemorySegment fetch, long fetchIndex, SymmetricMemory mem, String name,
                long index, long operand, long compare, int pe) {
        int width = amoWidth(op, type);
        long off = gate.slot(mem, name, index, width, pe);
        if (ContextGate.CHECKS) {
            Operands.fetchSlot(fetch, fetchIndex, width);
        }
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            if (width == 8) {
                comm.atomicLongNbi(op, wpe, off, operand, compare, fetch, fetchIndex * width);
            } else {
                comm.atomicIntNbi(op, wpe, off, (int) operand, (int) compare, fetch, fetchIndex * width);
            }
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.AMO, op.name(), pe, width);
        }
    }

    void putSignal(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                   long count, SymmetricMemory sig, long sigIndex, long signal, SignalOp sigOp, int pe,
                   boolean bytesForm) {
        long size = ContextGate.size(type);
        long off = gate.remote(dest, "dest", bytesForm ? "destOffset" : "destIndex", destIndex,
                bytesForm ? "bytes" : "count", count, size, pe);
        ContextGate.local(src, "src", bytesForm ? "srcOffset" : "srcIndex", srcIndex, bytesForm ? "bytes" : "count",
                count, size, false);
        long sigOff = gate.slot(sig, "sig", sigIndex, Long.BYTES, pe);
        if (ContextGate.CHECKS) {
            Operands.notNull("sigOp", sigOp);
        }
        // Both forms are complete on return on one host; a network engine completes the nbi data by quiet.
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            // A null source is an empty one (zero-length put-with-signal: only the signal moves).
            comm.putSignal(wpe, off, src == null ? MemorySegment.NULL : src, srcIndex * size, count * size, sigOff,
                    signal, sigOp == SignalOp.ADD);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.SIGNAL_OP, "putSignal", pe, count * size);
        }
    }

    static WaitType waitType(DataType type) {
        if (type != null) {
            switch (type) {
                case SHORT:
                    return WaitType.SHORT;
                case USHORT:
                    return WaitType.UNSIGNED_SHORT;
                case INT:
                    return WaitType.INT;
                case UINT:
                    return WaitType.UNSIGNED_INT;
                case LONG:
                    return WaitType.LONG;
                case ULONG:
                    return WaitType.UNSIGNED_LONG;
                default:
                    break;
            }
        }
        throw new ShmemArgumentException("type = " + type + " is not a point-to-point type: valid are SHORT, USHORT, "
                + "INT, UINT, LONG and ULONG; pass one of them");
    }

    static Cmp comparison(Cmp cmp) {
        if (cmp == null) {
            throw new ShmemArgumentException("cmp is null: valid comparisons are EQ, NE, GT, GE, LT, LE; pass one of "
                    + "the Cmp constants (or Cmp.fromCode for a C code)");
        }
        return cmp;
    }

    void waitUntil(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        WaitType w = waitType(type);
        long off = gate.localSlots(ivar, "ivar", index, 1, w.byteSize());
        Cmp c = comparison(cmp);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            PointToPoint.waitUntil(comm, w, off, c, value, "waitUntil");
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.WAIT, "waitUntil", -1, 0);
        }
    }

    boolean test(DataType type, SymmetricMemory ivar, long index, Cmp cmp, long value) {
        WaitType w = waitType(type);
        long off = gate.localSlots(ivar, "ivar", index, 1, w.byteSize());
        Cmp c = comparison(cmp);
        int claimed = gate.enter();
        try {
            return PointToPoint.test(comm, w, off, c, value);
        } finally {
            gate.leave(claimed);
        }
    }

    static final int WAIT_ALL = 0;
    static final int WAIT_ANY = 1;
    static final int WAIT_SOME = 2;
    static final int TEST_ALL = 3;
    static final int TEST_ANY = 4;
    static final int TEST_SOME = 5;
    /** Stands for a null compare-value array of a vector form, so that its message names the missing array. */
    static final long[] MISSING = new long[0];

    /**
     * The vector waits and tests ({@code kind}): checks the variables and compare values, then waits or tests under
     * the thread rules. {@code values} null: one compare value for all; {@code TEST_ALL} returns 1 for true.
     */
    int vector(int kind, DataType type, SymmetricMemory ivars, long index, int nelems, int[] indices, int[] status,
               Cmp cmp, long value, long[] values, String name) {
        PointToPoint.Vars vars = vars(type, ivars, index, nelems, status);
        PointToPoint.Operand operand = values == null ? operand(cmp, value)
                : operand(cmp, values == MISSING ? null : values, nelems);
        int[] some = kind == WAIT_SOME || kind == TEST_SOME ? indices(indices, nelems) : null;
        HostProfile.Span span = kind <= WAIT_SOME ? prof.begin() : null;
        int claimed = gate.enter();
        try {
            return switch (kind) {
                case WAIT_ALL -> {
                    PointToPoint.waitAll(comm, vars, operand, name);
                    yield 0;
                }
                case WAIT_ANY -> PointToPoint.waitAny(comm, vars, operand, name);
                case WAIT_SOME -> PointToPoint.waitSome(comm, vars, operand, some, name);
                case TEST_ALL -> PointToPoint.testAll(comm, vars, operand) ? 1 : 0;
                case TEST_ANY -> PointToPoint.testAny(comm, vars, operand);
                default -> PointToPoint.testSome(comm, vars, operand, some);
            };
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.WAIT, name, -1, 0);
        }
    }

    PointToPoint.Vars vars(DataType type, SymmetricMemory ivars, long index, int nelems, int[] status) {
        WaitType w = waitType(type);
        Operands.count("nelems", nelems);
        if (status != null && status.length < nelems) {
            throw new ShmemArgumentException("status has " + status.length + " entries for nelems = " + nelems
                    + ": valid is status == null or status.length >= nelems; pass one entry per variable");
        }
        long off = gate.localSlots(ivars, "ivars", index, nelems, w.byteSize());
        return new PointToPoint.Vars(w, off, nelems, status);
    }

    PointToPoint.Operand operand(Cmp cmp, long value) {
        return new PointToPoint.Operand(comparison(cmp), value, null);
    }

    PointToPoint.Operand operand(Cmp cmp, long[] values, int nelems) {
        if (values == null || values.length < nelems) {
            throw new ShmemArgumentException("values " + (values == null ? "is null" : "has " + values.length
                    + " entries") + " for nelems = " + nelems + ": valid is one compare value per variable; pass an "
                    + "array of at least nelems values");
        }
        return new PointToPoint.Operand(comparison(cmp), 0, MemorySegment.ofArray(values));
    }

    int[] indices(int[] indices, int nelems) {
        Operands.notNull("indices", indices);
        if (indices.length < nelems) {
            throw new ShmemArgumentException("indices has " + indices.length + " entries for nelems = " + nelems
                    + ": valid is indices.length >= nelems; pass room for every index");
        }
        return indices;
    }
}
