package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Levels, the line format, and the external logger. */
@Timeout(30)
class ShmemLogTest {
    private final LogLevel before = ShmemLog.level();

    @AfterEach
    void restore() {
        ShmemLog.setExternalLogger(null);
        ShmemLog.setStream(null);
        ShmemLog.setLevel(before);
    }

    @Test
    void levelsParseAndFilter() {
        assertEquals(LogLevel.WARN, LogLevel.parse("x", "Warning"));
        assertEquals(LogLevel.FATAL, LogLevel.fromCode(4));
        assertThrows(ShmemArgumentException.class, () -> LogLevel.fromCode(5));
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class, () -> LogLevel.parse("SHMEM_LOG_LEVEL",
                "loud"));
        assertTrue(e.getMessage().contains("debug, info, warn, error, fatal"), e.getMessage());
        assumeFalse(ShmemLog.levelFixedByEnvironment(), "SHMEM_LOG_LEVEL is set for this run");
        ShmemLog.setLevel(LogLevel.ERROR);
        assertFalse(ShmemLog.isEnabled(LogLevel.WARN));
        assertTrue(ShmemLog.isEnabled(LogLevel.ERROR));
        ShmemLog.setLevel(LogLevel.FATAL);
        assertFalse(ShmemLog.isEnabled(LogLevel.ERROR));
        assertTrue(ShmemLog.isEnabled(LogLevel.FATAL));
    }

    @Test
    void linesHaveTimeLevelThreadPidAndLogger() {
        assumeFalse(ShmemLog.levelFixedByEnvironment(), "SHMEM_LOG_LEVEL is set for this run");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShmemLog.setStream(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ShmemLog.setLevel(LogLevel.INFO);
        System.Logger log = ShmemLog.logger(ShmemLogTest.class);
        log.log(System.Logger.Level.DEBUG, "hidden");
        log.log(System.Logger.Level.INFO, "PE {0} ready", 3);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(out.contains("hidden"));
        assertTrue(out.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6} INFO \\d+ pid\\[\\d+] "
                + "\\[JSHMEM ShmemLogTest] PE 3 ready\\R"), out);
    }

    @Test
    void externalLoggerReceivesEverythingAboveTheThreshold() {
        assumeFalse(ShmemLog.levelFixedByEnvironment(), "SHMEM_LOG_LEVEL is set for this run");
        List<String> got = new ArrayList<>();
        ShmemLog.setExternalLogger((level, logger, message) -> got.add(level + "|" + logger + "|" + message));
        ShmemLog.setLevel(LogLevel.WARN);
        System.Logger log = ShmemLog.logger("Test");
        log.log(System.Logger.Level.INFO, "no");
        log.log(System.Logger.Level.WARNING, "yes");
        log.log(System.Logger.Level.ERROR, () -> "lazy");
        ShmemLog.fatal("Test", "end");
        assertEquals(List.of("WARN|Test|yes", "ERROR|Test|lazy", "FATAL|Test|end"), got);
        ShmemLog.setExternalLogger((level, logger, message) -> {
            throw new IllegalStateException("broken sink");
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShmemLog.setStream(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        log.log(System.Logger.Level.ERROR, "still reported");
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("external logger failed"));
    }
}
