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
 * jshmem's logging: every class logs through a {@link System.Logger} from {@link #logger(Class)}, named after the
 * class ({@code io.jshmem.runtime.Instance}), so the platform's {@link System.LoggerFinder} decides where messages
 * go: java.util.logging by default, SLF4J or Log4j when their System.Logger bridge is on the class path.
 *
 * <p>On top of the platform, as in CANN SHMEM: {@code SHMEM_LOG_LEVEL} (system property {@code shmem.log.level}),
 * when set, is a threshold that wins over {@link #setLevel}; otherwise the level last set, initially WARN. An
 * {@link ExternalLogger} installed with {@link #setExternalLogger} receives every message that passes the
 * threshold instead of the platform. Where messages go ({@code JSHMEM_LOG_SINK}):
 * <ul>
 *   <li>{@code auto} (default): the platform's logger when logging is configured (a LoggerFinder other than the
 *       JDK's, or a {@code java.util.logging.config.file}/{@code .class} property), else standard error in CANN's
 *       format {@code 2025-01-31 12:00:00.123456 WARN 42 pid[1234] [JSHMEM Instance] text} (JUL's default console
 *       would drop debug and info lines that SHMEM_LOG_LEVEL asks for);</li>
 *   <li>{@code platform}: always the platform's logger ({@code System.getLogger(className)});</li>
 *   <li>{@code stderr}: always CANN's line on standard error.</li>
 * </ul>
 * When messages go to the platform and SHMEM_LOG_LEVEL is not set, the platform's own level configuration decides
 * alone.
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
    /** Whether a threshold was chosen (SHMEM_LOG_LEVEL or setLevel); else the platform decides alone. */
    private static volatile boolean levelChosen = FROM_ENVIRONMENT != null;
    private static volatile PrintStream stream = System.err;
    /** Whether messages go to the platform's System.Logger (decided once, from JSHMEM_LOG_SINK). */
    private static final boolean PLATFORM = platformSink();

    private ShmemLog() {
    }

    /** A logger named after {@code type}; cheap, may be kept in a static final field. */
    public static System.Logger logger(Class<?> type) {
        return new Logger(type.getSimpleName(), type.getName());
    }

    /** A logger with an arbitrary name (the platform logger is {@code io.jshmem.NAME}). */
    public static System.Logger logger(String name) {
        return new Logger(name, "io.jshmem." + name);
    }

    /** Whether messages without an external logger go to the platform's System.Logger (else standard error). */
    public static boolean toPlatform() {
        return PLATFORM;
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
            levelChosen = true;
        }
        return level;
    }

    /**
     * Whether a value of SHMEM_DEBUG asks for debugging output: OpenSHMEM says "any" value does; jshmem also reads
     * an explicit 0, false, no or off as "not asked", so a script can switch it off without unsetting it.
     */
    public static boolean debugRequested(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        return !(v.equals("0") || v.equals("false") || v.equals("no") || v.equals("off"));
    }

    /**
     * Lowers the threshold to debug whatever SHMEM_LOG_LEVEL says (SHMEM_DEBUG given through init attributes, read
     * only at init). Thread-safe; lasts for the process.
     */
    public static void enableDebug() {
        level = LogLevel.DEBUG;
        levelChosen = true;
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

    /**
     * Whether a message of {@code l} passes jshmem's threshold. With the platform as sink and no SHMEM_LOG_LEVEL
     * nor {@link #setLevel}, everything passes and the platform's configuration decides.
     */
    public static boolean isEnabled(LogLevel l) {
        if (PLATFORM && external == null && !levelChosen) {
            return true;
        }
        return passes(l);
    }

    private static boolean passes(LogLevel l) {
        LogLevel t = level;
        return t == LogLevel.FATAL ? l == LogLevel.FATAL : l.ordinal() >= t.ordinal();
    }

    /** Logs a fatal message: the only level that passes a FATAL threshold. */
    public static void fatal(String loggerName, String message) {
        emit(LogLevel.FATAL, loggerName, message, null);
    }

    static void emit(LogLevel l, String name, String message, Throwable thrown) {
        emit(l, name, PLATFORM ? System.getLogger("io.jshmem." + name) : null, message, thrown);
    }

    private static void emit(LogLevel l, String name, System.Logger platform, String message, Throwable thrown) {
        if (!isEnabled(l)) {
            return;
        }
        if (PLATFORM && external == null && platform != null) {
            System.Logger.Level pl = l.systemLevel();
            if (platform.isLoggable(pl)) {
                platform.log(pl, message, thrown);
            }
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

    private static boolean platformSink() {
        String v = System.getProperty(Setting.LOG_SINK.propertyName());
        if (v == null || v.isBlank()) {
            v = System.getenv(Setting.LOG_SINK.envName());
        }
        Sink sink = Sink.AUTO;
        if (v != null && !v.isBlank()) {
            try {
                sink = Settings.parseChoice(Setting.LOG_SINK, v, Sink.class);
            } catch (IllegalArgumentException e) {
                // Logging starts before init and must not fail a program: say so once and use auto.
                System.err.println(line(LogLevel.WARN, "ShmemLog", e.getMessage() + "; using auto"));
            }
        }
        return switch (sink) {
            case PLATFORM -> true;
            case STDERR -> false;
            case AUTO -> platformConfigured();
        };
    }

    /** The values of {@code JSHMEM_LOG_SINK}. */
    private enum Sink {
        AUTO, PLATFORM, STDERR
    }

    /** A LoggerFinder other than the JDK's (SLF4J, Log4j), or java.util.logging configured by property. */
    private static boolean platformConfigured() {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return true;
        }
        try {
            String finder = System.LoggerFinder.getLoggerFinder().getClass().getName();
            return !(finder.startsWith("jdk.internal.") || finder.startsWith("sun.util.logging."));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static LogLevel environmentLevel() {
        String debug = System.getProperty(Setting.DEBUG.propertyName());
        if (debugRequested(debug != null ? debug : System.getenv(Setting.DEBUG.envName()))) {
            return LogLevel.DEBUG; // OpenSHMEM's SHMEM_DEBUG asks for debugging messages: it raises any threshold
        }
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

    /**
     * The System.Logger every jshmem class uses: jshmem's threshold and external logger, then the platform's logger
     * (looked up once, on first use) or standard error. Thread-safe.
     */
    private static final class Logger implements System.Logger {
        private final String name;
        private final String platformName;
        private volatile System.Logger platform;

        Logger(String name, String platformName) {
            this.name = name;
            this.platformName = platformName;
        }

        private System.Logger platform() {
            System.Logger p = platform;
            if (p == null) {
                p = System.getLogger(platformName);
                platform = p;
            }
            return p;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(Level l) {
            if (l == Level.OFF) {
                return false;
            }
            if (PLATFORM && external == null && !levelChosen) {
                return platform().isLoggable(l);
            }
            return passes(LogLevel.of(l));
        }

        @Override
        public void log(Level l, ResourceBundle bundle, String msg, Throwable thrown) {
            if (isLoggable(l)) {
                emit(LogLevel.of(l), name, PLATFORM ? platform() : null, msg, thrown);
            }
        }

        @Override
        public void log(Level l, ResourceBundle bundle, String format, Object... params) {
            if (isLoggable(l)) {
                String text = params == null || params.length == 0 ? format : MessageFormat.format(format, params);
                emit(LogLevel.of(l), name, PLATFORM ? platform() : null, text, null);
            }
        }

        @Override
        public void log(Level l, Supplier<String> supplier) {
            if (isLoggable(l)) {
                emit(LogLevel.of(l), name, PLATFORM ? platform() : null, supplier.get(), null);
            }
        }
    }
}
