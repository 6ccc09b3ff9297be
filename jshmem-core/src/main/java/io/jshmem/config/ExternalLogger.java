package io.jshmem.config;

/**
 * A sink that receives every jshmem log message instead of standard error (CANN SHMEM's
 * {@code aclshmemx_set_extern_logger}). Called on the thread that logs, possibly several threads at once: an
 * implementation must be thread-safe and should not block for long.
 */
@FunctionalInterface
public interface ExternalLogger {
    /**
     * @param level   the message's level (already at or above the threshold)
     * @param logger  the name of the logger, usually the jshmem class that logs
     * @param message the text, without time stamp or level
     */
    void log(LogLevel level, String logger, String message);
}
