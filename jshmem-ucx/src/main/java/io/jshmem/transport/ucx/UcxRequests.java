package io.jshmem.transport.ucx;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Completes the {@code ucs_status_ptr_t} results of {@code *_nbx} calls by polling: NULL means done at once, a value
 * in [-100, -1] is an error status, anything else is a request that this thread progresses the worker for until
 * {@code ucp_request_check_status} leaves {@code UCS_INPROGRESS}, then frees.
 *
 * <p>Waiting strategy: progress the worker in a loop (the calling thread makes its own progress, so latency does
 * not depend on the progress thread waking up); after {@value #SPINS_BEFORE_YIELD} idle rounds also yield the CPU,
 * which matters on small machines. The deadline is checked every {@value #DEADLINE_CHECK_MASK}+1 rounds, busy or
 * idle; when it passes the request is released to UCX ({@code ucp_request_free} lets it finish internally) and
 * {@link #TIMED_OUT} is returned. Stateless and thread-safe (worker in thread mode MULTI).
 */
final class UcxRequests {
    /** Returned instead of a UCS status when the deadline passed. */
    static final int TIMED_OUT = Integer.MIN_VALUE;
    private static final int SPINS_BEFORE_YIELD = 2000;
    private static final int DEADLINE_CHECK_MASK = 63;

    private UcxRequests() {
    }

    /**
     * Returns the final status (0 OK, negative UCS error) or {@link #TIMED_OUT}. While it progresses the worker
     * itself, {@code waiters} (when not null) counts it, so that the progress thread can stay out of its way.
     */
    static int await(MemorySegment worker, long statusPtr, long deadlineNanos, AtomicInteger waiters) {
        long v = statusPtr;
        if (v == 0) {
            return UcpStructs.UCS_OK;
        }
        if (UcpStructs.isError(v)) {
            return (int) v;
        }
        if (waiters != null) {
            waiters.incrementAndGet();
        }
        try {
            int idle = 0;
            int rounds = 0;
            while (true) {
                byte status = Ucp.requestCheckStatus(statusPtr);
                if (status != UcpStructs.UCS_INPROGRESS) {
                    Ucp.requestFree(statusPtr);
                    return status;
                }
                // Every round counts toward the deadline check, busy ones too: a worker that always has other
                // events to progress (a peer's traffic) must not keep this wait from ever timing out.
                if ((++rounds & DEADLINE_CHECK_MASK) == 0 && System.nanoTime() - deadlineNanos > 0) {
                    Ucp.requestFree(statusPtr);
                    return TIMED_OUT;
                }
                if (Ucp.progress(worker) != 0) {
                    continue;
                }
                idle++;
                if (idle > SPINS_BEFORE_YIELD) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        } finally {
            if (waiters != null) {
                waiters.decrementAndGet();
            }
        }
    }

    /** Releases a request whose completion nobody waits for (the next flush covers it); returns an error or 0. */
    static int detach(long statusPtr) {
        long v = statusPtr;
        if (v == 0) {
            return UcpStructs.UCS_OK;
        }
        if (UcpStructs.isError(v)) {
            return (int) v;
        }
        Ucp.requestFree(statusPtr);
        return UcpStructs.UCS_OK;
    }

    /** Whether a status pointer is a live request (neither done nor an error). */
    static boolean isRequest(long statusPtr) {
        long v = statusPtr;
        return v != 0 && !UcpStructs.isError(v);
    }
}
