package io.jshmem.transport.ucx;

import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.AmoOp;
import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import io.jshmem.spi.WaitProgress;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The network engine over UCX: one UCP worker per engine, an endpoint and an unpacked heap rkey per served PE, and a
 * {@link UcxProgressThread} for target-side progress. A remote address is the peer's heap base plus the heap
 * offset. Create it with {@link UcxTransportProvider#create}.
 *
 * <p>Completion and ordering, beyond the {@link Transport} contract:
 * <ul>
 *   <li>{@link #put} waits for local completion; {@link #putNbi} from a native segment returns at once (the source
 *       must stay unchanged until {@link #quiet()}), from a heap segment it goes through a native bounce buffer and
 *       waits for local completion. {@link #get} and {@link #getNbi} into a heap segment are blocking.</li>
 *   <li>Fetching atomics return after the remote update is done (they wait for the reply). Non-fetching ones
 *       ({@link #postLong}, {@link #postInt}, hence setLong and addLong) return once started, as OSHMEM's do: ADD,
 *       AND, OR and XOR as UCP posts, SET as a SWAP into a discarded reply; the next flush completes them. An op UCP
 *       has no opcode for is a loop of CSWAPs over {@link AmoOp#apply}, which waits.</li>
 *   <li>{@link #putSignal} and {@link #putLongRelease} fence the worker ({@code ucp_worker_fence}: everything earlier
 *       completes at the target before anything later) and then post the word, so the word is never seen before
 *       earlier data and the caller never waits for a round trip (as OSHMEM's put-with-signal: put, fence, post). A
 *       waiter on the word drives its own worker's progress ({@link #waitProgress()}).</li>
 *   <li>{@link #fence()} is {@code ucp_worker_fence}; {@link #quiet()} is {@code ucp_worker_flush_nbx} plus the
 *       outstanding nbi gets.</li>
 * </ul>
 *
 * <p>Failures: endpoints use UCX peer error handling; a failed PE makes later operations to it throw
 * {@link PeFailedException}. Every wait has the setup's deadline and then throws {@link ShmemTimeoutException}
 * naming the PEs concerned.
 *
 * <p>Thread-safety: every method may be called from any number of threads concurrently (the worker runs in
 * {@code UCS_THREAD_MODE_MULTI}); {@link #close()} waits for calls in progress and then rejects new ones.
 */
public final class UcxTransport implements Transport {
    private static final System.Logger LOG = io.jshmem.config.ShmemLog.logger(UcxTransport.class);

    private final int myPe;
    /** The requested queue pairs per peer (0 = UCX's own lanes). */
    private final int qpNum;
    private final UcxWorker ucx;
    private final UcxPeer[] peers;
    private final UcxProgressThread progress;
    private final UcxOperations ops;
    private final Duration timeout;
    private final LongAdder inFlight = new LongAdder();
    private final Object closeLock = new Object();
    private volatile boolean closed;
    /** Per PE: operations issued that complete remotely only at a flush, and how many of them a flush covered. */
    private final AtomicLongArray issued;
    private final AtomicLongArray flushed;
    /** Per thread: the issued counts a quiet snapshots (one array per thread, not per quiet). */
    private final ThreadLocal<long[]> snapshots;
    private final WaitProgress waitProgress;

    UcxTransport(int myPe, UcxWorker ucx, UcxPeer[] peers, UcxProgressThread progress, AtomicInteger waiters,
                 Duration timeout, int qpNum) {
        this.myPe = myPe;
        this.qpNum = qpNum;
        this.ucx = ucx;
        this.peers = peers;
        this.progress = progress;
        this.ops = new UcxOperations(myPe, ucx.worker, waiters, timeout);
        this.timeout = timeout;
        this.issued = new AtomicLongArray(peers.length);
        this.flushed = new AtomicLongArray(peers.length);
        this.snapshots = ThreadLocal.withInitial(() -> new long[peers.length]);
        this.waitProgress = new WaiterProgress();
    }

    /**
     * A waiting application thread progresses the worker itself; the progress thread sees it in {@code waiters}
     * and parks instead of contending for the worker (and, on a loaded host, for the core).
     */
    @Override
    public WaitProgress waitProgress() {
        return waitProgress;
    }

    private final class WaiterProgress implements WaitProgress {
        @Override
        public void begin() {
            progress.memoryWaitBegins();
        }

        @Override
        public void progress() {
            // Counted in inFlight so that close waits for a progress call under way before destroying the worker.
            inFlight.increment();
            try {
                if (!closed) {
                    Ucp.progress(ucx.worker);
                }
            } finally {
                inFlight.decrement();
            }
        }

        @Override
        public void end() {
            progress.memoryWaitEnds();
        }
    }

    @Override
    public EngineCapabilities capabilities() {
        return UcxTransportProvider.CAPABILITIES;
    }

    @Override
    public String name() {
        return "ucx";
    }

    /**
     * {@code qpNum} as requested (0 = not set), {@code UCX_MAX_RNDV_RAILS} and {@code UCX_USE_MT_MUTEX} as UCX
     * itself read them, and the progress thread's scheduling as applied ({@code progressScheduling}: batch, idle,
     * normal, or normal with the reason the requested class was refused).
     */
    @Override
    public java.util.Map<String, Object> tuning() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("qpNum", qpNum);
        m.put("UCX_MAX_RNDV_RAILS", ucx.rails);
        m.put("UCX_USE_MT_MUTEX", ucx.mtMutex);
        m.put("progressScheduling", progress.scheduling());
        return m;
    }

    @Override
    public boolean canReach(int pe) {
        return pe >= 0 && pe < peers.length && peers[pe] != null;
    }

    /** Always null: UCX peers are reached through the network, never by plain loads and stores. */
    @Override
    public MemorySegment directSegment(int pe) {
        return null;
    }

    @Override
    public void put(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        if (bytes == 0) {
            return;
        }
        UcxPeer p = enter(pe, "put");
        try {
            ops.putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "put");
            issued.incrementAndGet(pe);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void putNbi(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes) {
        if (bytes == 0) {
            return;
        }
        UcxPeer p = enter(pe, "putNbi");
        try {
            if (src.isNative()) {
                ops.putDetached(p, heapOffset, src, srcOffset, bytes, "putNbi");
            } else {
                ops.putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "putNbi");
            }
            issued.incrementAndGet(pe);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void get(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        if (bytes == 0) {
            return;
        }
        UcxPeer p = enter(pe, "get");
        try {
            ops.getBlocking(p, heapOffset, dst, dstOffset, bytes, "get");
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void getNbi(int pe, long heapOffset, MemorySegment dst, long dstOffset, long bytes) {
        if (bytes == 0) {
            return;
        }
        UcxPeer p = enter(pe, "getNbi");
        try {
            if (dst.isNative()) {
                ops.getDetached(p, heapOffset, dst, dstOffset, bytes, "getNbi");
                issued.incrementAndGet(pe);
            } else {
                ops.getBlocking(p, heapOffset, dst, dstOffset, bytes, "getNbi");
            }
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void putLongRelease(int pe, long heapOffset, long value) {
        UcxPeer p = enter(pe, "putLongRelease");
        try {
            ops.fence();
            ops.post(p, AmoOp.SET, heapOffset, value, true, "putLongRelease");
            issued.incrementAndGet(pe);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void postLong(AmoOp op, int pe, long heapOffset, long operand) {
        post(op, pe, heapOffset, operand, true);
    }

    @Override
    public void postInt(AmoOp op, int pe, long heapOffset, int operand) {
        post(op, pe, heapOffset, operand, false);
    }

    private void post(AmoOp op, int pe, long heapOffset, long operand, boolean wide) {
        UcxPeer p = enter(pe, AtomicLabels.ENTER[op.ordinal()]);
        try {
            ops.post(p, op, heapOffset, operand, wide, (wide ? AtomicLabels.WIDE : AtomicLabels.NARROW)[op.ordinal()]);
            issued.incrementAndGet(pe);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
        UcxPeer p = enter(pe, AtomicLabels.ENTER[op.ordinal()]);
        try {
            return ops.amo(p, op, heapOffset, operand, compare, true, AtomicLabels.WIDE[op.ordinal()]);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
        UcxPeer p = enter(pe, AtomicLabels.ENTER[op.ordinal()]);
        try {
            return (int) ops.amo(p, op, heapOffset, operand, compare, false, AtomicLabels.NARROW[op.ordinal()]);
        } finally {
            inFlight.decrement();
        }
    }

    /**
     * {@code op} as {@link UcxOperations#casLoop}, the emulation an op without a UCP opcode takes, whatever opcode UCP
     * has for it: so that tests check the emulation against the native opcodes for every op.
     */
    long atomicByCasLoop(AmoOp op, int pe, long heapOffset, long operand, long compare, boolean wide) {
        UcxPeer p = enter(pe, AtomicLabels.ENTER[op.ordinal()]);
        try {
            return ops.casLoop(p, op, heapOffset, operand, compare, wide,
                    (wide ? AtomicLabels.WIDE : AtomicLabels.NARROW)[op.ordinal()]);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void putSignal(int pe, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                          long signalOffset, long signalValue, boolean add) {
        UcxPeer p = enter(pe, "putSignal");
        try {
            if (bytes > 0) {
                ops.putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "putSignal data");
            }
            ops.fence();
            ops.post(p, add ? AmoOp.FETCH_ADD : AmoOp.SET, signalOffset, signalValue, true, "putSignal signal");
            issued.incrementAndGet(pe);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void fence() {
        enterAny("fence");
        try {
            ops.fence();
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void quiet() {
        enterAny("quiet");
        try {
            quietInternal();
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void quiet(int pe) {
        UcxPeer p = enter(pe, "quiet");
        try {
            flush(p, "quiet");
        } finally {
            inFlight.decrement();
        }
    }

    /**
     * Completes outstanding operations (bounded by the deadline), then closes rkeys, endpoints, the heap
     * registration, the worker and the context, in that order. Idempotent. Throws only when a thread stayed inside
     * UCX past the deadline, in which case native resources are deliberately leaked rather than freed under it.
     */
    @Override
    public void close() {
        synchronized (closeLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (inFlight.sum() != 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new ShmemTimeoutException("closing the UCX engine of PE " + myPe + ": calls still running after "
                        + timeout.toSeconds() + " s; native resources are left allocated", List.of());
            }
            Thread.yield();
        }
        boolean flushed = false;
        try {
            quietInternal();
            flushed = true;
        } catch (ShmemException e) {
            // Failed or vanished peers are normal at job end; closing must still release everything.
            LOG.log(System.Logger.Level.DEBUG, "UCX engine of PE " + myPe + ": quiet before close failed", e);
        } finally {
            UcxShutdown.release(ucx, peers, progress, flushed, timeout, myPe);
        }
    }

    private void quietInternal() {
        long[] snapshot = snapshotIssued();
        int status = ops.flushWorker();
        if (status == UcxRequests.TIMED_OUT) {
            List<Integer> late = unflushed(snapshot);
            throw new ShmemTimeoutException("quiet on PE " + myPe + " did not complete within "
                    + timeout.toSeconds() + " s: operations to PE(s) " + late + " were not acknowledged; those"
                    + " PEs may be hung or stopped, or raise JSHMEM_TIMEOUT if they are only slow", late);
        }
        for (int pe = 0; pe < peers.length; pe++) {
            UcxPeer p = peers[pe];
            if (p != null && p.failed() && snapshot[pe] > flushed.get(pe)) {
                throw p.failedException("quiet");
            }
        }
        Throwable stopped = progress.failure();
        if (stopped != null) {
            throw new TransportException("the UCX progress thread of PE " + myPe + " failed, so other PEs cannot"
                    + " reach this one: " + stopped, stopped);
        }
        if (status != UcpStructs.UCS_OK) {
            throw new TransportException("quiet on PE " + myPe + " failed: ucp_worker_flush_nbx returned "
                    + Ucp.statusString(status));
        }
        for (int pe = 0; pe < snapshot.length; pe++) {
            flushed.accumulateAndGet(pe, snapshot[pe], Math::max);
        }
    }

    private void flush(UcxPeer p, String what) {
        long snapshot = issued.get(p.pe);
        ops.flushEndpoint(p, what);
        flushed.accumulateAndGet(p.pe, snapshot, Math::max);
    }

    private UcxPeer enter(int pe, String what) {
        inFlight.increment();
        if (closed) {
            inFlight.decrement();
            throw closedException(what);
        }
        UcxPeer p = pe >= 0 && pe < peers.length ? peers[pe] : null;
        if (p == null) {
            inFlight.decrement();
            throw new TransportException(what + " to PE " + pe + ": the UCX engine of PE " + myPe
                    + " does not serve that PE (valid are the PEs it was created for); route it to another engine");
        }
        if (p.failed()) {
            inFlight.decrement();
            throw p.failedException(what);
        }
        return p;
    }

    private void enterAny(String what) {
        inFlight.increment();
        if (closed) {
            inFlight.decrement();
            throw closedException(what);
        }
    }

    private ShmemStateException closedException(String what) {
        return new ShmemStateException(what + " on the UCX engine of PE " + myPe
                + ": the engine is closed; operations are valid only between init and finalize");
    }

    private long[] snapshotIssued() {
        long[] s = snapshots.get();
        for (int i = 0; i < s.length; i++) {
            s[i] = issued.get(i);
        }
        return s;
    }

    /** PEs with operations not yet covered by a flush (all served PEs when that is unknown). */
    private List<Integer> unflushed(long[] snapshot) {
        List<Integer> late = new ArrayList<>();
        for (int pe = 0; pe < peers.length; pe++) {
            if (peers[pe] != null && snapshot[pe] > flushed.get(pe)) {
                late.add(pe);
            }
        }
        if (late.isEmpty()) {
            for (int pe = 0; pe < peers.length; pe++) {
                if (peers[pe] != null) {
                    late.add(pe);
                }
            }
        }
        return late;
    }
}
