package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;

import java.util.Locale;

/**
 * jshmem's log levels, CANN SHMEM's five ({@code SHMEM_LOG_LEVEL}): DEBUG 0, INFO 1, WARN 2, ERROR 3, FATAL 4. A
 * threshold lets through messages of its level and above.
 */
public enum LogLevel {
    DEBUG(System.Logger.Level.DEBUG),
    INFO(System.Logger.Level.INFO),
    WARN(System.Logger.Level.WARNING),
    ERROR(System.Logger.Level.ERROR),
    /** Only fatal messages ({@link ShmemLog#fatal}); System.Logger's ERROR is below it. */
    FATAL(System.Logger.Level.ERROR);

    private static final LogLevel[] VALUES = values();

    private final System.Logger.Level systemLevel;

    LogLevel(System.Logger.Level systemLevel) {
        this.systemLevel = systemLevel;
    }

    /** The closest {@link System.Logger.Level}. */
    public System.Logger.Level systemLevel() {
        return systemLevel;
    }

    /** CANN's numeric code: 0 debug .. 4 fatal. */
    public int code() {
        return ordinal();
    }

    /** The level with CANN's code {@code code} (0 debug, 1 info, 2 warn, 3 error, 4 fatal). */
    public static LogLevel fromCode(int code) {
        if (code < 0 || code >= VALUES.length) {
            throw new ShmemArgumentException("level = " + code + " is not a log level: valid range is 0..4 (0 debug,"
                    + " 1 info, 2 warn, 3 error, 4 fatal); pass one of them or a LogLevel constant");
        }
        return VALUES[code];
    }

    /** The level named {@code text} (case-insensitive; {@code warning} is WARN); {@code what} names the source. */
    public static LogLevel parse(String what, String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("WARNING")) {
            return WARN;
        }
        for (LogLevel l : VALUES) {
            if (l.name().equals(t)) {
                return l;
            }
        }
        throw new ShmemArgumentException(what + " = '" + text + "' is not a log level: valid are debug, info, warn,"
                + " error, fatal");
    }

    /** The level a System.Logger message of {@code level} has here (TRACE counts as DEBUG). */
    static LogLevel of(System.Logger.Level level) {
        return switch (level) {
            case ALL, TRACE, DEBUG -> DEBUG;
            case INFO -> INFO;
            case WARNING -> WARN;
            case ERROR -> ERROR;
            case OFF -> FATAL;
        };
    }
}
