package io.jshmem.transport.ucx;

import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.error.TransportException;
import io.jshmem.spi.AmoOp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The per-peer UCP calls of an engine and the translation of their outcome into jshmem exceptions: put and get
 * (with a native bounce buffer for Java heap segments), atomics through {@code ucp_atomic_op_nbx}, endpoint flush.
 * Every wait has the engine's deadline; after a timeout, memory UCX may still touch (bounce buffers, the thread's
 * atomic scratch) is deliberately leaked, never freed under it.
 *
 * <p>Thread-safe: no mutable state of its own; native parameter blocks are per thread ({@link NativeScratch}).
 */
final class UcxOperations {
    private final int myPe;
    private final MemorySegment worker;
    private final AtomicInteger waiters;
    private final Duration timeout;
    private final long timeoutNanos;
    /**
     * Where the old values of posted SETs land (SWAP needs a reply buffer): written by UCX, never read, never freed
     * (a request may outlive a close that timed out); one word for every engine of the process.
     */
    private static final MemorySegment DISCARD = Arena.global().allocate(8, 8);

    UcxOperations(int myPe, MemorySegment worker, AtomicInteger waiters, Duration timeout) {
        this.myPe = myPe;
        this.worker = worker;
        this.waiters = waiters;
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
    }

    /** Puts and waits for local completion (the source may be reused; remote completion needs a flush). */
    void putLocallyComplete(UcxPeer p, long heapOffset, MemorySegment src, long srcOffset, long bytes, String what) {
        long remote = p.remoteBase + heapOffset;
        if (src.isNative()) {
            complete(Ucp.putNbx(p.ep, src.address() + srcOffset, bytes, remote, p.rkey, emptyParams()), p, what);
            Reference.reachabilityFence(src);
            return;
        }
        // A Java heap segment may move: through the bounce buffer, a piece at a time, each done before the next (a
        // put that fails part-way may have landed its first pieces, as one UCX put may land part of its bytes).
        for (long done = 0; done < bytes; ) {
            MemorySegment b = NativeScratch.get().bounce(bytes - done);
            long n = Math.min(bytes - done, b.byteSize());
            MemorySegment.copy(src, srcOffset + done, b, 0, n);
            int status = await(Ucp.putNbx(p.ep, b.address(), n, remote + done, p.rkey, emptyParams()));
            if (status == UcxRequests.TIMED_OUT) {
                NativeScratch.abandonCurrent(); // UCX may still read the bounce buffer: never reuse it
            }
            check(status, p, what);
            done += n;
        }
    }

    /** Starts a put from native memory without waiting; the next flush completes it. */
    void putDetached(UcxPeer p, long heapOffset, MemorySegment src, long srcOffset, long bytes, String what) {
        long sp = Ucp.putNbx(p.ep, src.address() + srcOffset, bytes, p.remoteBase + heapOffset, p.rkey,
                emptyParams());
        check(UcxRequests.detach(sp), p, what);
    }

    /** Gets into {@code dst} and waits until the data is there. */
    void getBlocking(UcxPeer p, long heapOffset, MemorySegment dst, long dstOffset, long bytes, String what) {
        long remote = p.remoteBase + heapOffset;
        if (dst.isNative()) {
            complete(Ucp.getNbx(p.ep, dst.address() + dstOffset, bytes, remote, p.rkey, emptyParams()), p, what);
            Reference.reachabilityFence(dst);
            return;
        }
        // Whole, so that a get that fails leaves the destination untouched: the reused bounce buffer when it is large
        // enough, else one of the transfer's size (a rare size, whose copy costs more than the allocation).
        boolean own = bytes > NativeScratch.BOUNCE_BYTES;
        MemorySegment b = own ? Arena.ofAuto().allocate(bytes, 16) : NativeScratch.get().bounce(bytes);
        int status = await(Ucp.getNbx(p.ep, b.address(), bytes, remote, p.rkey, emptyParams()));
        if (status == UcpStructs.UCS_OK) {
            MemorySegment.copy(b, 0, dst, dstOffset, bytes);
        }
        if (status == UcxRequests.TIMED_OUT) {
            // UCX may still write the buffer: never reuse it, never let the collector free it.
            if (own) {
                NativeScratch.abandon(b);
            } else {
                NativeScratch.abandonCurrent();
            }
        }
        check(status, p, what);
    }

