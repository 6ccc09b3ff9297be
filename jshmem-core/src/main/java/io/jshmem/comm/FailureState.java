package io.jshmem.comm;

import io.jshmem.error.PeFailedException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this PE knows about failures elsewhere in the job. The bootstrap's failure listener records every dead PE
 * (and the loss of the rendezvous itself); the routing point ({@link Comm}) and every wait loop consult it so that
 * an operation involving a dead PE turns into an exception instead of silently "succeeding" on a mapping nobody
 * reads, or hanging.
 *
 * <p>Cost on the data path: {@link #suspect()} is one read of a volatile boolean that is false for the whole life
 * of a healthy job (on x86 and AArch64 a plain load of a line that is never written, so it stays in every core's
 * cache). Only when it is true does a caller pay for the lookup in {@link #checkTarget(int)}.
 *
 * <p>Thread-safe: the flag is published after the failure records (volatile write), so a reader that sees it set
 * also sees the records.
 */
public final class FailureState {
    /** PE number recorded for the loss of the rendezvous when no PE is known to host it. */
    public static final int RENDEZVOUS = -1;
    private volatile boolean timedOut;
    private volatile boolean diverged;
    private volatile boolean divergenceReported;

    private final Map<Integer, PeFailedException> dead = new ConcurrentHashMap<>();
    private volatile PeFailedException first;
    /** Set when the rendezvous is gone: every operation fails, since the job can no longer learn of failures. */
    private volatile PeFailedException global;
    private volatile boolean suspect;

    /** Records a lost PE; the first report of each PE wins. A negative PE means the rendezvous was lost. */
    public void peerLost(int pe, String reason) {
        PeFailedException f = new PeFailedException(pe, pe >= 0
                ? "PE " + pe + " failed: " + reason + "; the job cannot complete operations that involve it"
                : "lost the job's rendezvous: " + reason);
        if (pe >= 0) {
            dead.putIfAbsent(pe, f);
        }
        synchronized (this) {
            if (first == null) {
                first = f;
            }
        }
        suspect = true;
    }

    /**
     * The rendezvous connection ended unexpectedly: the launcher or the process hosting it died. Every later
     * operation fails (naming {@code hostPe}, or {@link #RENDEZVOUS} when the launcher hosted it).
     */
    public void rendezvousLost(int hostPe, String reason) {
        PeFailedException f = new PeFailedException(hostPe, "lost the job's rendezvous: " + reason);
        global = f;
        if (hostPe >= 0) {
            dead.putIfAbsent(hostPe, f);
        }
        synchronized (this) {
            if (first == null) {
                first = f;
            }
        }
        suspect = true;
    }

    /** Whether any failure has been recorded; one volatile read, meant for the data path. */
    public boolean suspect() {
        return suspect;
    }

    /** Throws the first recorded failure, if any (a fresh exception each time, so stack traces point at the caller). */
    public void check() {
        PeFailedException f = first;
        if (f != null) {
            throw fresh(f);
        }
    }

    /**
     * Throws when {@code pe} is known dead or the rendezvous is lost; otherwise returns. Call only after
     * {@link #suspect()} returned true (it is correct, just slower, without that).
     */
    public void checkTarget(int pe) {
        PeFailedException g = global;
        if (g != null) {
            throw fresh(g);
        }
        PeFailedException f = dead.get(pe);
        if (f != null) {
            throw fresh(f);
        }
    }

    /** Whether {@code pe} is known dead. */
    public boolean isDead(int pe) {
        return dead.containsKey(pe);
    }

    public boolean failed() {
        return first != null;
    }

    private static PeFailedException fresh(PeFailedException f) {
        return new PeFailedException(f.failedPe(), f.getMessage());
    }

    /**
     * Records that a blocking call of this PE passed its deadline: the PEs no longer agree on where they are, so
     * finalize must not wait a second full deadline for them.
     */
    public void timedOut() {
        timedOut = true;
    }

    /**
     * Records that this PE knows the PEs called collectives in different orders (or with other roots or sizes):
     * {@code reported} when an exception saying so has been thrown here. Finalize then takes short steps, and
     * reports the mismatch itself only when no call did.
     */
    public void collectivesDiverged(boolean reported) {
        diverged = true;
        if (reported) {
            divergenceReported = true;
        }
    }

    /** Whether this PE knows of collectives called in different orders. */
    public boolean hasDiverged() {
        return diverged;
    }

    /** Whether an exception of this PE has reported collectives called in different orders. */
    public boolean divergenceReported() {
        return divergenceReported;
    }

    /** Whether a blocking call of this PE has passed its deadline. */
    public boolean hasTimedOut() {
        return timedOut;
    }
}
