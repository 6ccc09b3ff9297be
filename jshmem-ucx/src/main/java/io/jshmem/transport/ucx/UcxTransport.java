package io.jshmem.transport.ucx;

import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.error.TransportException;
import io.jshmem.transport.AmoOp;
import io.jshmem.transport.Transport;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

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
 *   <li>Atomics (all ops, SET included) return after the remote update is done (they fetch a reply).</li>
 *   <li>{@link #putSignal} and {@link #putLongRelease} flush the endpoint (remote completion of everything earlier
 *       to that PE) before updating the word, so the word is never seen before earlier data, on every UCX
 *       transport and lane layout. The cost is one extra round trip when earlier operations are outstanding.</li>
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
    private static final System.Logger LOG = System.getLogger(UcxTransport.class.getName());

    private final int myPe;
    private final UcxWorker ucx;
    private final UcxPeer[] peers;
    private final UcxProgressThread progress;
    private final Duration timeout;
    private final long timeoutNanos;
    private final LongAdder inFlight = new LongAdder();
    private final Object closeLock = new Object();
    private volatile boolean closed;
    /** Per PE: operations issued that complete remotely only at a flush, and how many of them a flush covered. */
    private final AtomicLongArray issued;
    private final AtomicLongArray flushed;
    private final Queue<PendingGet> pendingGets = new ConcurrentLinkedQueue<>();

    private record PendingGet(int pe, MemorySegment request) {
    }

    UcxTransport(int myPe, UcxWorker ucx, UcxPeer[] peers, UcxProgressThread progress, Duration timeout) {
        this.myPe = myPe;
        this.ucx = ucx;
        this.peers = peers;
        this.progress = progress;
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
        this.issued = new AtomicLongArray(peers.length);
        this.flushed = new AtomicLongArray(peers.length);
    }

    @Override
    public String name() {
        return "ucx";
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
            putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "put");
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
                MemorySegment sp = Ucp.putNbx(p.ep, src.asSlice(srcOffset, bytes), bytes, p.remoteBase + heapOffset,
                        p.rkey, emptyParams());
                check(UcxRequests.detach(sp), p, "putNbi");
            } else {
                putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "putNbi");
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
            getBlocking(p, heapOffset, dst, dstOffset, bytes, "get");
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
                MemorySegment sp = Ucp.getNbx(p.ep, dst.asSlice(dstOffset, bytes), bytes, p.remoteBase + heapOffset,
                        p.rkey, emptyParams());
                if (UcxRequests.isRequest(sp)) {
                    pendingGets.add(new PendingGet(pe, sp));
                } else {
                    check(UcxRequests.detach(sp), p, "getNbi");
                }
            } else {
                getBlocking(p, heapOffset, dst, dstOffset, bytes, "getNbi");
            }
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void putLongRelease(int pe, long heapOffset, long value) {
        UcxPeer p = enter(pe, "putLongRelease");
        try {
            flushIfOutstanding(p, "putLongRelease");
            amo(p, AmoOp.SET, heapOffset, value, 0, true, "putLongRelease");
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public long atomicLong(AmoOp op, int pe, long heapOffset, long operand, long compare) {
        UcxPeer p = enter(pe, "atomic " + op);
        try {
            return amo(p, op, heapOffset, operand, compare, true, "64-bit atomic " + op);
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public int atomicInt(AmoOp op, int pe, long heapOffset, int operand, int compare) {
        UcxPeer p = enter(pe, "atomic " + op);
        try {
            return (int) amo(p, op, heapOffset, operand, compare, false, "32-bit atomic " + op);
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
                putLocallyComplete(p, heapOffset, src, srcOffset, bytes, "putSignal data");
                issued.incrementAndGet(pe);
            }
            flushIfOutstanding(p, "putSignal");
            amo(p, add ? AmoOp.FETCH_ADD : AmoOp.SET, signalOffset, signalValue, 0, true, "putSignal signal");
        } finally {
            inFlight.decrement();
        }
    }

    @Override
    public void fence() {
        enterAny("fence");
        try {
            UcxWorker.check(Ucp.fence(ucx.worker), "ucp_worker_fence");
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

    private void quietInternal() {
        long[] snapshot = snapshotIssued();
        int status = UcxRequests.await(ucx.worker, Ucp.workerFlushNbx(ucx.worker, emptyParams()), deadline());
        completePendingGets(-1);
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
        if (status != UcpStructs.UCS_OK) {
            throw new TransportException("quiet on PE " + myPe + " failed: ucp_worker_flush_nbx returned "
                    + Ucp.statusString(status));
        }
        markFlushed(snapshot);
    }

    @Override
    public void quiet(int pe) {
        UcxPeer p = enter(pe, "quiet");
        try {
            flush(p, "quiet");
            completePendingGets(pe);
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
        long deadline = deadline();
        while (inFlight.sum() != 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new ShmemTimeoutException("closing the UCX engine of PE " + myPe + ": calls still running after "
                        + timeout.toSeconds() + " s; native resources are left allocated", List.of());
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        try {
            quietForClose();
        } finally {
            UcxShutdown.release(ucx, peers, progress, pendingGets.stream().map(PendingGet::request).toList(),
                    timeout, myPe);
            pendingGets.clear();
        }
    }

    private void quietForClose() {
        try {
            quietInternal();
        } catch (ShmemException e) {
            // Failed or vanished peers are normal at job end; closing must still release everything.
            LOG.log(System.Logger.Level.DEBUG, "UCX engine of PE " + myPe + ": quiet before close failed", e);
        }
    }

    // ---- operations ----

    private void putLocallyComplete(UcxPeer p, long heapOffset, MemorySegment src, long srcOffset, long bytes,
                                    String what) {
        long remote = p.remoteBase + heapOffset;
        if (src.isNative()) {
            complete(Ucp.putNbx(p.ep, src.asSlice(srcOffset, bytes), bytes, remote, p.rkey, emptyParams()), p, what);
            return;
        }
        Arena bounce = Arena.ofConfined();
        MemorySegment b = bounce.allocate(bytes, 16);
        MemorySegment.copy(src, srcOffset, b, 0, bytes);
        int status = UcxRequests.await(ucx.worker, Ucp.putNbx(p.ep, b, bytes, remote, p.rkey, emptyParams()),
                deadline());
        if (status != UcxRequests.TIMED_OUT) {
            bounce.close(); // after a timeout UCX may still read it: leave it allocated
        }
        check(status, p, what);
    }

    private void getBlocking(UcxPeer p, long heapOffset, MemorySegment dst, long dstOffset, long bytes,
                             String what) {
        long remote = p.remoteBase + heapOffset;
        if (dst.isNative()) {
            complete(Ucp.getNbx(p.ep, dst.asSlice(dstOffset, bytes), bytes, remote, p.rkey, emptyParams()), p, what);
            return;
        }
        Arena bounce = Arena.ofConfined();
        MemorySegment b = bounce.allocate(bytes, 16);
        int status = UcxRequests.await(ucx.worker, Ucp.getNbx(p.ep, b, bytes, remote, p.rkey, emptyParams()),
                deadline());
        if (status == UcpStructs.UCS_OK) {
            MemorySegment.copy(b, 0, dst, dstOffset, bytes);
        }
        if (status != UcxRequests.TIMED_OUT) {
            bounce.close(); // after a timeout UCX may still write it: leave it allocated
        }
        check(status, p, what);
    }

    private long amo(UcxPeer p, AmoOp op, long heapOffset, long operand, long compare, boolean wide, String what) {
        NativeScratch s = NativeScratch.get();
        int opcode;
        long buffer = operand;
        long replyIn = 0;
        switch (op) {
            case FETCH -> {
                opcode = UcpStructs.ATOMIC_ADD;
                buffer = 0;
            }
            case SET, SWAP -> opcode = UcpStructs.ATOMIC_SWAP;
            case COMPARE_SWAP -> {
                // UCX CSWAP: buffer holds the compare value, the reply buffer the new value (and then the old one).
                opcode = UcpStructs.ATOMIC_CSWAP;
                buffer = compare;
                replyIn = operand;
            }
            case FETCH_ADD -> opcode = UcpStructs.ATOMIC_ADD;
            case FETCH_AND -> opcode = UcpStructs.ATOMIC_AND;
            case FETCH_OR -> opcode = UcpStructs.ATOMIC_OR;
            case FETCH_XOR -> opcode = UcpStructs.ATOMIC_XOR;
            default -> throw new IllegalStateException("unknown atomic op " + op);
        }
        if (wide) {
            s.operand.set(JAVA_LONG, 0, buffer);
            s.reply.set(JAVA_LONG, 0, replyIn);
        } else {
            s.operand.set(JAVA_INT, 0, (int) buffer);
            s.reply.set(JAVA_INT, 0, (int) replyIn);
        }
        UcpStructs.atomicParams(s.param, wide, s.reply);
        MemorySegment sp = Ucp.atomicOpNbx(p.ep, opcode, s.operand, p.remoteBase + heapOffset, p.rkey, s.param);
        int status = UcxRequests.await(ucx.worker, sp, deadline());
        if (status == UcxRequests.TIMED_OUT) {
            NativeScratch.abandonCurrent(); // UCX may still write the reply word
        }
        check(status, p, what);
        if (op == AmoOp.SET) {
            return 0;
        }
        return wide ? s.reply.get(JAVA_LONG, 0) : s.reply.get(JAVA_INT, 0);
    }

    private void flushIfOutstanding(UcxPeer p, String what) {
        if (issued.get(p.pe) != flushed.get(p.pe)) {
            flush(p, what);
        }
    }

    private void flush(UcxPeer p, String what) {
        long snapshot = issued.get(p.pe);
        complete(Ucp.epFlushNbx(p.ep, emptyParams()), p, what + " (endpoint flush)");
        flushed.accumulateAndGet(p.pe, snapshot, Math::max);
    }

    private void completePendingGets(int onlyPe) {
        RuntimeException first = null;
        for (Iterator<PendingGet> it = pendingGets.iterator(); it.hasNext(); ) {
            PendingGet g = it.next();
            if (onlyPe >= 0 && g.pe() != onlyPe) {
                continue;
            }
            it.remove();
            int status = UcxRequests.await(ucx.worker, g.request(), deadline());
            if (status != UcpStructs.UCS_OK && first == null) {
                first = failure(status, peers[g.pe()], "getNbi");
            }
        }
        if (first != null) {
            throw first;
        }
    }

    // ---- bookkeeping ----

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

    private long deadline() {
        return System.nanoTime() + timeoutNanos;
    }

    private static MemorySegment emptyParams() {
        MemorySegment param = NativeScratch.get().param;
        UcpStructs.requestParams(param);
        return param;
    }

    private void complete(MemorySegment statusPtr, UcxPeer p, String what) {
        check(UcxRequests.await(ucx.worker, statusPtr, deadline()), p, what);
    }

    private void check(int status, UcxPeer p, String what) {
        if (status != UcpStructs.UCS_OK) {
            throw failure(status, p, what);
        }
    }

    private RuntimeException failure(int status, UcxPeer p, String what) {
        if (p.failed()) {
            return p.failedException(what);
        }
        if (status == UcxRequests.TIMED_OUT) {
            return new ShmemTimeoutException(what + " from PE " + myPe + " to PE " + p.pe + " did not complete within "
                    + timeout.toSeconds() + " s; PE " + p.pe + " may be hung or stopped (raise JSHMEM_TIMEOUT if it"
                    + " is only slow)", List.of(p.pe));
        }
        if (isPeerLoss(status)) {
            p.markFailed(Ucp.statusString(status));
            return p.failedException(what);
        }
        return new TransportException(what + " from PE " + myPe + " to PE " + p.pe + " failed: UCX returned "
                + Ucp.statusString(status));
    }

    /** Statuses with which UCX completes requests on an endpoint whose peer went away. */
    private static boolean isPeerLoss(int status) {
        return status == -3 /* IO_ERROR */ || status == -6 /* UNREACHABLE */ || status == -24 /* NOT_CONNECTED */
                || status == -25 /* CONNECTION_RESET */ || (status <= -40 && status >= -89) /* link/endpoint */;
    }

    private long[] snapshotIssued() {
        long[] s = new long[peers.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = issued.get(i);
        }
        return s;
    }

    private void markFlushed(long[] snapshot) {
        for (int i = 0; i < snapshot.length; i++) {
            long v = snapshot[i];
            flushed.accumulateAndGet(i, v, Math::max);
        }
    }

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
