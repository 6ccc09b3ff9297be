package io.jshmem.launcher;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Decides which PE failed first and why, from process exits, lost rendezvous connections and globalExit aborts in
 * the order they arrive. A lost connection is held back briefly, because the same PE's exit usually follows and
 * explains it better ({@code killed by signal 9} rather than {@code lost its connection}). A PE of another node
 * (multi-node jobs: only node 0's launcher hears of them, through the rendezvous it serves) has no exit here, so
 * its lost connection counts at once. Events that the launcher caused (while it kills the PEs) are not failures.
 * PEs are numbered job-wide. Not thread-safe: used by the job's monitor thread.
 */
final class FirstFailure {
    /** How long a lost connection waits for the same PE's exit. */
    static final long LOST_TO_EXIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final String NO_GOODBYE = "exited with status 0 without closing its rendezvous connection (did it"
            + " skip finalize?)";

    /** The first failure: PE, why, and the job's exit status because of it. */
    record Failure(int pe, String why, int code) {
    }

    private final int firstPe;
    private final int[] exitCodes;
    private Failure first;
    private int lostPe = -1;
    private String lostReason;
    private long lostUntil = Long.MAX_VALUE;

    /** Watches the PEs {@code firstPe .. firstPe + localPes - 1} that run here. */
    FirstFailure(int firstPe, int localPes) {
        this.firstPe = firstPe;
        exitCodes = new int[localPes];
        Arrays.fill(exitCodes, -1);
    }

    /** A one-node job of {@code nPes} PEs. */
    FirstFailure(int nPes) {
        this(0, nPes);
    }

    private boolean isLocal(int pe) {
        return pe >= firstPe && pe - firstPe < exitCodes.length;
    }

    void exited(int pe, int code, boolean launcherIsKilling) {
        exitCodes[pe - firstPe] = code;
        if (lostPe == pe) {
            first = code != 0 ? new Failure(pe, ExitStatus.describe(code), code) : new Failure(pe, NO_GOODBYE, 1);
            clearLost();
        } else if (first == null && lostPe < 0 && !launcherIsKilling && code != 0) {
            first = new Failure(pe, ExitStatus.describe(code), code);
        }
    }

    /**
     * A PE whose JVM ended before the program ran (its main class could not be found or loaded): the job's status
     * is 127, as for a PE that could not be started.
     */
    void notStarted(int pe, String why, boolean launcherIsKilling) {
        exitCodes[pe - firstPe] = Job.EXIT_START_FAILED;
        if (first == null && !launcherIsKilling) {
            first = new Failure(pe, why, Job.EXIT_START_FAILED);
            clearLost();
        }
    }

    void aborted(int pe, int status, String reason, boolean launcherIsKilling) {
        if (first == null && !launcherIsKilling) {
            first = new Failure(pe, "called globalExit(" + status + ")" + (reason.isEmpty() ? "" : ": " + reason),
                    status);
            clearLost();
        }
    }

    void lost(int pe, String reason, long nowNanos, boolean launcherIsKilling) {
        if (first != null || lostPe >= 0 || launcherIsKilling) {
            return;
        }
        if (!isLocal(pe)) {
            first = new Failure(pe, "lost its rendezvous connection without goodbye (" + reason + "); it runs on"
                    + " another node, whose launcher reports how it ended", 1);
            return;
        }
        int code = exitCodes[pe - firstPe];
        if (code >= 0) {
            first = code != 0 ? new Failure(pe, ExitStatus.describe(code), code) : new Failure(pe, NO_GOODBYE, 1);
        } else {
            lostPe = pe;
            lostReason = reason;
            lostUntil = nowNanos + LOST_TO_EXIT_NANOS;
        }
    }

    /** Settles a held-back lost connection whose PE did not exit in time. */
    void tick(long nowNanos) {
        if (lostPe >= 0 && nowNanos - lostUntil >= 0) {
            first = new Failure(lostPe, "lost its rendezvous connection without goodbye (" + lostReason
                    + ") and is still running", 1);
            clearLost();
        }
    }

    /** When {@link #tick} has something to settle (Long.MAX_VALUE when nothing). */
    long wakeAt() {
        return lostUntil;
    }

    /** The first failure, or null while there is none (or it is still held back). */
    Failure get() {
        return first;
    }

    private void clearLost() {
        lostPe = -1;
        lostReason = null;
        lostUntil = Long.MAX_VALUE;
    }
}
