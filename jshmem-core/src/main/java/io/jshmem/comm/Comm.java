package io.jshmem.comm;

import io.jshmem.memory.Copies;
import io.jshmem.transport.AmoOp;
import io.jshmem.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The routing point: decides per target PE which engine serves an operation, and gives the layers above
 * (collectives, teams, the API) one place to put, get, wait and order. Addresses are heap offsets; arguments are
 * trusted (the API checks them). Engines never call each other; quiet and fence go to every engine in use.
 *
 * <p>Blocking puts and gets and scalar stores and loads to PEs whose heap is mapped here skip the engine and copy
 * to or from the mapping directly: that is the cheapest path on one host (no interface dispatch) and keeps
 * {@code p}/{@code g} at a single store or load. Nbi forms, atomics and signals always go through the engine.
 *
 * <p>Thread-safe: holds only immutable routing tables; engines are thread-safe.
 */
public final class Comm {
    private static final java.lang.invoke.VarHandle LONG_HANDLE = ValueLayout.JAVA_LONG.varHandle();

    private final int myPe;
    private final int nPes;
    private final Transport[] route;
    private final MemorySegment[] direct;
    private final Transport[] engines;
    private final MemorySegment localHeap;
    private final WaitLoop waitLoop;
    private final long memcpyThreshold;