    /**
     * Starts a get into native memory without waiting: the request is released at once (UCX frees it when it
     * completes) and the next endpoint or worker flush completes the get, which then has its data in {@code dst}
     * (a flush completes every earlier RMA operation at the origin and the target, as OSHMEM's get_nbi relies on).
     */
    void getDetached(UcxPeer p, long heapOffset, MemorySegment dst, long dstOffset, long bytes, String what) {
        long sp = Ucp.getNbx(p.ep, dst.address() + dstOffset, bytes, p.remoteBase + heapOffset, p.rkey,
                emptyParams());
        check(UcxRequests.detach(sp), p, what);
    }

    /**
     * Performs a 64-bit ({@code wide}) or 32-bit atomic and waits for the reply, so the update is done at the target
     * on return. Returns the old value (0 for SET). An op without a UCP opcode is {@link #casLoop}.
     */
    long amo(UcxPeer p, AmoOp op, long heapOffset, long operand, long compare, boolean wide, String what) {
        NativeScratch s = NativeScratch.get();
        int opcode;
        long buffer = operand;
        long replyIn = 0;
        switch (op) {
            case FETCH -> {
                opcode = UcpStructs.ATOMIC_ADD;
                buffer = 0;
            }
            case SET, SWAP -> opcode = UcpStructs.ATOMIC_SWAP; // SWAP needs a reply buffer even when unused
            case COMPARE_SWAP -> {
                // UCX CSWAP: buffer holds the compare value, the reply buffer the new value (and then the old one).
                opcode = UcpStructs.ATOMIC_CSWAP;
                buffer = compare;
                replyIn = operand;
            }
            case FETCH_ADD, FETCH_AND, FETCH_OR, FETCH_XOR -> opcode = arithmeticOpcode(op);
            default -> {
                return casLoop(p, op, heapOffset, operand, compare, wide, what);
            }
        }
        setWord(s.operand, wide, buffer);
        setWord(s.reply, wide, replyIn);
        UcpStructs.atomicParams(s.param, wide, s.reply);
        int status = await(Ucp.atomicOpNbx(p.ep, opcode, s.operand, p.remoteBase + heapOffset, p.rkey, s.param));
        if (status == UcxRequests.TIMED_OUT) {
            NativeScratch.abandonCurrent(); // UCX may still write the reply word
        }
        check(status, p, what);
        if (op == AmoOp.SET) {
            return 0;
        }
        return wide ? s.reply.get(JAVA_LONG, 0) : s.reply.get(JAVA_INT, 0);
    }

    /**
     * Starts a non-fetching 64-bit ({@code wide}) or 32-bit atomic without waiting, as OSHMEM's non-fetching atomics
     * do: ADD, AND, OR and XOR as UCP posts (no reply), SET as a SWAP whose old value lands in {@link #DISCARD}; the
     * request is released at once and the next flush completes it. An op without a UCP opcode is {@link #casLoop},
     * which waits.
     */
    void post(UcxPeer p, AmoOp op, long heapOffset, long operand, boolean wide, String what) {
        int opcode;
        MemorySegment reply = MemorySegment.NULL;
        switch (op) {
            case SET -> {
                opcode = UcpStructs.ATOMIC_SWAP; // UCP has no posted store: a swap into a word nobody reads
                reply = DISCARD;
            }
            case FETCH_ADD, FETCH_AND, FETCH_OR, FETCH_XOR -> opcode = arithmeticOpcode(op);
            default -> {
                casLoop(p, op, heapOffset, operand, 0, wide, what);
                return;
            }
        }
        NativeScratch s = NativeScratch.get();
        // UCP reads the operand when the call starts the operation, so the scratch word is free again on return.
        setWord(s.operand, wide, operand);
        UcpStructs.atomicParams(s.param, wide, reply);
        check(UcxRequests.detach(Ucp.atomicOpNbx(p.ep, opcode, s.operand, p.remoteBase + heapOffset, p.rkey,
                s.param)), p, what);
    }

