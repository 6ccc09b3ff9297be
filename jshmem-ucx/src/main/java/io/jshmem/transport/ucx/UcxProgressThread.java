package io.jshmem.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * Target-side progress for one worker. Software-emulated transports (tcp, and shm on memory UCX did not allocate)
 * carry puts, gets and atomics as active messages that the <em>target</em> must process, so every engine runs
 * this daemon thread.
 *
 * <p>Strategy: spin-then-sleep on the worker's event fd. While {@code ucp_worker_progress} finds work, and for
 * {@code spinNanos} after the last work, the thread keeps polling (low latency for ping-pong traffic). Then it
 * arms the worker ({@code ucp_worker_arm}) and sleeps in {@code poll(2)} on the event fd, called through FFM, until
 * UCX signals new events, {@link #stop} signals the worker, or {@value #POLL_MILLIS} ms pass (a bound on any missed
 * wake-up); a wake-up that brings no work goes straight back to sleep. Idle cost: one wake-up per
 * {@value #POLL_MILLIS} ms (measured below 0.3% of a core per engine). When the worker has no event fd the sleep is a
 * {@value #PARK_MICROS} µs park instead. While an application thread of the engine waits for a request it
 * progresses the worker itself, and this thread parks in 20 µs steps instead of contending for the worker lock.
 * While an application thread waits on its own memory and progresses the worker between polls
 * ({@link #memoryWaitBegins}), this thread parks until the last such wait ends (at most {@value #MEMORY_WAIT_PARK_MILLIS}
 * ms at a time): its wake-ups would only take the core from the waiter, which is the one delivering messages. The end
 * of a wait wakes it at once only when it has been parked for {@value #WAKE_AFTER_MICROS} µs or more; otherwise its
 * own park ends within {@value #MEMORY_WAIT_PARK_MILLIS} ms. So target-side progress resumes at most that long after
 * the last wait, and a run of short waits (a ping-pong: one ends every few microseconds) pays an unpark and a context
 * switch at most once per {@value #WAKE_AFTER_MICROS} µs instead of on every message: unparking on every wait's end,
 * tcp ping-pong rounds between two JVMs on 2 cores alternated between 11 and 30-40 µs per half round trip; now
 * 10.5-12 µs (UcxVsPerftestBench, ucx_perftest put_lat 10.6 µs in the same runs).
 *
 * <p>Scheduling: the thread first moves itself into the class JSHMEM_UCX_PROGRESS_PRIORITY names
 * ({@link ProgressScheduling}; batch by default, idle where PEs outnumber cores), so that the wake-ups of its
 * event-fd sleep do not preempt an application thread. Over tcp loopback on 2 cores, 2 PEs, normal / batch / idle:
 * Synch_p2p 11.1-12.7 / 7.2-8.9 / 7.6-7.9 ms per iteration, Stencil's halo exchange 0.45-0.51 / 0.30-0.38 /
 * 0.24-0.31 ms (OSHMEM's C: 6.4-7.8 and 0.16-0.26). {@link #scheduling} says what was applied.
 *
 * <p>Thread-safety: the worker is {@code UCS_THREAD_MODE_MULTI}, so this thread and application threads may call
 * progress concurrently. {@link #stop} may be called from any thread, once.
 */
@SuppressWarnings("restricted") // binding native code is this class's purpose; needs --enable-native-access
final class UcxProgressThread {
    static final int POLL_MILLIS = 100;
    static final long PARK_MICROS = 100;
    private static final long WAITER_PARK_NANOS = 20_000;
    static final long MEMORY_WAIT_PARK_MILLIS = 1;
    static final long WAKE_AFTER_MICROS = 250;
    private static final long NOT_PARKED = Long.MIN_VALUE;
    private static final short POLLIN = 1;
    private static final MethodHandle POLL = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().findOrThrow("poll"),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));

    private final MemorySegment worker;
    private final int eventFd;
    private final long spinNanos;
    private final AtomicInteger waiters;
    private final AtomicInteger memoryWaiters = new AtomicInteger();
    private final Thread thread;
    private volatile boolean running = true;
    /** When this thread began its current park for memory waiters ({@link System#nanoTime}), or NOT_PARKED. */
    private volatile long parkedSince = NOT_PARKED;
    private volatile Throwable failure;
    private final ProgressScheduling requested;
    private final java.util.concurrent.CountDownLatch scheduled = new java.util.concurrent.CountDownLatch(1);
    private volatile String scheduling = ProgressScheduling.NORMAL.label();

    /**
     * @param eventFd the worker's event fd, or -1 to sleep by parking
     * @param spinNanos how long to keep polling after the last event before sleeping
     * @param requested the scheduling class the thread moves itself into
     * @param waiters application threads that are progressing the worker themselves right now
     */
    UcxProgressThread(MemorySegment worker, int eventFd, long spinNanos,
                      ProgressScheduling requested, AtomicInteger waiters, String name) {
        this.requested = requested;
        this.worker = worker;
        this.waiters = waiters;
        this.eventFd = eventFd;
        this.spinNanos = spinNanos;
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
        if (eventFd < 0) {
            io.jshmem.config.ShmemLog.logger(UcxProgressThread.class).log(System.Logger.Level.WARNING, () -> name
                    + ": the UCX worker has no event fd; the idle progress thread sleeps by parking (higher"
                    + " latency for the first message after a pause)");
        }
    }

    /** Starts the thread; returns once it has applied its scheduling class (or after a second at most). */
    void start() {
        thread.start();
        try {
            scheduled.await(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The thread's scheduling as applied: {@code batch}, {@code idle}, {@code normal}, or {@code normal (why the
     * requested class was not applied)}.
     */
    String scheduling() {
        return scheduling;
    }

    /** An application thread starts a wait on its own memory in which it progresses the worker itself. */
    void memoryWaitBegins() {
        memoryWaiters.incrementAndGet();
    }

    /**
     * Such a wait ended. The last one wakes this thread to serve peers again when it has been parked for
     * {@link #WAKE_AFTER_MICROS} µs; otherwise the thread's own park ends within {@link #MEMORY_WAIT_PARK_MILLIS} ms.
     */
    void memoryWaitEnds() {
        if (memoryWaiters.decrementAndGet() == 0) {
            long since = parkedSince;
            if (since != NOT_PARKED && System.nanoTime() - since >= WAKE_AFTER_MICROS * 1000) {
                LockSupport.unpark(thread);
            }
        }
    }

    /** The error that ended the thread early (peers then time out on this PE), or null. */
    Throwable failure() {
        return failure;
    }

    /**
     * Stops the thread and waits for it. Returns false when it did not end within {@code timeout}; the worker must
     * then not be destroyed, because the thread may still be inside UCX.
     */
    boolean stop(Duration timeout) {
        running = false;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (thread.isAlive()) {
            Ucp.signal(worker);
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                thread.join(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !thread.isAlive();
            }
        }
        return true;
    }

    private void run() {
        String refused = requested.applyToCurrentThread();
        scheduling = refused == null ? requested.label() : ProgressScheduling.NORMAL.label() + " (" + refused + ")";
        if (refused != null) {
            io.jshmem.config.ShmemLog.logger(UcxProgressThread.class).log(System.Logger.Level.INFO,
                    () -> thread.getName() + " keeps normal scheduling: " + refused);
        }
        scheduled.countDown();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pollFd = arena.allocate(8, 4);
            long lastWork = System.nanoTime();
            while (running) {
                if (memoryWaiters.get() > 0) {
                    parkedSince = System.nanoTime();
                    LockSupport.parkNanos(MEMORY_WAIT_PARK_MILLIS * 1_000_000);
                    parkedSince = NOT_PARKED;
                    lastWork = System.nanoTime();
                    continue;
                }
                if (waiters.get() > 0) {
                    // An application thread is progressing the worker: competing for its lock only slows it.
                    LockSupport.parkNanos(WAITER_PARK_NANOS);
                    continue;
                }
                if (Ucp.progress(worker) != 0) {
                    lastWork = System.nanoTime();
                    continue;
                }
                if (System.nanoTime() - lastWork < spinNanos) {
                    Thread.onSpinWait();
                    continue;
                }
                // No spin after waking: if the wake-up brought work, the next progress call finds it and starts
                // a spin period; a timeout or a stolen event goes straight back to sleep (cheap when idle).
                sleep(pollFd);
            }
        } catch (Throwable t) {
            failure = t;
            io.jshmem.config.ShmemLog.logger(UcxProgressThread.class).log(System.Logger.Level.ERROR,
                    thread.getName() + " stopped: peers of this PE will time out", t);
        }
    }

    private void sleep(MemorySegment pollFd) throws Throwable {
        if (eventFd < 0) {
            LockSupport.parkNanos(PARK_MICROS * 1000);
            return;
        }
        int armed = Ucp.arm(worker);
        if (armed == UcpStructs.UCS_ERR_BUSY) {
            return; // events arrived between the last progress and arm: progress them first
        }
        if (armed != UcpStructs.UCS_OK) {
            LockSupport.parkNanos(PARK_MICROS * 1000);
            return;
        }
        if (!running) {
            return;
        }
        pollFd.set(JAVA_INT, 0, eventFd);
        pollFd.set(JAVA_SHORT, 4, POLLIN);
        pollFd.set(JAVA_SHORT, 6, (short) 0);
        // A -1 (EINTR) result is harmless: the loop progresses and sleeps again.
        int ignored = (int) POLL.invokeExact(pollFd, 1L, POLL_MILLIS);
    }
}
