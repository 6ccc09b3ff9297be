package io.jshmem.bootstrap;

import io.jshmem.config.ShmemLog;

/**
 * Warns about refused and dropped rendezvous connections, with the peer's address and the reason, at most
 * {@link #BURST} messages per {@link #WINDOW_MS}; the rest are counted and the count is reported with the next
 * message that gets through (and at {@link #flush()}), so a flood is visible without filling the log.
 * Thread-safe (one monitor, entered only off the data path).
 */
final class RefusalLog {
    static final int BURST = 10;
    static final long WINDOW_MS = 10_000;

    private final System.Logger log;
    private long windowStart = System.nanoTime();
    private int inWindow;
    private long suppressed;

    RefusalLog(Class<?> owner) {
        this.log = ShmemLog.logger(owner);
    }

    /** Logs (or counts) one refusal of the connection from {@code peer}. */
    void refused(String peer, String reason) {
        String line;
        synchronized (this) {
            long now = System.nanoTime();
            if (now - windowStart > WINDOW_MS * 1_000_000) {
                windowStart = now;
                inWindow = 0;
            }
            if (inWindow >= BURST) {
                suppressed++;
                return;
            }
            inWindow++;
            line = "rendezvous dropped the connection from " + peer + ": " + reason + suppressedNote();
        }
        log.log(System.Logger.Level.WARNING, line);
    }

    /** Reports what was suppressed since the last message, if anything (at server close). */
    void flush() {
        String note;
        synchronized (this) {
            if (suppressed == 0) {
                return;
            }
            note = "rendezvous dropped " + suppressed + " more connections (" + suppressed
                    + " more refusals suppressed since the previous message)";
            suppressed = 0;
        }
        log.log(System.Logger.Level.WARNING, note);
    }

    private String suppressedNote() {
        if (suppressed == 0) {
            return "";
        }
        String n = " (and " + suppressed + " more refusals suppressed since the previous message)";
        suppressed = 0;
        return n;
    }
}