    /** The UCP opcode of the ops that fetching and posted atomics map alike (ADD, AND, OR, XOR). */
    private static int arithmeticOpcode(AmoOp op) {
        return switch (op) {
            case FETCH_ADD -> UcpStructs.ATOMIC_ADD;
            case FETCH_AND -> UcpStructs.ATOMIC_AND;
            case FETCH_OR -> UcpStructs.ATOMIC_OR;
            case FETCH_XOR -> UcpStructs.ATOMIC_XOR;
            default -> throw new IllegalArgumentException(op + " has no arithmetic UCP opcode");
        };
    }

    /** Writes an atomic's 64-bit ({@code wide}) or 32-bit word. */
    private static void setWord(MemorySegment word, boolean wide, long value) {
        if (wide) {
            word.set(JAVA_LONG, 0, value);
        } else {
            word.set(JAVA_INT, 0, (int) value);
        }
    }

    /**
     * An operation UCP has no opcode for: its definition ({@link AmoOp#apply}) in a compare-and-swap loop of blocking
     * UCP atomics (an atomic read, then CSWAPs until one finds the word still holding the value its new value was
     * computed from), so it is atomic with respect to every other atomic on the word. Returns the old value. Each
     * step waits at most the engine's timeout, and no step starts once the loop has run past it: a word other PEs
     * keep changing fails the call as a timeout (at most about twice the timeout) rather than spinning forever.
     */
    long casLoop(UcxPeer p, AmoOp op, long heapOffset, long operand, long compare, boolean wide, String what) {
        long deadline = System.nanoTime() + timeoutNanos;
        long old = amo(p, AmoOp.FETCH, heapOffset, 0, 0, wide, what);
        while (true) {
            long next = wide ? op.apply(old, operand, compare) : op.apply((int) old, (int) operand, (int) compare);
            long witness = amo(p, AmoOp.COMPARE_SWAP, heapOffset, next, old, wide, what);
            if (witness == old) {
                return old;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new ShmemTimeoutException(what + " from PE " + myPe + " to PE " + p.pe + " did not complete "
                        + "within " + timeout.toSeconds() + " s: UCP has no opcode for " + op + ", and its "
                        + "compare-and-swap kept losing to other writers of the word (raise JSHMEM_TIMEOUT, or "
                        + "update the word from fewer PEs at a time)", List.of(p.pe));
            }
            old = witness;
        }
    }

    /** Completes every earlier operation to {@code p} at the target ({@code ucp_ep_flush_nbx}). */
    void flushEndpoint(UcxPeer p, String what) {
        int status = await(Ucp.epFlushNbx(p.ep, emptyParams()));
        if (status != UcpStructs.UCS_OK) {
            throw failure(status, p, what + " (endpoint flush)"); // the message only on failure
        }
    }

    /** Completes a worker-wide flush; returns the status or {@link UcxRequests#TIMED_OUT}. */
    int flushWorker() {
        return await(Ucp.workerFlushNbx(worker, emptyParams()));
    }

    /** Waits for a request of this engine with its deadline. */
    int await(long statusPtr) {
        return UcxRequests.await(worker, statusPtr, System.nanoTime() + timeoutNanos, waiters);
    }

    void fence() {
        UcxWorker.check(Ucp.fence(worker), "ucp_worker_fence");
    }

    void check(int status, UcxPeer p, String what) {
        if (status != UcpStructs.UCS_OK) {
            throw failure(status, p, what);
        }
    }

    /** The exception for a failed or timed-out operation to {@code p}. */
    RuntimeException failure(int status, UcxPeer p, String what) {
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

    private void complete(long statusPtr, UcxPeer p, String what) {
        check(await(statusPtr), p, what);
    }

    /** Statuses with which UCX completes requests on an endpoint whose peer went away. */
    private static boolean isPeerLoss(int status) {
        return status == -3 /* IO_ERROR */ || status == -6 /* UNREACHABLE */ || status == -24 /* NOT_CONNECTED */
                || status == -25 /* CONNECTION_RESET */ || (status <= -40 && status >= -89) /* link/endpoint */;
    }

    private static MemorySegment emptyParams() {
        MemorySegment param = NativeScratch.get().param;
        UcpStructs.requestParams(param);
        return param;
    }
}
