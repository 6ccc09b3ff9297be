package io.jshmem.comm;

import io.jshmem.spi.AmoOp;
import io.jshmem.spi.Transport;
import io.jshmem.transport.shm.ScalarAccess;
import io.jshmem.transport.shm.ShmTransport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;

/**
 * The routing point: decides per target PE which engine serves an operation, and gives the layers above
 * (collectives, teams, the API) one place to put, get, wait and order. Addresses are heap offsets; arguments are
 * trusted (the API checks them). Engines never call each other; quiet and fence go to every engine in use.
 *
 * <p>Comm only routes; engines move the bytes. PEs whose heap is mapped here (by the built-in SHM engine) are
 * served by that engine through a field of its concrete, final type ({@link ShmTransport}): a direct call the JIT
 * inlines, with no interface dispatch, that keeps {@code p}/{@code g} at a single store or load. Nbi forms to
 * mapped peers go there too unless they are large and the engine serving the peer defers them (the copy engine);
 * atomics and signals go through the peer's engine. Every other PE goes through its engine in {@code route}.
 *
 * <p>Doorbells: when waits may sleep ({@link WaitLoop#writersRing()}), every write to a mapped heap is followed by
 * {@link Doorbell#ring}, so a waiter sleeping on that PE's doorbell wakes.
 *
 * <p>Contexts: the instance's Comm serves the default context, and its quiet completes every engine.
 * {@link #contextView()} gives a created context its own view over the same engines, which records the targets it
 * has sent operations to on engines that may leave them in flight ({@link Transport#completesOnReturn()} false),
 * so that its quiet completes only those.
 *
 * <p>Thread-safe: holds only immutable routing tables and a lock-free target set; engines are thread-safe.
 */
public final class Comm {
    /**
     * Nbi transfers to mapped peers up to this size are done at once even when the engine could defer them (the
     * copy engine): handing a few bytes to a background thread costs more than copying them.
     */
    private static final long NBI_INLINE_MAX = 4096;
    /**
     * Per thread: the native word that scalar p/g to PEs served by an engine go through (made once per thread, not
     * per call; native, so that a network engine sends it without a bounce copy).
     */
    private static final ThreadLocal<MemorySegment> SCALAR = ThreadLocal.withInitial(
            () -> java.lang.foreign.Arena.ofAuto().allocate(8, 8));

    private final int myPe;
    private final int nPes;
    private final Transport[] route;
    /** The built-in engine, serving every PE whose {@link #direct} entry is non-null. */
    private final ShmTransport shm;
    /** Per PE: its heap as mapped by {@link #shm}, or null when another engine serves it. */
    private final MemorySegment[] direct;
    /** The engines behind {@link #route}, and what quiet, fence, close and {@link #allSleep} need of them. */
    private final Engines engines;
    /** {@link Engines#distinct}, copied as the per-PE tables are: fence and quiet loop over it with no extra load. */
    private final Transport[] distinct;
    private final MemorySegment localHeap;
    private final WaitLoop waitLoop;
    /** Dead PEs; read once per operation through {@link FailureState#suspect()}, which is almost always false. */
    private final FailureState failures;
    /** Targets with operations possibly in flight, for a context view; null for the default context. */
    private final OutstandingTargets outstanding;
    /** Per PE: its engine may return before an operation is complete. */
    private final boolean[] deferred;
    /** Completes the operations to one PE (made once, so that a view's quiet allocates nothing). */
    private final java.util.function.IntConsumer quietOne = this::quietTarget;
    /** Waiters may sleep on doorbells, so every write to a mapped heap rings that heap's doorbell. */
    private final boolean ring;

    /**
     * @param route  engine per target PE
     * @param shm    the built-in engine: PEs whose route maps them through it ({@link Transport#directSegment}, the
     *               same segment as {@code shm}'s) are served by it directly
     * @param extra  engines that serve no route of this PE but must still be quieted and closed with it
     */
    public Comm(int myPe, Transport[] route, ShmTransport shm, MemorySegment localHeap, WaitLoop waitLoop,
                Transport... extra) {
        this(myPe, route, shm, localHeap, waitLoop, null, extra);
    }

