package io.jshmem.transport.ucx;

import io.jshmem.error.PeFailedException;

import java.lang.foreign.MemorySegment;

/**
 * What this engine holds for one remote PE: its endpoint, the unpacked rkey of its heap, the heap's base address
 * in that process, and whether UCX has reported the endpoint as failed.
 *
 * <p>Thread-safety: the handles are fixed after setup; the failure is a volatile write-once field set by the
 * error upcall on a progressing thread and read by every operation.
 */
final class UcxPeer {
    final int pe;
    final MemorySegment ep;
    final long remoteBase;
    final long errorKey;
    /** False when UCX could not enable peer-failure handling on this endpoint (shared-memory-only transports). */
    final boolean peerErrorHandling;
    MemorySegment rkey = MemorySegment.NULL;
    private volatile String failure;

    UcxPeer(int pe, MemorySegment ep, boolean peerErrorHandling, long remoteBase, long errorKey) {
        this.pe = pe;
        this.ep = ep;
        this.peerErrorHandling = peerErrorHandling;
        this.remoteBase = remoteBase;
        this.errorKey = errorKey;
    }

    /** Records the first failure UCX reports for this endpoint; later reports are ignored. */
    void markFailed(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    boolean failed() {
        return failure != null;
    }

    /** The exception for an operation on this PE after it failed. */
    PeFailedException failedException(String operation) {
        return new PeFailedException(pe, operation + " to PE " + pe + " cannot complete: PE " + pe
                + " failed or became unreachable (UCX reported '" + failure + "' on the endpoint to it). "
                + "Check that PE's log for why it ended; the job cannot use that PE any more");
    }
}
