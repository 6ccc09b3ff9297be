package io.jshmem.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The lock that serializes the collective calls on one team: reentrant, taken with one compare-and-set and given
 * back with a release store. {@link java.util.concurrent.locks.ReentrantLock} gives back with a volatile write,
 * a second fenced instruction on every collective (about 4 ns of the 8 ns the pair cost a broadcast of 8 bytes on
 * this project's hosts), for a queue of waiters a team never has in a correct program: OpenSHMEM 1.6 forbids
 * calling collectives on one team from several threads at once. The lock is there so that such a program (or a
 * stream's worker running a collective beside the host thread) serializes instead of corrupting the team's
 * channel; the waiter then spins, yields and parks in short slices until the holder gives back, with no queue and
 * no fairness.
 *
 * <p>Thread-safe. {@link #unlock} must be called by the thread that holds the lock, once per {@link #lock}.
 */
final class TeamLock {
    private static final VarHandle OWNER;
    private static final int SPINS = 200;
    private static final int YIELDS = 50;
    private static final long PARK_NANOS = 20_000;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(TeamLock.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The holding thread, or null; written by compare-and-set and release store only. */
    @SuppressWarnings("unused")
    private Thread owner;
    /** How many times the owner holds the lock; read and written by the owner only. */
    private int holds;

    /** Takes the lock, waiting (without a deadline: the holder's collective has its own) while another holds it. */
    void lock() {
        Thread me = Thread.currentThread();
        Object witness = OWNER.compareAndExchangeAcquire(this, (Thread) null, me);
        if (witness == null) {
            holds = 1;
        } else if (witness == me) {
            holds++;
        } else {
            contended(me);
        }
    }

    private void contended(Thread me) {
        boolean interrupted = false;
        for (int i = 0; ; i++) {
            if (OWNER.compareAndExchangeAcquire(this, (Thread) null, me) == null) {
                holds = 1;
                if (interrupted) {
                    me.interrupt();
                }
                return;
            }
            if (i < SPINS) {
                Thread.onSpinWait();
            } else if (i < SPINS + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, PARK_NANOS);
                // A set interrupt flag makes every park return at once: clear it while waiting (as lock() ignores
                // interrupts, like ReentrantLock's) and set it again for the caller once the lock is taken.
                interrupted |= Thread.interrupted();
            }
        }
    }

    /** Gives the lock back once; the last give-back by the owner frees it. */
    void unlock() {
        if (OWNER.get(this) != Thread.currentThread()) {
            throw new IllegalMonitorStateException("the team's lock is not held by this thread");
        }
        if (--holds == 0) {
            OWNER.setRelease(this, (Thread) null);
        }
    }

    /** Whether the calling thread holds the lock (for tests and assertions). */
    boolean isHeldByCurrentThread() {
        return OWNER.getAcquire(this) == Thread.currentThread();
    }
}