    /**
     * @param route  engine per target PE
     * @param extra  engines that serve no route of this PE but must still be quieted and closed with it
     */
    public Comm(int myPe, Transport[] route, MemorySegment localHeap, WaitLoop waitLoop, long memcpyThreshold,
                Transport... extra) {
        this.memcpyThreshold = memcpyThreshold;
        this.myPe = myPe;
        this.nPes = route.length;
        this.route = route.clone();
        this.direct = new MemorySegment[nPes];
        Set<Transport> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int pe = 0; pe < nPes; pe++) {
            direct[pe] = route[pe].directSegment(pe);
            distinct.add(route[pe]);
        }
        distinct.addAll(List.of(extra));
        this.engines = distinct.toArray(new Transport[0]);
        this.localHeap = localHeap;
        this.waitLoop = waitLoop;
    }

    public int myPe() {
        return myPe;
    }

    public int nPes() {
        return nPes;
    }

    public MemorySegment localHeap() {
        return localHeap;
    }

    public WaitLoop waitLoop() {
        return waitLoop;
    }

    /** The engine serving {@code pe}. */
    public Transport engineFor(int pe) {
        return route[pe];
    }

    /** Every distinct engine in use, for shutdown. */
    public List<Transport> engines() {
        return List.of(engines);
    }

    /** Peer heap mapped in this process, or null. */
    public MemorySegment direct(int pe) {
        return direct[pe];
    }

    public void put(int pe, long off, MemorySegment src, long srcOff, long bytes) {
        MemorySegment d = direct[pe];
        if (d != null) {
            Copies.copy(src, srcOff, d, off, bytes, memcpyThreshold);
        } else {
            route[pe].put(pe, off, src, srcOff, bytes);
        }
    }

    public void putNbi(int pe, long off, MemorySegment src, long srcOff, long bytes) {
        route[pe].putNbi(pe, off, src, srcOff, bytes);
    }

    public void get(int pe, long off, MemorySegment dst, long dstOff, long bytes) {
        MemorySegment s = direct[pe];
        if (s != null) {
            Copies.copy(s, off, dst, dstOff, bytes, memcpyThreshold);
        } else {
            route[pe].get(pe, off, dst, dstOff, bytes);
        }
    }

    public void getNbi(int pe, long off, MemorySegment dst, long dstOff, long bytes) {
        route[pe].getNbi(pe, off, dst, dstOff, bytes);
    }

    /** Stores one element of {@code layout}'s size taken from {@code value} bits (scalar p). */
    public void putScalar(int pe, long off, ValueLayout layout, long bits) {
        MemorySegment d = direct[pe];
        if (d != null) {
            ScalarAccess.store(d, off, layout, bits);
        } else {
            MemorySegment tmp = MemorySegment.ofArray(new long[1]);
            ScalarAccess.store(tmp, 0, layout, bits);
            route[pe].put(pe, off, tmp, 0, layout.byteSize());
        }
    }

    /** Loads one element of {@code layout}'s size as raw bits (scalar g). */
    public long getScalar(int pe, long off, ValueLayout layout) {
        MemorySegment d = direct[pe];
        if (d != null) {
            return ScalarAccess.load(d, off, layout);
        }
        MemorySegment tmp = MemorySegment.ofArray(new long[1]);
        route[pe].get(pe, off, tmp, 0, layout.byteSize());
        return ScalarAccess.load(tmp, 0, layout);
    }

    /** Loads a 64-bit word of PE pe (volatile when mapped here). */
    public long getScalarLong(int pe, long off) {
        MemorySegment d = direct[pe];
        if (d != null) {
            return (long) LONG_HANDLE.getVolatile(d, off);
        }
        return getScalar(pe, off, ValueLayout.JAVA_LONG);
    }

    /** Strided put: element i of src (at srcOff + i*srcStride elements) to off + i*dstStride elements at pe. */
    public void iput(int pe, long off, long dstStride, MemorySegment src, long srcOff, long srcStride, long count,
                     long elemSize) {
        MemorySegment d = direct[pe];
        for (long i = 0; i < count; i++) {
            long dOff = off + i * dstStride * elemSize;
            long sOff = srcOff + i * srcStride * elemSize;
            if (d != null) {
                MemorySegment.copy(src, sOff, d, dOff, elemSize);
            } else {
                route[pe].putNbi(pe, dOff, src, sOff, elemSize);
            }
        }
    }

    /** Strided get: element i at pe (off + i*srcStride elements) to dst (dstOff + i*dstStride elements). */
    public void iget(int pe, long off, long srcStride, MemorySegment dst, long dstOff, long dstStride, long count,
                     long elemSize) {
        MemorySegment s = direct[pe];
        for (long i = 0; i < count; i++) {
            long sOff = off + i * srcStride * elemSize;
            long dOff = dstOff + i * dstStride * elemSize;
            if (s != null) {
                MemorySegment.copy(s, sOff, dst, dOff, elemSize);
            } else {
                route[pe].getNbi(pe, sOff, dst, dOff, elemSize);
            }
        }
        if (s == null) {
            route[pe].quiet(pe);
        }
    }

    public void putLongRelease(int pe, long off, long value) {
        route[pe].putLongRelease(pe, off, value);
    }

    public long atomicLong(AmoOp op, int pe, long off, long operand, long compare) {
        return route[pe].atomicLong(op, pe, off, operand, compare);
    }

    public int atomicInt(AmoOp op, int pe, long off, int operand, int compare) {
        return route[pe].atomicInt(op, pe, off, operand, compare);
    }

    public void putSignal(int pe, long off, MemorySegment src, long srcOff, long bytes, long sigOff, long sigValue,
                          boolean add) {
        route[pe].putSignal(pe, off, src, srcOff, bytes, sigOff, sigValue, add);
    }

    /** Orders earlier puts, atomics and signals to each target before later ones to the same target. */
    public void fence() {
        for (Transport t : engines) {
            t.fence();
        }
    }

    /** Completes every outstanding operation and makes it visible at its target. */
    public void quiet() {
        for (Transport t : engines) {
            t.quiet();
        }
    }

    /** Completes outstanding operations to the given PEs only. */
    public void quiet(int[] pes) {
        for (int pe : pes) {
            route[pe].quiet(pe);
        }
    }

    /** Every engine, quieted, then closed; keeps going when one fails and rethrows the first failure. */
    public void close() {
        RuntimeException first = null;
        List<Transport> all = new ArrayList<>(List.of(engines));
        for (Transport t : all) {
            try {
                t.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
