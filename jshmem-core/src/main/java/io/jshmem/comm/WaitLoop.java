package io.jshmem.comm;

import io.jshmem.Cmp;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.spi.WaitProgress;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * How every blocking call waits, chosen once per PE from how many PEs share the host's cores
 * ({@link WaitMode#choose}):
 * <ul>
 *   <li>{@link WaitMode#SPIN}: every PE of the host has a core, so the partner is running and its write arrives
 *   within a cache-line transfer: poll with {@link Thread#onSpinWait()} until the condition holds, never park
 *   (a yield every thousand polls lets a descheduled partner run on this core).</li>
 *   <li>{@link WaitMode#SLEEP}: PEs outnumber cores, so a polling waiter takes the core its partner needs: poll
 *   briefly, yield the core a bounded number of times (the writer is most likely a PE waiting for one), then
 *   announce the wait in this PE's heap and sleep in the kernel on the heap's doorbell (a futex on the shared
 *   mapping), woken by the write that may satisfy it ({@link Doorbell}). Sleeps are bounded, so that writers that
 *   cannot ring (a network engine) are seen within a slice.</li>
 *   <li>{@link WaitMode#POLL}: spin, then yield, then park for growing intervals: the fallback without futexes, and
 *   auto's choice where PEs outnumber cores and a network engine serves some peer. Such a peer's writes land only
 *   when this PE's worker progresses, so a sleeping waiter saw them at the end of its slice, or after the progress
 *   thread's hand-off; a polling one delivers them itself between yields. Over UCX on tcp loopback, 4 PEs on 2
 *   cores, two launches each: Synch_p2p 14.9 / 15.7 ms per iteration polling against 18.8 / 23.1 sleeping (C on
 *   OSHMEM 20.5 / 20.6), Stencil's halo 1.11 / 1.62 ms against 1.51 / 2.27.</li>
 * </ul>
 * When a network engine needs target-side progress ({@link WaitProgress}), a spinning or polling waiter drives it
 * itself between polls, so that the write it waits for is delivered by the waiting thread rather than handed over
 * by the engine's progress thread. In every mode the wait checks for dead PEs and its deadline between polls or sleeps. Virtual threads always
 * poll: spinning or sleeping in the kernel would hold their carrier thread. A wait still going at a fraction of the
 * deadline ({@code JSHMEM_COLL_WARN_FRACTION}) logs one warning naming the PEs not arrived and, for collectives,
 * whether they are in another collective; a wait that reaches the deadline says the same in its exception and marks
 * the job as failed in {@link FailureState} (so that finalize does not wait a second deadline).
 *
 * <p>Roles: this class holds the configuration and the first, polling phase of every wait; {@link WaitBackOff}
 * the second phase per mode; {@link StallReport} the warning, the timeout and the early ends; {@link WordWait} the
 * per-thread wait on one variable.
 *
 * <p>Allocation: {@link #await(WaitCondition, Stall)} and {@link #awaitValue} allocate nothing; the description
 * of a wait is built only when it times out. Thread-safe (configuration only, plus a diagnostic counter).
 */
public final class WaitLoop {
    /** Default warning point: 10 s of the default 120 s deadline. */
    public static final double DEFAULT_WARN_FRACTION = 10.0 / 120.0;
    /** Polls before a sleeping-mode waiter announces itself: about a microsecond, a partner on the other core. */
    private static final int SLEEP_MODE_SPINS = 64;
    /**
     * Yields of a sleeping-mode waiter after its polls and before it sleeps (JSHMEM_WAIT_YIELDS), at most
     * {@link #SLEEP_MODE_YIELD_NANOS} in all. With more PEs than cores the write a waiter needs usually comes from a
     * PE waiting for a core: a yield gives it this one at the cost of a context switch, where a sleep costs a futex
     * wait, the writer's wake-up call and a switch back. A barrier of 32 PEs on 2 cores needs each waiter to let
     * about 16 others run; 128 yields cover that up to about 128 PEs, and a waiter alone on an idle host spends them
     * in about 100 µs. Measured with the central barrier (CollectivesBench --barrier-only, 2 cores, median of 7
     * rounds), 0 -> 128 yields: 8 PEs 125 -> 23 µs, 16 PEs 251 -> 72-103 µs, 32 PEs 696 -> 161 µs per barrier.
     */
    public static final int DEFAULT_SLEEP_YIELDS = 128;
    /** Bound of the yield phase: yields that each hand the core to a busy PE for a whole time slice add up. */
    private static final long SLEEP_MODE_YIELD_NANOS = 1_000_000;

    /** A wait's description for its timeout message, computed only then. */
    public interface Stall {
        /** What was waited for, e.g. "barrier (epoch 3, 8 PEs)". */
        String describe();

        /** PEs known not to have arrived (may be empty). */
        default List<Integer> latePes() {
            return List.of();
        }

        /**
         * Why the wait may never complete (members in another collective, or the PEs that could write gone into
         * finalize); null when they are just late.
         */
        default String mismatch() {
            return null;
        }

        /**
         * Why the wait can never complete because a member it needs has left for good (is in finalize while this PE
         * is not); null otherwise. Asked once per {@link #ABANDON_CHECK_NANOS} of a long wait; the wait fails when
         * two answers in a row agree, instead of waiting for the deadline.
         */
        default String abandoned() {
            return null;
        }

        /**
         * Why the wait can never complete because the PEs are known to have called different collectives (a
         * certain answer, unlike {@link #mismatch}); null otherwise. Asked every {@link #DIVERGE_CHECK_NANOS} of a
         * wait that has left its spin phase; the wait fails at the first answer.
         */
        default String diverged() {
            return null;
        }

        /** Told when the wait passes its deadline, before the exception is thrown (slow path only). */
        default void timedOut() {
        }
    }

    /**
     * Who may still write this PE's memory, asked by waits on it (waitUntil, signal waits, waitAny/Some/All) only when
     * they warn or time out: {@link #gone()} explains that PEs have entered finalize and can no longer write, or is
     * null while every other PE may still write.
     */
    public interface Writers {
        String gone();
    }

    /**
     * How often a slow wait asks {@link Stall#diverged}: a few reads of the members' words per check, nothing on the
     * fast path, and a mismatch fails every PE involved well within a second.
     */
    public static final long DIVERGE_CHECK_NANOS = 100_000_000L;

    /** How often a long wait asks {@link Stall#abandoned}: after one second, then every second. */
    public static final long ABANDON_CHECK_NANOS = 1_000_000_000L;

    private final int spins;
    private final Duration timeout;
    private final FailureState failures;
    private final WaitMode mode;
    private final long warnAfterNanos;
    private final ThreadLocal<WordWait> words = ThreadLocal.withInitial(() -> new WordWait(this));
    private volatile Writers writers = () -> null;
    private final WaitBackOff backOff;

    /** The fallback loop ({@link WaitMode#POLL}). */
    public WaitLoop(int spins, Duration timeout, FailureState failures) {
        this(spins, timeout, failures, WaitMode.POLL, null, 0, DEFAULT_WARN_FRACTION);
    }

    /** The fallback loop with a warning point; {@code warnFraction} 0 or less: never warn. */
    public WaitLoop(int spins, Duration timeout, FailureState failures, double warnFraction) {
        this(spins, timeout, failures, WaitMode.POLL, null, 0, warnFraction);
    }

    /** A loop in {@code mode} with the default warning point. */
    public WaitLoop(int spins, Duration timeout, FailureState failures, WaitMode mode, MemorySegment heap,
                    long sliceNanos) {
        this(spins, timeout, failures, mode, heap, sliceNanos, DEFAULT_WARN_FRACTION);
    }

    /**
     * @param heap       this PE's heap (its doorbell); needed only for {@link WaitMode#SLEEP}
     * @param sliceNanos longest single sleep of {@link WaitMode#SLEEP}
     * @param warnFraction fraction of {@code timeout} after which a wait logs a warning; 0 or less: never
     */
    public WaitLoop(int spins, Duration timeout, FailureState failures, WaitMode mode, MemorySegment heap,
                    long sliceNanos, double warnFraction) {
        this(spins, timeout, failures, mode, heap, sliceNanos, warnFraction, null);
    }

    /**
     * As {@link #WaitLoop(int, Duration, FailureState, WaitMode, MemorySegment, long, double)}, with the network
     * engine whose progress a spinning or polling waiter drives ({@code null}: none needs it).
     */
    public WaitLoop(int spins, Duration timeout, FailureState failures, WaitMode mode, MemorySegment heap,
                    long sliceNanos, double warnFraction, WaitProgress network) {
        this(spins, timeout, failures, mode, heap, sliceNanos, warnFraction, network, DEFAULT_SLEEP_YIELDS);
    }

    /**
     * As {@link #WaitLoop(int, Duration, FailureState, WaitMode, MemorySegment, long, double, WaitProgress)}, with
     * the yields of {@link WaitMode#SLEEP} before a waiter sleeps ({@code sleepYields}, 0: sleep at once).
     */
    public WaitLoop(int spins, Duration timeout, FailureState failures, WaitMode mode, MemorySegment heap,
                    long sliceNanos, double warnFraction, WaitProgress network, int sleepYields) {
        this(spins, timeout, failures, mode, heap, sliceNanos, warnFraction, network, sleepYields,
                SLEEP_MODE_YIELD_NANOS);
    }

    /**
     * With the time bound of the yield phase ({@code yieldNanos}); tests widen it so that a loaded host, where one
     * yield can last a whole time slice, does not end the phase before its count.
     */
    WaitLoop(int spins, Duration timeout, FailureState failures, WaitMode mode, MemorySegment heap,
             long sliceNanos, double warnFraction, WaitProgress network, int sleepYields, long yieldNanos) {
        if (sleepYields < 0) {
            throw new IllegalArgumentException("JSHMEM_WAIT_YIELDS = " + sleepYields + " is negative: valid values"
                    + " are 0 (sleep at once) or more; the default is " + DEFAULT_SLEEP_YIELDS);
        }
        if (mode == WaitMode.SLEEP && (heap == null || !Futex.available())) {
            mode = WaitMode.POLL;
        }
        // With a network engine to progress, the plain polls of await's first phase would leave delivery to the
        // engine's progress thread: keep them short and let backOff progress.
        this.spins = mode == WaitMode.SLEEP || network != null ? Math.min(spins, SLEEP_MODE_SPINS) : spins;
        this.timeout = timeout;
        this.failures = failures;
        this.mode = mode;
        this.warnAfterNanos = warnFraction <= 0 || warnFraction >= 1 ? Long.MAX_VALUE
                : Math.max(1, Math.round(timeout.toNanos() * warnFraction));
        this.backOff = new WaitBackOff(timeout, failures, heap, Math.max(1_000, sliceNanos), warnAfterNanos, network,
                sleepYields, yieldNanos);
    }

    /**
     * Installs what waits on this PE's own memory report about the PEs that can no longer write it (the runtime:
     * those in finalize), in their warning and timeout messages. They keep waiting until the deadline: another thread
     * of this PE, or a stream's, may still satisfy them.
     */
    public void watchWriters(Writers w) {
        writers = java.util.Objects.requireNonNull(w, "writers");
    }

    /**
     * As {@link #await(WaitCondition, Supplier, Supplier)} for a wait on this PE's own memory that any PE may satisfy:
     * its warning and timeout say which PEs can no longer write ({@link #watchWriters}).
     */
    public void awaitLocal(WaitCondition condition, Supplier<String> what) {
        if (condition.satisfied()) {
            return;
        }
        await(condition, stall(what, List::of, () -> writers.gone()));
    }

    /** What waits on this PE's memory say about PEs that can no longer write it ({@link #watchWriters}). */
    String writersGone() {
        return writers.gone();
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

    public WaitMode mode() {
        return mode;
    }

    /** Whether writers must {@link Doorbell#ring} the heaps they write, because waiters may sleep. */
    public boolean writersRing() {
        return mode == WaitMode.SLEEP;
    }

    /** Polls with {@link Thread#onSpinWait()} before the first yield (POLL) or sleep (SLEEP). */
    public int spins() {
        return spins;
    }

    /**
     * Sleeps that ran their whole slice without a wake; for tests (a lost wake-up shows as one) and diagnostics.
     * Counts only in {@link WaitMode#SLEEP}.
     */
    public long fullSlices() {
        return backOff.fullSlices();
    }

    /** Futex sleeps so far (SLEEP mode); for tests and diagnostics. */
    public long sleeps() {
        return backOff.sleeps();
    }

    /**
     * Waits until {@code condition} holds. On deadline, throws {@link ShmemTimeoutException} with {@code what} and
     * the PEs {@code late} names (computed only then). Allocates a small adapter; hot paths use
     * {@link #await(WaitCondition, Stall)}.
     */
    public void await(WaitCondition condition, String what, Supplier<List<Integer>> late) {
        await(condition, () -> what, late);
    }

    /** As {@link #await(WaitCondition, String, Supplier)}, with the description built only on timeout. */
    public void await(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late) {
        if (condition.satisfied()) {
            return;
        }
        await(condition, stall(what, late, null));
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
        await(condition, stall(what, late, mismatch));
    }

    /** As {@link #backOff(WaitCondition, Supplier, Supplier)}, with a mismatch explanation (may be null). */
    public void backOff(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late,
                        Supplier<String> mismatch) {
        backOff(condition, stall(what, late, mismatch));
    }

    private static Stall stall(Supplier<String> what, Supplier<List<Integer>> late, Supplier<String> mismatch) {
        return new Stall() {
            @Override
            public String describe() {
                return what.get();
            }

            @Override
            public List<Integer> latePes() {
                return late.get();
            }

            @Override
            public String mismatch() {
                return mismatch == null ? null : mismatch.get();
            }
        };
    }

    /** Waits until {@code condition} holds; {@code stall} describes the wait if it times out. No allocation. */
    public void await(WaitCondition condition, Stall stall) {
        if (condition.satisfied()) {
            return;
        }
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
            if (condition.satisfied()) {
                return;
            }
        }
        backOff(condition, stall);
    }

    /**
     * Waits until the {@code type} variable at {@code offset} of {@code segment} satisfies {@code cmp operand}
     * (acquire loads; {@code operand} already normalized); returns the value that satisfied it. {@code op} names
     * the operation in a timeout message. No allocation after a thread's first call.
     */
    public long awaitValue(MemorySegment segment, long offset, WaitType type, Cmp cmp, long operand,
                           String op) {
        WordWait w = words.get();
        w.set(segment, offset, type, cmp, operand, op);
        try {
            await(w, w);
            return w.seen;
        } finally {
            w.segment = null;
        }
    }

    /**
     * The second phase of {@link #await}, after the caller's own polling: by mode, keeps spinning, sleeps on the
     * doorbell, or yields and parks; checks for dead PEs and the deadline throughout.
     */
    public void backOff(WaitCondition condition, Stall stall) {
        if (Thread.currentThread().isVirtual()) {
            // A virtual thread that spins or sleeps in the kernel keeps its carrier: with more waiters than
            // carriers the writer would never run. Yield and park unmount it.
            backOff.poll(condition, stall);
            return;
        }
        switch (mode) {
            case SPIN -> backOff.spin(condition, stall);
            case SLEEP -> backOff.sleep(condition, stall);
            case POLL -> backOff.poll(condition, stall);
        }
    }

    /** As {@link #backOff(WaitCondition, Stall)}, with suppliers for the timeout message. */
    public void backOff(WaitCondition condition, Supplier<String> what, Supplier<List<Integer>> late) {
        backOff(condition, stall(what, late, null));
    }


}
