package io.jshmem.transport.ucx;

import io.jshmem.error.TransportException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Releases an engine's native objects in the order UCX requires: outstanding request handles, rkeys, endpoints
 * (closed with flush, or forced when the peer already failed, all at once, then waited for with a bounded
 * deadline), the progress thread, then heap registration, worker and context. Closing never aborts: an endpoint
 * whose close does not finish in time is left to {@code ucp_worker_destroy}, which destroys remaining endpoints.
 * Single-threaded: called once, after every other call on the engine has returned.
 */
final class UcxShutdown {
    /** Endpoint close waits for the peer's acknowledgement; a dead peer must not hold up finalize for long. */
    static final Duration MAX_ENDPOINT_CLOSE = Duration.ofSeconds(10);

    private UcxShutdown() {
    }

    /**
     * @param flushed whether every operation was completed; when not, rkeys are left allocated (a small leak),
     *                because UCX forbids destroying an rkey that outstanding operations still use
     */
    static void release(UcxWorker ucx, UcxPeer[] peers, UcxProgressThread progress, boolean flushed,
                        Duration timeout, int myPe) {
        try {
            for (UcxPeer p : peers) {
                if (p != null && flushed && !p.rkey.equals(MemorySegment.NULL)) {
                    Ucp.RKEY_DESTROY.invokeExact(p.rkey);
                    p.rkey = MemorySegment.NULL;
                }
            }
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
        closeEndpoints(ucx.worker, peers, timeout.compareTo(MAX_ENDPOINT_CLOSE) < 0 ? timeout : MAX_ENDPOINT_CLOSE);
        for (UcxPeer p : peers) {
            if (p != null) {
                UcxErrorHandlers.unregister(p.errorKey);
            }
        }
        if (progress != null && !progress.stop(timeout)) {
            throw new TransportException("closing the UCX engine of PE " + myPe + ": its progress thread did not stop"
                    + " within " + timeout.toSeconds() + " s; the UCX worker is left allocated so that the thread"
                    + " cannot touch freed memory");
        }
        ucx.close();
    }

    static void closeEndpoints(MemorySegment worker, UcxPeer[] peers, Duration limit) {
        List<Long> closing = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(Ucp.paramBlock());
            for (UcxPeer p : peers) {
                if (p == null || p.ep.equals(MemorySegment.NULL)) {
                    continue;
                }
                params.fill((byte) 0);
                // UCX accepts force-close only for endpoints in peer error-handling mode.
                boolean force = p.failed() && p.peerErrorHandling;
                UcpStructs.closeParams(params, force ? UcpStructs.EP_CLOSE_FLAG_FORCE : 0);
                closing.add(Ucp.epCloseNbx(p.ep, params));
            }
        }
        long deadline = System.nanoTime() + limit.toNanos();
        for (long sp : closing) {
            UcxRequests.await(worker, sp, deadline, null); // errors are expected when the peer already closed
        }
    }
}
