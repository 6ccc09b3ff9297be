package io.jshmem.comm;

import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemTimeoutException;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * How every blocking call waits: spin with {@link Thread#onSpinWait()} for a bounded number of polls (cheapest
 * handoff when each PE has a core), then yield (PEs outnumber cores: a pure spin would cost milliseconds per
 * handoff), then park for growing intervals. Between polls it checks for dead PEs and the deadline. A wait still
 * going at a fraction of the deadline ({@code JSHMEM_COLL_WARN_FRACTION}) logs one warning naming the PEs not
 * arrived and, for collectives, whether they are in another collective; a wait that reaches the deadline says the
 * same in its exception and marks the job as failed in {@link FailureState} (so that finalize does not wait a
 * second deadline). Thread-safe (stateless apart from configuration).
 */
public final class WaitLoop {
    /** Default warning point: 10 s of the default 120 s deadline. */
    public static final double DEFAULT_WARN_FRACTION = 10.0 / 120.0;
    private static final System.Logger LOG = ShmemLog.logger(WaitLoop.class);
    private static final int YIELDS = 200;
    private static final long MAX_PARK_NANOS = 200_000;

    private final int spins;
    private final Duration timeout;
    private final FailureState failures;
    private final long warnAfterNanos;

    public WaitLoop(int spins, Duration timeout, FailureState failures) {
        this(spins, timeout, failures, DEFAULT_WARN_FRACTION);
    }

    /**
     * @param warnFraction fraction of {@code timeout} after which a wait logs a warning; 0 or less: never
     */
    public WaitLoop(int spins, Duration timeout, FailureState failures, double warnFraction) {
        this.spins = spins;
        this.timeout = timeout;
        this.failures = failures;
        this.warnAfterNanos = warnFraction <= 0 || warnFraction >= 1 ? Long.MAX_VALUE
                : Math.max(1, Math.round(timeout.toNanos() * warnFraction));
    }

    /** After how long a wait logs its warning (Long.MAX_VALUE nanoseconds: never). */
    public Duration warnAfter() {
        return Duration.ofNanos(warnAfterNanos);
    }

    public Duration timeout() {
        return timeout;
    }

    public FailureState failures() {
        return failures;
    }

    /** Polls with {@link Thread#onSpinWait()} before the first yield. */
    public int spins() {
        return spins;
    }

    /**
     * Waits until {@code condition} holds. On deadline, throws {@link ShmemTimeoutException} with {@code what} and
     * the PEs {@code late} names (computed only then).
     */
    public void await(WaitCondition condition, String what, Supplier<List<Integer>> late) {
        await(condition, () -> what, late);
    }

    /** As {@link #await(WaitCondition, String, Supplier)}, with the description built only on timeout. */
    public void await(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late) {
        if (condition.satisfied()) {
            return;
        }
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
            if (condition.satisfied()) {
                return;
            }
        }
        backOff(condition, what, late);
    }

    /**
     * The second phase of {@link #await}: yields, then parks for growing intervals, checking for dead PEs and the
     * deadline. For callers that have already spun inline (to avoid building a condition object per wait).
     */
    public void backOff(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late) {
        backOff(condition, what, late, null);
    }

    /**
     * As {@link #await(WaitCondition, Supplier, Supplier)}; {@code mismatch} (may be null) says, on the slow path
     * only, why the wait cannot complete when members are in another collective (null when they are just late).
     */
    public void await(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late,
                      Supplier<String> mismatch) {
        if (condition.satisfied()) {
            return;
        }
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
            if (condition.satisfied()) {
                return;
            }
        }
        backOff(condition, what, late, mismatch);
    }

    /** As {@link #backOff(WaitCondition, Supplier, Supplier)}, with a mismatch explanation (may be null). */
    public void backOff(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late,
                        Supplier<String> mismatch) {
        failures.check();
        long start = System.nanoTime();
        Deadline deadline = Deadline.after(timeout);
        boolean warned = warnAfterNanos == Long.MAX_VALUE;
        long park = 1_000;
        int polls = 0;
        while (!condition.satisfied()) {
            if (polls < YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(park);
                park = Math.min(MAX_PARK_NANOS, park * 2);
            }
            polls++;
            if ((polls & 15) == 0) {
                failures.check();
                if (deadline.passed()) {
                    List<Integer> missing = late.get();
                    String why = mismatch == null ? null : mismatch.get();
                    failures.timedOut();
                    throw new ShmemTimeoutException(what.get() + " did not complete within " + timeout.toSeconds()
                            + " s; PEs not arrived: " + pes(missing)
                            + (why != null ? "; " + why : "; raise JSHMEM_TIMEOUT if the job is just slow"),
                            missing);
                }
                if (!warned && System.nanoTime() - start >= warnAfterNanos) {
                    warned = true;
                    warn(what, late, mismatch, System.nanoTime() - start);
                }
            }
        }
    }

    private void warn(Supplier<String> what, Supplier<List<Integer>> late, Supplier<String> mismatch, long waited) {
        List<Integer> missing = late.get();
        String why = mismatch == null ? null : mismatch.get();
        LOG.log(System.Logger.Level.WARNING, () -> what.get() + " has waited " + seconds(waited)
                + " for PEs " + pes(missing) + (why != null ? "; " + why : "") + "; it fails at the deadline of "
                + timeout.toSeconds() + " s (JSHMEM_TIMEOUT)");
    }

    private static String pes(List<Integer> pes) {
        return pes.isEmpty() ? "[] (none identified)" : pes.toString();
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
