package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.SessionConfig;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

/**
 * A context's communication session ({@code shmem_ctx_session_start/stop}, 1.6): options and configuration are
 * hints, recorded and never acted on, so operations inside a session complete and order as outside one. Start on a
 * started session ORs the options and replaces the masked fields; stop on a stopped session does nothing; stop on a
 * context where no session was ever started is rejected. Thread-safe (synchronized; never on a data path).
 */
final class SessionState {
    private boolean everStarted;
    private volatile boolean active;
    private long options;
    private long totalOps = SessionConfig.DEFAULT.totalOps();

    synchronized void start(long newOptions, SessionConfig config, long configMask) {
        if ((newOptions & ~Context.SESSION_ALL_OPTIONS) != 0) {
            throw new ShmemArgumentException("options = 0x" + Long.toHexString(newOptions) + " has unknown bits 0x"
                    + Long.toHexString(newOptions & ~Context.SESSION_ALL_OPTIONS) + ": valid options are 0 or"
                    + " Context.SESSION_BATCH (0x1); pass only those");
        }
        if ((configMask & ~SessionConfig.ALL_FIELDS) != 0) {
            throw new ShmemArgumentException("configMask = 0x" + Long.toHexString(configMask) + " has unknown bits"
                    + " 0x" + Long.toHexString(configMask & ~SessionConfig.ALL_FIELDS) + ": valid masks are 0 or"
                    + " SessionConfig.TOTAL_OPS (0x1); pass only those");
        }
        if (configMask != 0 && config == null) {
            throw new ShmemArgumentException("config is null with configMask = 0x" + Long.toHexString(configMask)
                    + ": a mask naming fields needs a config to read them from; pass a SessionConfig, or mask 0 for"
                    + " the defaults");
        }
        if (!active) {
            options = 0;
            totalOps = SessionConfig.DEFAULT.totalOps();
        }
        options |= newOptions;
        if ((configMask & SessionConfig.TOTAL_OPS) != 0) {
            totalOps = config.totalOps();
        }
        everStarted = true;
        active = true;
    }

    synchronized void stop() {
        if (!everStarted) {
            throw new ShmemStateException("sessionStop without a session: no session was started on this context"
                    + " (a session is stopped on the context it was started on); call sessionStart on this context"
                    + " first, or stop the session on the context that started it");
        }
        active = false;
    }

    boolean active() {
        return active;
    }

    synchronized long options() {
        return active ? options : 0;
    }

    synchronized long totalOps() {
        return totalOps;
    }
}
