package io.jshmem.comm;

import io.jshmem.Cmp;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;

import java.time.Duration;
import java.util.List;

/**
 * What a slow wait says and when it gives up: its warning at the warning point, its exception at the deadline, and
 * the early ends when the PEs it waits for are known to have called other collectives or to have left for good.
 * Only waits past their polling phase get here, so nothing on the fast path builds a message. Immutable and
 * thread-safe.
 */
final class StallReport {
    /** Logged under WaitLoop's name: the messages users see are a wait's. */
    private static final System.Logger LOG = ShmemLog.logger(WaitLoop.class);
    private final Duration timeout;
    private final FailureState failures;

    StallReport(Duration timeout, FailureState failures) {
        this.timeout = timeout;
        this.failures = failures;
    }

    /**
     * One look at {@link WaitLoop.Stall#abandoned}: returns the answer, and throws when it repeats the previous one (the
     * members it names stayed where they were for a whole check period, so the wait is over for good). Marks the
     * failure as a timeout does, so that this PE's finalize waits only short steps.
     */
    String checkAbandoned(WaitLoop.Stall stall, String before, long waited) {
        String now = stall.abandoned();
        if (now != null && now.equals(before)) {
            // As after a timeout: the PEs no longer agree on where they are, so finalize takes its short steps.
            failures.timedOut();
            throw new ShmemStateException(stall.describe() + " cannot complete: " + now + "; stopped after "
                    + seconds(waited) + " instead of at the deadline (JSHMEM_TIMEOUT)");
        }
        return now;
    }

    /** One look at {@link WaitLoop.Stall#diverged}: throws at once when the PEs are known to be in different collectives. */
    void checkDiverged(WaitLoop.Stall stall, long waited) {
        String why = stall.diverged();
        if (why != null) {
            failures.collectivesDiverged(true);
            throw new ShmemStateException(stall.describe() + " cannot complete: " + why + "; stopped after "
                    + seconds(waited) + " instead of at the deadline");
        }
    }

    /** The exception of a wait past its deadline; marks the job as failed by a timeout. */
    ShmemTimeoutException timedOut(WaitLoop.Stall stall) {
        List<Integer> missing = stall.latePes();
        String why = stall.mismatch();
        failures.timedOut();
        stall.timedOut();
        return new ShmemTimeoutException(stall.describe() + " did not complete within " + timeout.toSeconds()
                + " s; PEs not arrived: " + pes(missing)
                + (why != null ? "; " + why : "; raise JSHMEM_TIMEOUT if the job is just slow"), missing);
    }

    /** The one warning of a wait still going at the warning point. */
    void warn(WaitLoop.Stall stall, long waited) {
        List<Integer> missing = stall.latePes();
        String why = stall.mismatch();
        LOG.log(System.Logger.Level.WARNING, () -> stall.describe() + " has waited " + seconds(waited)
                + " for PEs " + pes(missing) + (why != null ? "; " + why : "") + "; it fails at the deadline of "
                + timeout.toSeconds() + " s (JSHMEM_TIMEOUT)");
    }

    private static String pes(List<Integer> pes) {
        return pes.isEmpty() ? "[] (none identified)" : pes.toString();
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** Describes a wait on variables, for timeout messages. */
    static String describe(String op, WaitType type, long offset, int count, Cmp cmp, String value) {
        return op + " (" + count + " " + type.name().toLowerCase(java.util.Locale.ROOT) + " variable"
                + (count == 1 ? "" : "s") + " at heap offset " + offset + ", waiting for value " + cmp.symbol() + " "
                + value + ")";
    }

}
