package io.jshmem.config;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.text.MessageFormat;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.function.Supplier;

/**
 * jshmem's logging: every class logs through a {@link System.Logger} from {@link #logger(Class)}. Messages below
 * the threshold cost one volatile read. The threshold is {@code SHMEM_LOG_LEVEL} (system property
 * {@code shmem.log.level}) when set, which wins over {@link #setLevel} as in CANN SHMEM; otherwise the level last
 * set, initially WARN. Messages go to standard error as
 * {@code 2025-01-31 12:00:00.123456 WARN 42 pid[1234] [JSHMEM Instance] text}, or to the {@link ExternalLogger}
 * installed with {@link #setExternalLogger}.
 *
 * <p>Thread-safe: the threshold and the sink are volatile; lines are written whole.
 */
public final class ShmemLog {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
    private static final long PID = ProcessHandle.current().pid();
    /** The environment's level, if any: it overrides {@link #setLevel}. */
    private static final LogLevel FROM_ENVIRONMENT = environmentLevel();
    private static volatile LogLevel level = FROM_ENVIRONMENT != null ? FROM_ENVIRONMENT : LogLevel.WARN;
    private static volatile ExternalLogger external;
    private static volatile PrintStream stream = System.err;

    private ShmemLog() {
    }

    /** A logger named after {@code type}; cheap, may be kept in a static final field. */
    public static System.Logger logger(Class<?> type) {
        return new Logger(type.getSimpleName());
    }

    /** A logger with an arbitrary name. */
    public static System.Logger logger(String name) {
        return new Logger(name);
    }

    /** The current threshold. */
    public static LogLevel level() {
        return level;
    }

    /**
     * Sets the threshold ({@code aclshmemx_set_log_level}). Returns the threshold in force afterwards:
     * {@code SHMEM_LOG_LEVEL}, when set, keeps winning.
     */
    public static LogLevel setLevel(LogLevel newLevel) {
        if (newLevel == null) {
            throw new io.jshmem.error.ShmemArgumentException("level is null: valid are debug, info, warn, error, "
                    + "fatal");
        }
        if (FROM_ENVIRONMENT == null) {
            level = newLevel;
        }
        return level;
    }

    /** Whether SHMEM_LOG_LEVEL (or its system property) fixes the threshold. */
    public static boolean levelFixedByEnvironment() {
        return FROM_ENVIRONMENT != null;
    }

    /**
     * Sends every later message to {@code logger} instead of standard error ({@code aclshmemx_set_extern_logger});
     * null restores standard error. The threshold still applies.
     */
    public static void setExternalLogger(ExternalLogger logger) {
        external = logger;
    }

    /** The installed external logger, if any. */
    public static Optional<ExternalLogger> externalLogger() {
        return Optional.ofNullable(external);
    }

    /** Redirects the default sink (tests); null restores standard error. */
    static void setStream(PrintStream s) {
        stream = s == null ? System.err : s;
    }

    /** Whether a message of {@code l} passes the threshold. */
    public static boolean isEnabled(LogLevel l) {
        LogLevel t = level;
        return t == LogLevel.FATAL ? l == LogLevel.FATAL : l.ordinal() >= t.ordinal();
    }

    /** Logs a fatal message: the only level that passes a FATAL threshold. */
    public static void fatal(String loggerName, String message) {
        emit(LogLevel.FATAL, loggerName, message, null);
    }

    static void emit(LogLevel l, String name, String message, Throwable thrown) {
        if (!isEnabled(l)) {
            return;
        }
        String text = message == null ? "" : message;
        if (thrown != null) {
            StringWriter w = new StringWriter();
            thrown.printStackTrace(new PrintWriter(w));
            text = text + System.lineSeparator() + w.toString().stripTrailing();
        }
        ExternalLogger sink = external;
        if (sink != null) {
            try {
                sink.log(l, name, text);
            } catch (RuntimeException e) {
                // A broken sink must not break communication; report it once on stderr instead.
                stream.println(line(LogLevel.ERROR, "ShmemLog", "external logger failed: " + e + "; message was: "
                        + text));
            }
            return;
        }
        stream.println(line(l, name, text));
    }

    static String line(LogLevel l, String name, String text) {
        return TIME.format(LocalDateTime.now()) + " " + l + " " + Thread.currentThread().threadId() + " pid["
                + PID + "] [JSHMEM " + name + "] " + text;
    }

    private static LogLevel environmentLevel() {
        String v = System.getProperty(Setting.LOG_LEVEL.propertyName());
        if (v == null || v.isBlank()) {
            v = System.getenv(Setting.LOG_LEVEL.envName());
        }
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return LogLevel.parse(Setting.LOG_LEVEL.envName(), v);
        } catch (IllegalArgumentException e) {
            System.err.println(line(LogLevel.WARN, "ShmemLog", e.getMessage() + "; using warn"));
            return null;
        }
    }

    /** The System.Logger every jshmem class uses; stateless apart from its name. */
    private record Logger(String name) implements System.Logger {
        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(Level l) {
            return l != Level.OFF && isEnabled(LogLevel.of(l));
        }

        @Override
        public void log(Level l, ResourceBundle bundle, String msg, Throwable thrown) {
            if (isLoggable(l)) {
                emit(LogLevel.of(l), name, msg, thrown);
            }
        }

        @Override
        public void log(Level l, ResourceBundle bundle, String format, Object... params) {
            if (isLoggable(l)) {
                String text = params == null || params.length == 0 ? format : MessageFormat.format(format, params);
                emit(LogLevel.of(l), name, text, null);
            }
        }

        @Override
        public void log(Level l, Supplier<String> supplier) {
            if (isLoggable(l)) {
                emit(LogLevel.of(l), name, supplier.get(), null);
            }
        }
    }
}
