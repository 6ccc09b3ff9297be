package io.jshmem.comm;

import io.jshmem.spi.WaitProgress;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The second phase of a wait ({@link WaitLoop#backOff}) by {@link WaitMode}: keep spinning (driving a network
 * engine's progress where one needs it) or yield and park, both in one loop on a flag; or sleep on this PE's
 * doorbell, in a loop of its own (it re-arms the doorbell and looks at the stall on every wake). Each checks for
 * dead PEs and the deadline throughout and hands the slow-path messages to {@link StallReport}. Allocates nothing.
 * Thread-safe: configuration only, plus the sleep counters.
 */
final class WaitBackOff {
    private static final int YIELDS = 200;
    private static final long MAX_PARK_NANOS = 200_000;
    /** Polls between deadline and failure checks of a spinning wait (a nanoTime call costs tens of polls). */
    private static final int SPIN_CHECK_MASK = 1023;
    /** Yields or parks between the checks of a polling wait (each already costs far more than a check). */
    private static final int POLL_CHECK_MASK = 15;

    private final Duration timeout;
    private final FailureState failures;
    private final MemorySegment heap;
    private final long sliceNanos;
    private final long warnAfterNanos;
    private final WaitProgress network;
    private final int sleepYields;
    private final long yieldNanos;
    private final StallReport report;
    private final LongAdder fullSlices = new LongAdder();
    private final LongAdder sleeps = new LongAdder();

    WaitBackOff(Duration timeout, FailureState failures, MemorySegment heap, long sliceNanos, long warnAfterNanos,
                WaitProgress network, int sleepYields, long yieldNanos) {
        this.timeout = timeout;
        this.failures = failures;
        this.heap = heap;
        this.sliceNanos = sliceNanos;
        this.warnAfterNanos = warnAfterNanos;
        this.network = network;
        this.sleepYields = sleepYields;
        this.yieldNanos = yieldNanos;
        this.report = new StallReport(timeout, failures);
    }

    /** Sleeps that ran their whole slice without a wake ({@link WaitLoop#fullSlices}). */
    long fullSlices() {
        return fullSlices.sum();
    }

    /** Futex sleeps so far ({@link WaitLoop#sleeps}). */
    long sleeps() {
        return sleeps.sum();
    }

    /** {@link WaitMode#SPIN}: poll on (or drive the network engine) until the condition holds. */
    void spin(WaitCondition condition, WaitLoop.Stall stall) {
        bracketed(condition, stall, true);
    }

    /** {@link WaitMode#POLL} and virtual threads: yield, then park for growing intervals. */
    void poll(WaitCondition condition, WaitLoop.Stall stall) {
        bracketed(condition, stall, false);
    }

    /** {@link #repeat} between the network engine's begin and end, where there is one. */
    private void bracketed(WaitCondition condition, WaitLoop.Stall stall, boolean spin) {
        if (network != null) {
            network.begin();
            try {
                repeat(condition, stall, spin);
            } finally {
                network.end();
            }
        } else {
            repeat(condition, stall, spin);
        }
    }

    /**
     * The loop of SPIN ({@code spin}) and POLL. Between looks at the condition SPIN pauses the CPU (or drives the
     * network engine) and checks deadline, dead PEs and stalls every {@code SPIN_CHECK_MASK + 1} looks; POLL drives
     * the network engine, yields, then parks for growing intervals, and checks every {@code POLL_CHECK_MASK + 1}.
     * The mode is a flag, not a strategy object, so the loop calls no interface beyond the condition and the engine,
     * and the JIT can split it on the invariant flag.
     */
    private void repeat(WaitCondition condition, WaitLoop.Stall stall, boolean spin) {
        WaitProgress net = network;
        int checkMask = spin ? SPIN_CHECK_MASK : POLL_CHECK_MASK;
        failures.check();
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        boolean warned = warnAfterNanos == Long.MAX_VALUE;
        long abandonCheck = start + WaitLoop.ABANDON_CHECK_NANOS;
        long divergeCheck = start + WaitLoop.DIVERGE_CHECK_NANOS;
        String abandoned = null;
        long park = 1_000;
        int polls = 0;
        while (!condition.satisfied()) {
            if (spin) {
                if (net != null) {
                    net.progress();
                } else {
                    Thread.onSpinWait();
                }
            } else {
                if (net != null) {
                    net.progress();
                    if (condition.satisfied()) {
                        return;
                    }
                }
                if (polls < YIELDS) {
                    Thread.yield();
                } else {
                    LockSupport.parkNanos(park);
                    park = Math.min(MAX_PARK_NANOS, park * 2);
                }
            }
            if ((++polls & checkMask) == 0) {
                if (spin) {
                    // Tens of microseconds without the write: the partner may be descheduled (other work on the
                    // host, or more threads than cores); a yield, not a park, lets it run on this core at once.
                    Thread.yield();
                }
                failures.check();
                long now = System.nanoTime();
                if (now - deadline > 0) {
                    throw report.timedOut(stall);
                }
                if (now - divergeCheck >= 0) {
                    divergeCheck = now + WaitLoop.DIVERGE_CHECK_NANOS;
                    report.checkDiverged(stall, now - start);
                }
                if (now - abandonCheck >= 0) {
                    abandonCheck = now + WaitLoop.ABANDON_CHECK_NANOS;
                    abandoned = report.checkAbandoned(stall, abandoned, now - start);
                }
                if (!warned && now - start >= warnAfterNanos) {
                    warned = true;
                    report.warn(stall, now - start);
                }
            }
        }
    }

    /** {@link WaitMode#SLEEP}: bounded yields, then sleeps on the doorbell in slices until the condition holds. */
    void sleep(WaitCondition condition, WaitLoop.Stall stall) {
        long yieldsEnd = sleepYields == 0 ? 0 : System.nanoTime() + yieldNanos;
        for (int i = 0; i < sleepYields; i++) {
            Thread.yield();
            if (condition.satisfied()) {
                return;
            }
            if ((i & 7) == 7 && System.nanoTime() - yieldsEnd > 0) {
                break;
            }
        }
        failures.check();
        long begin = System.nanoTime();
        long deadline = begin + timeout.toNanos();
        boolean warned = warnAfterNanos == Long.MAX_VALUE;
        long abandonCheck = begin + WaitLoop.ABANDON_CHECK_NANOS;
        long divergeCheck = begin + WaitLoop.DIVERGE_CHECK_NANOS;
        String abandoned = null;
        while (true) {
            Doorbell.arm(heap);
            int bell = Doorbell.current(heap);
            if (condition.satisfied()) {
                return;
            }
            failures.check();
            long now = System.nanoTime();
            long left = deadline - now;
            if (left <= 0) {
                throw report.timedOut(stall);
            }
            if (now - divergeCheck >= 0) {
                divergeCheck = now + WaitLoop.DIVERGE_CHECK_NANOS;
                report.checkDiverged(stall, now - begin);
            }
            if (now - abandonCheck >= 0) {
                abandonCheck = now + WaitLoop.ABANDON_CHECK_NANOS;
                abandoned = report.checkAbandoned(stall, abandoned, now - begin);
            }
            if (!warned && now - begin >= warnAfterNanos) {
                warned = true;
                report.warn(stall, now - begin);
            }
            if (!Doorbell.armed(heap)) {
                continue; // a writer took this arming for another write: arm again before sleeping
            }
            // Slices stay whole (10 ms by default): the check for diverged collectives comes with the next one.
            long slice = Math.min(left, sliceNanos);
            long start = System.nanoTime();
            sleeps.increment();
            Doorbell.sleep(heap, bell, slice);
            if (System.nanoTime() - start >= slice && Doorbell.current(heap) == bell) {
                fullSlices.increment();
            }
        }
    }
}