    /**
     * As above, knowing which PEs' waits sleep ({@code sleepingPes}, one entry per PE, the same array on every PE;
     * null: unknown, so that {@link #allSleep} is false).
     */
    public Comm(int myPe, Transport[] route, ShmTransport shm, MemorySegment localHeap, WaitLoop waitLoop,
                boolean[] sleepingPes, Transport... extra) {
        this.shm = Objects.requireNonNull(shm, "shm");
        this.engines = new Engines(route, shm, sleepingPes, extra);
        this.myPe = myPe;
        this.nPes = route.length;
        this.route = engines.route;
        this.direct = engines.direct;
        this.deferred = engines.deferred;
        this.distinct = engines.distinct;
        this.localHeap = localHeap;
        this.waitLoop = waitLoop;
        this.failures = waitLoop.failures();
        this.outstanding = null;
        this.ring = waitLoop.writersRing();
    }

    private Comm(Comm root) {
        this.shm = root.shm;
        this.myPe = root.myPe;
        this.nPes = root.nPes;
        this.route = root.route;
        this.direct = root.direct;
        this.engines = root.engines;
        this.distinct = root.distinct;
        this.localHeap = root.localHeap;
        this.waitLoop = root.waitLoop;
        this.failures = root.failures;
        this.deferred = root.deferred;
        this.ring = root.ring;
        this.outstanding = new OutstandingTargets(nPes);
    }

    /**
     * A view for a created context: same engines and routes, its own record of targets with operations in flight,
     * so that {@link #quiet()} on the view completes what the view issued (and may complete more).
     */
    public Comm contextView() {
        return new Comm(this);
    }

    /** After a write to {@code pe}: wakes its sleeping waiters when waits may sleep and its heap is mapped here. */
    private void rang(int pe) {
        if (ring) {
            MemorySegment d = direct[pe];
            if (d != null) {
                Doorbell.ring(d);
            }
        }
    }

    /**
     * Fails an operation whose target is known dead (or when the rendezvous is lost). The common case costs one
     * volatile read of a flag that stays false in a healthy job; the lookup runs only after a failure report.
     */
    private void live(int pe) {
        if (failures.suspect()) {
            failures.checkTarget(pe);
        }
    }

    /**
     * Fails when {@code pe} is known dead, as every operation of this class does first: for bytes that move outside
     * the engines (a provided memory kind's copies).
     */
    public void requireLive(int pe) {
        live(pe);
    }

    /** Fails quiet and fence once any PE is known dead: their completion guarantee spans every target. */
    private void noneDead() {
        if (failures.suspect()) {
            failures.check();
        }
    }

