package io.jshmem.impl;

import io.jshmem.ThreadLevel;
import io.jshmem.error.ShmemStateException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The thread rules a context's calls are checked against with {@code JSHMEM_CHECKS} on: the runtime's thread level
 * (SINGLE and FUNNELED: only the thread that called init; SERIALIZED: never two calls at once, over every context of
 * the runtime) and the context's own {@code SERIALIZED} option (never two calls at once on this context). A context
 * with no rule to check has no guard at all, so MULTIPLE without the option costs one null check per call.
 *
 * <p>{@link #enter()} compares the calling thread with a stored one and, for the SERIALIZED rules, claims an
 * "in call" reference by one compare-and-set; {@link #leave(int)} releases what enter claimed. Nothing allocates
 * unless a rule is broken. Thread-safe.
 */
final class CallGuard {
    static final int RUNTIME_CLAIMED = 1;
    static final int CONTEXT_CLAIMED = 2;

    /** jshmem's own threads (stream workers): the thread level is the application's promise, not theirs. */
    private static final Set<Thread> INTERNAL = ConcurrentHashMap.newKeySet();

    private final ThreadLevel level;
    private final Thread initThread;
    /** The thread inside a call of the runtime under level SERIALIZED (shared by its contexts); else null. */
    private final AtomicReference<Thread> runtimeCall;
    /** The thread inside a call on this SERIALIZED context; null without the option. */
    private final AtomicReference<Thread> contextCall;

    private CallGuard(ThreadLevel level, Thread initThread, AtomicReference<Thread> runtimeCall,
                      AtomicReference<Thread> contextCall) {
        this.level = level;
        this.initThread = initThread;
        this.runtimeCall = runtimeCall;
        this.contextCall = contextCall;
    }

    /**
     * The guard of a context, or null when nothing is to be checked (checks off, or level MULTIPLE on a context
     * without the SERIALIZED option).
     *
     * @param runtimeCall the runtime's shared in-call reference (used only under level SERIALIZED)
     */
    static CallGuard of(ThreadLevel level, Thread initThread, AtomicReference<Thread> runtimeCall,
                        boolean serializedOption) {
        if (!ContextGate.CHECKS || level == ThreadLevel.MULTIPLE && !serializedOption) {
            return null;
        }
        return new CallGuard(level, initThread, level == ThreadLevel.SERIALIZED ? runtimeCall : null,
                serializedOption ? new AtomicReference<>() : null);
    }

    /** Marks (or unmarks) the calling thread as one of jshmem's own. */
    static void internalThread(boolean internal) {
        if (internal) {
            INTERNAL.add(Thread.currentThread());
        } else {
            INTERNAL.remove(Thread.currentThread());
        }
    }

    /** Checks the calling thread against the rules; returns what {@link #leave(int)} must release. */
    int enter() {
        Thread me = Thread.currentThread();
        if (me != initThread && INTERNAL.contains(me)) {
            return 0;
        }
        if ((level == ThreadLevel.SINGLE || level == ThreadLevel.FUNNELED) && me != initThread) {
            throw notTheInitThread(me);
        }
        int claimed = 0;
        if (runtimeCall != null) {
            Thread other = runtimeCall.compareAndExchange(null, me);
            if (other == null) {
                claimed = RUNTIME_CLAIMED;
            } else if (other != me) {
                throw concurrent("thread level SERIALIZED (the runtime was initialized with"
                        + " initThread(ThreadLevel.SERIALIZED))", other, me,
                        "init with ThreadLevel.MULTIPLE (Shmem.init() provides it), or serialize the calls");
            }
        }
        if (contextCall != null) {
            Thread other = contextCall.compareAndExchange(null, me);
            if (other == null) {
                claimed |= CONTEXT_CLAIMED;
            } else if (other != me) {
                leave(claimed);
                throw concurrent("context option SERIALIZED (CtxOption.SERIALIZED)", other, me,
                        "create the context without SERIALIZED, use a context per thread, or serialize the calls");
            }
        }
        return claimed;
    }

    void leave(int claimed) {
        if ((claimed & RUNTIME_CLAIMED) != 0) {
            runtimeCall.set(null);
        }
        if ((claimed & CONTEXT_CLAIMED) != 0) {
            contextCall.set(null);
        }
    }

    private ShmemStateException notTheInitThread(Thread me) {
        String promise = level == ThreadLevel.SINGLE ? "the program has one thread" : "only the thread that called"
                + " init calls jshmem";
        return new ShmemStateException("thread '" + me.getName() + "' (" + me.threadId() + ") called jshmem, but the"
                + " runtime was initialized with thread level " + level + " (" + promise + ": thread '"
                + initThread.getName() + "' (" + initThread.threadId() + ")); init with a higher level:"
                + " initThread(ThreadLevel.SERIALIZED) or MULTIPLE (Shmem.init() provides MULTIPLE), or make the"
                + " call from the init thread");
    }

    private static ShmemStateException concurrent(String rule, Thread other, Thread me, String fix) {
        return new ShmemStateException("thread '" + me.getName() + "' (" + me.threadId() + ") called jshmem while"
                + " thread '" + other.getName() + "' (" + other.threadId() + ") was inside a call, which " + rule
                + " forbids (no two calls at once); " + fix);
    }
}
