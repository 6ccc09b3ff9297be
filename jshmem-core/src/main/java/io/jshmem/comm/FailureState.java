package io.jshmem.comm;

import io.jshmem.error.PeFailedException;

/**
 * What this PE knows about failures elsewhere in the job. The bootstrap's failure listener records the first dead
 * PE; every wait loop polls {@link #check()} so that a dead PE turns into an exception instead of a hang.
 * Thread-safe: one volatile publication, read by any thread.
 */
public final class FailureState {
    private volatile PeFailedException failure;
    private volatile boolean timedOut;

    /** Records a lost PE; the first report wins. */
    public void peerLost(int pe, String reason) {
        if (failure == null) {
            failure = new PeFailedException(pe, pe >= 0
                    ? "PE " + pe + " failed: " + reason + "; the job cannot complete operations that involve it"
                    : "lost the job's rendezvous: " + reason);
        }
    }

    /** Throws the recorded failure, if any (a fresh exception each time, so stack traces point at the caller). */
    public void check() {
        PeFailedException f = failure;
        if (f != null) {
            throw new PeFailedException(f.failedPe(), f.getMessage());
        }
    }

    public boolean failed() {
        return failure != null;
    }

    /**
     * Records that a blocking call of this PE passed its deadline: the PEs no longer agree on where they are, so
     * finalize must not wait a second full deadline for them.
     */
    public void timedOut() {
        timedOut = true;
    }

    /** Whether a blocking call of this PE has passed its deadline. */
    public boolean hasTimedOut() {
        return timedOut;
    }
}