    /** Records an issued operation to {@code pe} when this is a context view and pe's engine may defer it. */
    private void issued(int pe) {
        if (outstanding != null && deferred[pe]) {
            outstanding.mark(pe);
        }
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

    /** The built-in same-host engine, which serves every PE mapped here (for its tuning and report). */
    public ShmTransport shm() {
        return shm;
    }

    /** Every distinct engine in use, for shutdown. */
    public List<Transport> engines() {
        return engines.list();
    }

    /** Bytes from which copies to mapped peers use the large-copy routine (JSHMEM_MEMCPY_THRESHOLD, or setMteConfig's). */
    public long memcpyThreshold() {
        return shm.memcpyThreshold();
    }

    /** Moves the SHM engine's large-copy threshold (for this Comm and all its views); later copies use it. */
    public void memcpyThreshold(long bytes) {
        shm.memcpyThreshold(bytes);
    }

    /**
     * Whether every one of {@code members} (global PE numbers) has its heap mapped here and waits by sleeping: then
     * a barrier over them should let each member sleep once rather than once per round. Every member computes the
     * same answer from the wait modes exchanged at init (as long as they map each other, which same-host PEs do).
     */
    public boolean allSleep(int[] members) {
        return engines.allSleep(members);
    }

    /** Peer heap mapped in this process, or null. */
    public MemorySegment direct(int pe) {
        return direct[pe];
    }

    public void put(int pe, long off, MemorySegment src, long srcOff, long bytes) {
        live(pe);
        MemorySegment d = direct[pe];
        if (d != null) {
            shm.putTo(d, off, src, srcOff, bytes);
            rang(pe);
        } else {
            route[pe].put(pe, off, src, srcOff, bytes);
            issued(pe);
        }
    }

    /**
     * Non-blocking put. To a mapped peer, a small one (or any one when the engine completes on return) is simply
     * done now, as the blocking form: complete at once is allowed, and costs no more than the blocking put.
     */
    public void putNbi(int pe, long off, MemorySegment src, long srcOff, long bytes) {
        live(pe);
        MemorySegment d = direct[pe];
        if (d != null && (bytes <= NBI_INLINE_MAX || !deferred[pe])) {
            shm.putTo(d, off, src, srcOff, bytes);
        } else {
            route[pe].putNbi(pe, off, src, srcOff, bytes);
            issued(pe);
        }
        rang(pe);
    }

    public void get(int pe, long off, MemorySegment dst, long dstOff, long bytes) {
        live(pe);
        MemorySegment s = direct[pe];
        if (s != null) {
            shm.getFrom(s, off, dst, dstOff, bytes);
        } else {
            route[pe].get(pe, off, dst, dstOff, bytes);
        }
    }

    /** Non-blocking get; from a mapped peer, done now when small (or always, as for {@link #putNbi}). */
    public void getNbi(int pe, long off, MemorySegment dst, long dstOff, long bytes) {
        live(pe);
        MemorySegment s = direct[pe];
        if (s != null && (bytes <= NBI_INLINE_MAX || !deferred[pe])) {
            shm.getFrom(s, off, dst, dstOff, bytes);
        } else {
            route[pe].getNbi(pe, off, dst, dstOff, bytes);
            issued(pe);
        }
    }

    /** Stores one element of {@code layout}'s size taken from {@code value} bits (scalar p). */
    public void putScalar(int pe, long off, ValueLayout layout, long bits) {
        live(pe);
        MemorySegment d = direct[pe];
        if (d != null) {
            shm.putScalar(d, off, layout, bits);
            rang(pe);
        } else {
            MemorySegment tmp = SCALAR.get();
            ScalarAccess.store(tmp, 0, layout, bits);
            route[pe].put(pe, off, tmp, 0, layout.byteSize());
            issued(pe);
        }
    }

    /** Loads one element of {@code layout}'s size as raw bits (scalar g). */
    public long getScalar(int pe, long off, ValueLayout layout) {
        live(pe);
        MemorySegment s = direct[pe];
        if (s != null) {
            return shm.getScalar(s, off, layout);
        }
        MemorySegment tmp = SCALAR.get();
        route[pe].get(pe, off, tmp, 0, layout.byteSize());
        return ScalarAccess.load(tmp, 0, layout);
    }

    /** Loads a 64-bit word of PE pe (volatile when mapped here). */
    public long getScalarLong(int pe, long off) {
        live(pe);
        MemorySegment s = direct[pe];
        if (s != null) {
            return shm.fetchLong(s, off);
        }
        return getScalar(pe, off, ValueLayout.JAVA_LONG);
    }

    /** Strided put: element i of src (at srcOff + i*srcStride elements) to off + i*dstStride elements at pe. */
    public void iput(int pe, long off, long dstStride, MemorySegment src, long srcOff, long srcStride, long count,
                     long elemSize) {
        live(pe);
        MemorySegment d = direct[pe];
        if (d != null) {
            shm.iput(d, off, dstStride, src, srcOff, srcStride, count, elemSize);
            rang(pe);
            return;
        }
        Transport t = route[pe];
        for (long i = 0; i < count; i++) {
            t.putNbi(pe, off + i * dstStride * elemSize, src, srcOff + i * srcStride * elemSize, elemSize);
        }
        issued(pe);
    }

    /** Strided get: element i at pe (off + i*srcStride elements) to dst (dstOff + i*dstStride elements). */
    public void iget(int pe, long off, long srcStride, MemorySegment dst, long dstOff, long dstStride, long count,
                     long elemSize) {
        live(pe);
        MemorySegment s = direct[pe];
        if (s != null) {
            shm.iget(s, off, srcStride, dst, dstOff, dstStride, count, elemSize);
            return;
        }
        Transport t = route[pe];
        for (long i = 0; i < count; i++) {
            t.getNbi(pe, off + i * srcStride * elemSize, dst, dstOff + i * dstStride * elemSize, elemSize);
        }
        t.quiet(pe);
    }

    public void putLongRelease(int pe, long off, long value) {
        live(pe);
        route[pe].putLongRelease(pe, off, value);
        issued(pe);
        rang(pe);
    }

    /** 64-bit atomic on a naturally aligned word of {@code pe}; returns the old value (0 for SET). */
    public long atomicLong(AmoOp op, int pe, long off, long operand, long compare) {
        live(pe);
        long old = route[pe].atomicLong(op, pe, off, operand, compare);
        issued(pe);
        if (op != AmoOp.FETCH) {
            rang(pe);
        }
        return old;
    }

    /** {@code atomicLong(FETCH_ADD, ...)} through the engine's own entry ({@link Transport#fetchAddLong}). */
    public long fetchAddLong(int pe, long off, long value) {
        live(pe);
        long old = route[pe].fetchAddLong(pe, off, value);
        issued(pe);
        rang(pe);
        return old;
    }

    /** {@code atomicLong(COMPARE_SWAP, ...)} through the engine's own entry. */
    public long compareSwapLong(int pe, long off, long compare, long value) {
        live(pe);
        long old = route[pe].compareSwapLong(pe, off, compare, value);
        issued(pe);
        rang(pe);
        return old;
    }

    /** {@code atomicLong(SWAP, ...)} through the engine's own entry. */
    public long swapLong(int pe, long off, long value) {
        live(pe);
        long old = route[pe].swapLong(pe, off, value);
        issued(pe);
        rang(pe);
        return old;
    }

    /** {@code atomicLong(FETCH, ...)} through the engine's own entry. */
    public long fetchLong(int pe, long off) {
        live(pe);
        long v = route[pe].fetchLong(pe, off);
        issued(pe);
        return v;
    }

    /** {@code postLong(SET, ...)} through the engine's own entry. */
    public void setLong(int pe, long off, long value) {
        live(pe);
        route[pe].setLong(pe, off, value);
        issued(pe);
        rang(pe);
    }

    /** {@code postLong(FETCH_ADD, ...)} through the engine's own entry. */
    public void addLong(int pe, long off, long value) {
        live(pe);
        route[pe].addLong(pe, off, value);
        issued(pe);
        rang(pe);
    }

    /**
     * Non-fetching 64-bit atomic ({@link Transport#postLong}): done at the target by the next quiet, ordered by
     * fence; engines that complete on return have done it on return.
     */
    public void postLong(AmoOp op, int pe, long off, long operand) {
        live(pe);
        route[pe].postLong(op, pe, off, operand);
        issued(pe);
        rang(pe);
    }

    /** Non-fetching 32-bit atomic, as {@link #postLong}. */
    public void postInt(AmoOp op, int pe, long off, int operand) {
        live(pe);
        route[pe].postInt(op, pe, off, operand);
        issued(pe);
        rang(pe);
    }

    /** 32-bit atomic on a naturally aligned word of {@code pe}; returns the old value (0 for SET). */
    public int atomicInt(AmoOp op, int pe, long off, int operand, int compare) {
        live(pe);
        int old = route[pe].atomicInt(op, pe, off, operand, compare);
        issued(pe);
        if (op != AmoOp.FETCH) {
            rang(pe);
        }
        return old;
    }

    /** Fetching 64-bit atomic whose old value lands in {@code result} by the next quiet. */
    public void atomicLongNbi(AmoOp op, int pe, long off, long operand, long compare, MemorySegment result,
                              long resultOff) {
        live(pe);
        route[pe].atomicLongNbi(op, pe, off, operand, compare, result, resultOff);
        issued(pe);
        rang(pe);
    }

    /** Fetching 32-bit atomic whose old value lands in {@code result} by the next quiet. */
    public void atomicIntNbi(AmoOp op, int pe, long off, int operand, int compare, MemorySegment result,
                             long resultOff) {
        live(pe);
        route[pe].atomicIntNbi(op, pe, off, operand, compare, result, resultOff);
        issued(pe);
        rang(pe);
    }

    /** Put, then the signal update; the signal is never visible at the target before the data. */
    public void putSignal(int pe, long off, MemorySegment src, long srcOff, long bytes, long sigOff, long sigValue,
                          boolean add) {
        live(pe);
        route[pe].putSignal(pe, off, src, srcOff, bytes, sigOff, sigValue, add);
        issued(pe);
        rang(pe);
    }

    /** Orders earlier puts, atomics and signals to each target before later ones to the same target. */
    public void fence() {
        noneDead();
        for (Transport t : distinct) {
            t.fence();
        }
    }

    /**
     * Completes every outstanding operation and makes it visible at its target. On a context view: a full fence
     * (all that engines completing on return need) plus a per-target quiet of each target the view left
     * operations in flight to.
     */
    public void quiet() {
        noneDead();
        if (outstanding == null) {
            for (Transport t : distinct) {
                t.quiet();
            }
        } else {
            VarHandle.fullFence();
            outstanding.drain(quietOne);
        }
        // A PE may have died while its operations were completing; the engine may not have noticed (a mapping).
        noneDead();
    }

    private void quietTarget(int pe) {
        route[pe].quiet(pe);
    }

    /** Completes outstanding operations to the given PEs only (a full fence first, for mapped targets). */
    public void quiet(int[] pes) {
        for (int pe : pes) {
            live(pe);
        }
        VarHandle.fullFence();
        for (int pe : pes) {
            route[pe].quiet(pe);
        }
        for (int pe : pes) {
            live(pe);
        }
    }

    /** Every engine, quieted, then closed; keeps going when one fails and rethrows the first failure. */
    public void close() {
        engines.close();
    }
}
