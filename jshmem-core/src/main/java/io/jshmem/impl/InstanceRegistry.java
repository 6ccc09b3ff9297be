package io.jshmem.impl;

import io.jshmem.InitStatus;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The instances of this process (CANN SHMEM's multi-instance): ids 0..254, each with its status and runtime, the
 * current instance the facade works on, the lifecycle lock, and the process-wide config-store TLS choice.
 *
 * <p>Thread-safety: state changes are synchronized on the class; the current runtime is also cached in a volatile
 * field so the facade's hot path reads one field. The lifecycle lock serializes init, finalize, instance switches,
 * allocation and configuration through the facade; {@link InstanceScope} holds it for its whole scope.
 */
final class InstanceRegistry {
    static final int MAX_INSTANCES = 255;

    private static final ReentrantLock LIFECYCLE = new ReentrantLock();
    private static final RuntimeImpl[] RUNTIMES = new RuntimeImpl[MAX_INSTANCES];
    private static final InitStatus[] STATUS = new InitStatus[MAX_INSTANCES];
    private static final boolean[] INITIALIZING = new boolean[MAX_INSTANCES];
    private static final long[] GENERATION = new long[MAX_INSTANCES];
    private static volatile int currentId;
    private static volatile RuntimeImpl current;
    /** setConfStoreTls: null = not called (the environment decides). */
    private static Boolean tlsEnabled;
    private static String tlsInfo;

    static {
        java.util.Arrays.fill(STATUS, InitStatus.NOT_INITIALIZED);
    }

    private InstanceRegistry() {
    }

    /** Checks an instance id: 0..254. */
    static int checkId(String name, int id) {
        if (id < 0 || id >= MAX_INSTANCES) {
            throw new ShmemArgumentException(name + " = " + id + " is not a valid instance id: valid range is 0.."
                    + (MAX_INSTANCES - 1) + " (at most " + MAX_INSTANCES + " instances per process); pass an id in"
                    + " that range");
        }
        return id;
    }

    // ---- lifecycle lock ---------------------------------------------------------------------------------------

    /** Takes the lifecycle lock within JSHMEM_TIMEOUT; {@code what} names the waiting call. */
    static void lock(String what) {
        if (LIFECYCLE.tryLock()) {
            return;
        }
        long seconds = Settings.fromEnvironment().longValue(Setting.TIMEOUT);
        try {
            if (!LIFECYCLE.tryLock(seconds, TimeUnit.SECONDS)) {
                throw new ShmemTimeoutException(what + " waited " + seconds + " s for another thread's instance scope"
                        + " (Shmem.withInstance) or lifecycle call to end: close the scope (try-with-resources) or"
                        + " raise JSHMEM_TIMEOUT", List.of());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ShmemStateException(what + " was interrupted while waiting for the instance lifecycle lock");
        }
    }

    static void unlock() {
        LIFECYCLE.unlock();
    }

    static boolean lockHeldByCurrentThread() {
        return LIFECYCLE.isHeldByCurrentThread();
    }

    // ---- status -----------------------------------------------------------------------------------------------

    /** Marks {@code id} as being initialized; throws when it is live or already being initialized. */
    static synchronized void beginInit(int id) {
        checkId("instanceId", id);
        if (STATUS[id] == InitStatus.INITIALIZED) {
            RuntimeImpl rt = RUNTIMES[id];
            String who = rt == null ? "" : " (PE " + rt.myPe() + ")";
            String finalize = id == 0 ? "Shmem.finalizeShmem()" : "Shmem.finalizeShmem(" + id + ")";
            throw new ShmemStateException("jshmem is already initialized in this process" + who + ": instance " + id
                    + " is live; call " + finalize + " before initializing it again, or init another instance id");
        }
        if (INITIALIZING[id]) {
            throw new ShmemStateException("instance " + id + " is being initialized by another thread: wait for it"
                    + " or init another instance id");
        }
        INITIALIZING[id] = true;
    }

    static synchronized void heapCreated(int id) {
        STATUS[id] = InitStatus.SHM_CREATED;
    }

    /** Records a successful init; the new instance becomes the current one. */
    static synchronized void initialized(int id, RuntimeImpl runtime) {
        INITIALIZING[id] = false;
        STATUS[id] = InitStatus.INITIALIZED;
        RUNTIMES[id] = runtime;
        GENERATION[id]++;
        currentId = id;
        current = runtime;
    }

    static synchronized void initFailed(int id) {
        INITIALIZING[id] = false;
        STATUS[id] = InitStatus.NOT_INITIALIZED;
    }

    /** Records the finalize of {@code runtime}; a current instance other than 0 falls back to instance 0. */
    static synchronized void finalized(RuntimeImpl runtime) {
        int id = runtime.instanceId();
        if (RUNTIMES[id] != runtime) {
            return;
        }
        STATUS[id] = InitStatus.NOT_INITIALIZED;
        if (currentId == id && id != 0) {
            currentId = 0;
            current = RUNTIMES[0];
        }
    }

    static synchronized InitStatus status(int id) {
        checkId("instanceId", id);
        return STATUS[id];
    }

    /** Whether {@code id} was initialized at least once and is now neither live nor being initialized. */
    static synchronized boolean finalizedOnce(int id) {
        return GENERATION[id] > 0 && STATUS[id] == InitStatus.NOT_INITIALIZED && !INITIALIZING[id];
    }

    /** How many instance inits of {@code id} completed before; every PE counts the same. */
    static synchronized long generation(int id) {
        return GENERATION[id];
    }

    // ---- current instance -------------------------------------------------------------------------------------

    /** The current instance's runtime, or null before the first init. */
    static RuntimeImpl current() {
        return current;
    }

    static int currentId() {
        return currentId;
    }

    /** Makes {@code id} current; it must be initialized. */
    static synchronized void setCurrent(int id) {
        current = live(id);
        currentId = id;
    }

    /** The live runtime of {@code id}. */
    static synchronized RuntimeImpl live(int id) {
        checkId("instanceId", id);
        RuntimeImpl rt = RUNTIMES[id];
        if (rt == null || STATUS[id] != InitStatus.INITIALIZED) {
            throw new ShmemStateException("instance " + id + " is not initialized (status " + STATUS[id] + "):"
                    + " valid instances are those initialized and not finalized; init it with"
                    + " InitAttributes...instanceId(" + id + ") first");
        }
        return rt;
    }

    /** The runtime of {@code id} if live, else null. */
    static synchronized RuntimeImpl liveOrNull(int id) {
        RuntimeImpl rt = RUNTIMES[id];
        return rt != null && STATUS[id] == InitStatus.INITIALIZED ? rt : null;
    }

    // ---- config store TLS -------------------------------------------------------------------------------------

    /** Records the TLS choice for every later init; rejected while any instance is live or initializing. */
    static synchronized void setTls(boolean enabled, String info) {
        for (int id = 0; id < MAX_INSTANCES; id++) {
            if (STATUS[id] != InitStatus.NOT_INITIALIZED || INITIALIZING[id]) {
                throw new ShmemStateException("setConfStoreTls must be called before init: instance " + id + " is "
                        + (INITIALIZING[id] ? "being initialized" : "initialized") + "; finalize every instance"
                        + " first, or call it before the first init");
            }
        }
        tlsEnabled = enabled;
        tlsInfo = info;
    }

    /** {@code base} with the TLS choice of {@link #setTls} applied (unchanged when it was never called). */
    static synchronized Settings applyTls(Settings base) {
        if (tlsEnabled == null) {
            return base;
        }
        Settings s = base.with(Setting.TLS, Boolean.toString(tlsEnabled));
        return tlsInfo == null ? s : s.with(Setting.TLS_INFO, tlsInfo);
    }
}
