package io.jshmem.config;

/** Logs one message per level through jshmem's logger, for {@link ShmemLogPlatformTest} (runs in its own JVM). */
public final class LogProbe {
    private LogProbe() {
    }

    public static void main(String[] args) {
        System.Logger log = ShmemLog.logger(LogProbe.class);
        log.log(System.Logger.Level.DEBUG, "probe debug line");
        log.log(System.Logger.Level.INFO, "probe info line");
        log.log(System.Logger.Level.WARNING, "probe warn line");
    }
}
