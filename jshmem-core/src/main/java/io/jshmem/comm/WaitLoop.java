package io.jshmem.comm;

import io.jshmem.error.ShmemTimeoutException;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * How every blocking call waits: spin with {@link Thread#onSpinWait()} for a bounded number of polls (cheapest
 * handoff when each PE has a core), then yield (PEs outnumber cores: a pure spin would cost milliseconds per
 * handoff), then park for growing intervals. Between polls it checks for dead PEs and the deadline.
 * Thread-safe (stateless apart from configuration).
 */
public final class WaitLoop {
    private static final int YIELDS = 200;
    private static final long MAX_PARK_NANOS = 200_000;

    private final int spins;
    private final Duration timeout;
    private final FailureState failures;

    public WaitLoop(int spins, Duration timeout, FailureState failures) {
        this.spins = spins;
        this.timeout = timeout;
        this.failures = failures;
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
        failures.check();
        Deadline deadline = Deadline.after(timeout);
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
                    throw new ShmemTimeoutException(what.get() + " did not complete within " + timeout.toSeconds()
                            + " s" + (missing.isEmpty() ? "" : "; PEs not arrived: " + missing)
                            + "; raise JSHMEM_TIMEOUT if the job is just slow", missing);
                }
            }
        }
    }
}
