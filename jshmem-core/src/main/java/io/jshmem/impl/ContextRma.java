package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.ProfFrame;
import io.jshmem.SymmetricMemory;
import io.jshmem.comm.Comm;
import io.jshmem.runtime.HostProfile;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The contiguous put and get (byte and typed, blocking and nbi), scalar p and g, quiet and fence of a context, over its {@link Comm},
 * gate and host profile: every entry point is the shared operand checks of its direction, then one transfer with a
 * constant kind; a block of a provided memory kind, told apart by the sign of the checked offset ({@link #onHost}),
 * goes to {@link KindRma} instead, outside the compiled host path. Shared, through {@link ContextAtomicsAndWaits}, by
 * {@link ContextImpl} and by the runtime ({@link ForwardingContext}, over its default context's parts), so that the
 * runtime's put, get, p, g, quiet and fence are the very same compiled methods as a context's rather than a forward to
 * them. Measured (JMH PutPathBench, -XX:+LogCompilation): C1 does not inline the runtime's entry point, so C2
 * compiles it on its own with the whole tree inlined; a forward added 80-140 bytes of machine code to that tree,
 * which took putmem past C2's InlineSmallCode (2,500 bytes), and the caller's loop then called it instead of inlining
 * it. Keep these methods small for the same reason. Thread-safe as {@link Context}.
 */
abstract sealed class ContextRma implements Context permits ContextAtomicsAndWaits {
    /** The engines as this context sees them (a created context's view records its targets for quiet). */
    final Comm comm;
    /** Usability, PE and operand checks, PE translation and thread rules of this context. */
    final ContextGate gate;
    /** Host-operation profiling of this context's runtime. */
    final HostProfile prof;
    /**
     * No thread rule to check and world PE numbering, fixed at creation: then a transfer's fast path tests this one
     * field instead of reaching into the gate twice (the guard, the PE map), which kept the compiled put and get
     * smaller.
     */
    private final boolean plainWorld;

    ContextRma(Comm comm, ContextGate gate, HostProfile prof) {
        this.comm = comm;
        this.gate = gate;
        this.prof = prof;
        this.plainWorld = gate.guard == null && gate.worldPes == null;
    }

    // ---- contiguous RMA: shared operand checks, then one transfer each ------------------------------------------

    private static final int PUT = 0;
    private static final int PUT_NBI = 1;
    private static final int GET = 2;
    private static final int GET_NBI = 3;

    @Override
    public final void putmem(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                             int pe) {
        long off = putOperands(dest, "destOffset", destOffset, src, "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        if (onHost(bytes, off)) {
            transfer(PUT, "putmem", pe, off, src, srcOffset, bytes);
        } else if (off < 0) {
            KindRma.move(true, "putmem", gate, comm, prof, dest, off, pe, src, srcOffset, bytes);
        }
    }

    @Override
    public final void putmemNbi(SymmetricMemory dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
                                int pe) {
        long off = putOperands(dest, "destOffset", destOffset, src, "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        if (onHost(bytes, off)) {
            transfer(PUT_NBI, "putmemNbi", pe, off, src, srcOffset, bytes);
        } else if (off < 0) {
            KindRma.move(true, "putmemNbi", gate, comm, prof, dest, off, pe, src, srcOffset, bytes);
        }
    }

    @Override
    public final void getmem(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                             int pe) {
        long off = getOperands(dest, "destOffset", destOffset, src, "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        if (onHost(bytes, off)) {
            transfer(GET, "getmem", pe, off, dest, destOffset, bytes);
        } else if (off < 0) {
            KindRma.move(false, "getmem", gate, comm, prof, src, off, pe, dest, destOffset, bytes);
        }
    }

    @Override
    public final void getmemNbi(MemorySegment dest, long destOffset, SymmetricMemory src, long srcOffset, long bytes,
                                int pe) {
        long off = getOperands(dest, "destOffset", destOffset, src, "srcOffset", srcOffset, "bytes", bytes, 1, pe);
        if (onHost(bytes, off)) {
            transfer(GET_NBI, "getmemNbi", pe, off, dest, destOffset, bytes);
        } else if (off < 0) {
            KindRma.move(false, "getmemNbi", gate, comm, prof, src, off, pe, dest, destOffset, bytes);
        }
    }

    @Override
    public final void put(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                          long count, int pe) {
        long size = ContextGate.size(type);
        long off = putOperands(dest, "destIndex", destIndex, src, "srcIndex", srcIndex, "count", count, size, pe);
        if (onHost(count, off)) {
            transfer(PUT, "put", pe, off, src, srcIndex * size, count * size);
        } else if (off < 0) {
            KindRma.move(true, "put", gate, comm, prof, dest, off, pe, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void putNbi(ValueLayout type, SymmetricMemory dest, long destIndex, MemorySegment src, long srcIndex,
                             long count, int pe) {
        long size = ContextGate.size(type);
        long off = putOperands(dest, "destIndex", destIndex, src, "srcIndex", srcIndex, "count", count, size, pe);
        if (onHost(count, off)) {
            transfer(PUT_NBI, "putNbi", pe, off, src, srcIndex * size, count * size);
        } else if (off < 0) {
            KindRma.move(true, "putNbi", gate, comm, prof, dest, off, pe, src, srcIndex * size, count * size);
        }
    }

    @Override
    public final void get(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                          long count, int pe) {
        long size = ContextGate.size(type);
        long off = getOperands(dest, "destIndex", destIndex, src, "srcIndex", srcIndex, "count", count, size, pe);
        if (onHost(count, off)) {
            transfer(GET, "get", pe, off, dest, destIndex * size, count * size);
        } else if (off < 0) {
            KindRma.move(false, "get", gate, comm, prof, src, off, pe, dest, destIndex * size, count * size);
        }
    }

    @Override
    public final void getNbi(ValueLayout type, MemorySegment dest, long destIndex, SymmetricMemory src, long srcIndex,
                             long count, int pe) {
        long size = ContextGate.size(type);
        long off = getOperands(dest, "destIndex", destIndex, src, "srcIndex", srcIndex, "count", count, size, pe);
        if (onHost(count, off)) {
            transfer(GET_NBI, "getNbi", pe, off, dest, destIndex * size, count * size);
        } else if (off < 0) {
            KindRma.move(false, "getNbi", gate, comm, prof, src, off, pe, dest, destIndex * size, count * size);
        }
    }

    /**
     * Whether a transfer of {@code n} bytes or elements at operand offset {@code off} goes to the engines: {@code n}
     * is not 0 and {@code off} is a host heap offset (not negative). One sign test, where the zero-length test alone
     * was: a negative offset marks a block of a provided memory kind ({@link ContextGate#rma}), whose bytes
     * {@link KindRma} moves, off the host path.
     */
    private static boolean onHost(long n, long off) {
        return ((n - 1) | off) >= 0;
    }

    /**
     * The operands of every put form: the context, the PE and dest's range (returns its heap offset), then src's range.
     * Shared checks only: the transfer, chosen by a constant, stays in each entry point. A shared routine that took the
     * kind as an argument was compiled on its own with every kind's path in it, too big for C2 to inline anywhere.
     */
    private long putOperands(SymmetricMemory dest, String destIndexName, long destIndex, MemorySegment src,
                             String srcIndexName, long srcIndex, String countName, long count, long size, int pe) {
        long off = gate.rma(dest, "dest", destIndexName, destIndex, countName, count, size, pe);
        ContextGate.local(src, "src", srcIndexName, srcIndex, countName, count, size, false);
        return off;
    }

    /** As {@link #putOperands} for a get: src on the PE, dest local and written. */
    private long getOperands(MemorySegment dest, String destIndexName, long destIndex, SymmetricMemory src,
                             String srcIndexName, long srcIndex, String countName, long count, long size, int pe) {
        long off = gate.rma(src, "src", srcIndexName, srcIndex, countName, count, size, pe);
        ContextGate.local(dest, "dest", destIndexName, destIndex, countName, count, size, true);
        return off;
    }

    /**
     * One contiguous transfer to or from this context's PE {@code pe}, under the thread rules, profiled as
     * {@code call} (a constant: names the API method in profiles).
     */
    private void transfer(int kind, String call, int pe, long off, MemorySegment local, long localOff, long bytes) {
        if (plainWorld && prof.idle()) {
            // Nothing to translate, release or record (the common case): no try/finally, whose exception path would
            // otherwise be compiled into every call and push it past the JIT's inlining size (see Operands.fits).
            move(kind, pe, off, local, localOff, bytes);
            return;
        }
        int wpe = gate.world(pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            move(kind, wpe, off, local, localOff, bytes);
        } finally {
            gate.leave(claimed);
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

    // ---- scalar p/g: shared with the runtime as put and get are, rather than forwarded -----------------------

    private void putScalar(ValueLayout type, SymmetricMemory dest, long index, long bits, int pe) {
        long size = ContextGate.size(type);
        long off = gate.remote(dest, "dest", "index", index, "count", 1, size, pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            comm.putScalar(gate.world(pe), off, type, bits);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, ProfFrame.PUT, "p", pe, size);
        }
    }

    private long getScalar(ValueLayout type, SymmetricMemory src, long index, int pe) {
        long size = ContextGate.size(type);
        long off = gate.remote(src, "src", "index", index, "count", 1, size, pe);
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            return comm.getScalar(gate.world(pe), off, type);
        } finally {
            gate.leave(claimed);
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

    // ---- ordering: shared with the runtime as put and get are, rather than forwarded ---------------------------

    @Override
    public final void quiet() {
        order(false);
    }

    @Override
    public final void fence() {
        order(true);
    }

    /** quiet or fence: completes (or orders) this context's operations. */
    private void order(boolean fence) {
        gate.usable();
        if (gate.guard == null && prof.idle()) {
            // As in transfer: no try/finally on the common path.
            orderNow(fence);
            return;
        }
        HostProfile.Span span = prof.begin();
        int claimed = gate.enter();
        try {
            orderNow(fence);
        } finally {
            gate.leave(claimed);
            HostProfile.end(span, fence ? ProfFrame.FENCE : ProfFrame.QUIET, fence ? "fence" : "quiet", -1, 0);
        }
    }

    private void orderNow(boolean fence) {
        if (fence) {
            comm.fence();
        } else {
            comm.quiet();
        }
    }
}
