package io.jshmem;

/**
 * A destination for jshmem's log messages instead of standard error ({@code aclshmemx_set_extern_logger}); set it
 * with {@link Shmem#setExternLogger(ExternalLogger)}. Called from any jshmem thread, possibly concurrently: an
 * implementation must be thread-safe and should not block.
 */
@FunctionalInterface
public interface ExternalLogger {
    /**
     * Logs one message.
     *
     * @param level   the message's level, in the JDK's terms
     * @param logger  the name of the jshmem component that logs it
     * @param message the text, without a trailing newline
     */
    void log(System.Logger.Level level, String logger, String message);
}
