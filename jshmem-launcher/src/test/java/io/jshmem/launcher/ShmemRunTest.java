package io.jshmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jshmem.error.ShmemArgumentException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShmemRunTest {
    static JobSpec parse(String... args) {
        ShmemRun cmd = new ShmemRun(System.out, System.err);
        ShmemRun.commandLine(cmd).parseArgs(args);
        return cmd.spec();
    }

    @Test
    void mainClassWithOptionsAndProgramArguments() {
        JobSpec s = parse("-np", "4", "--timeout", "30", "--jvm-arg", "-Xmx64m", "--jvm-arg=-Dx=1", "--cp", "/a.jar",
                "--env", "K=V", "com.example.Main", "-np", "9", "--timeout", "x");
        assertEquals(4, s.nPes());
        assertEquals("com.example.Main", s.mainClass());
        assertNull(s.jar());
        assertEquals(List.of("-np", "9", "--timeout", "x"), s.args());
        assertEquals(List.of("-Xmx64m", "-Dx=1"), s.jvmArgs());
        assertEquals(List.of("/a.jar"), s.classpath());
        assertEquals(Map.of("K", "V"), s.env());
        assertEquals(Duration.ofSeconds(30), s.timeout());
        assertEquals(Duration.ofSeconds(3), s.grace());
        assertTrue(s.threadDumpOnTimeout());
    }

    @Test
    void jarModeAndDoubleDash() {
        JobSpec s = parse("-np", "2", "-jar", "app.jar", "--size", "1m");
        assertEquals(Path.of("app.jar"), s.jar());
        assertNull(s.mainClass());
        assertEquals(List.of("--size", "1m"), s.args());
        s = parse("-n", "2", "--grace", "0.5", "--no-thread-dump", "--", "-jar", "b.jar");
        assertEquals(Path.of("b.jar"), s.jar());
        assertEquals(Duration.ofMillis(500), s.grace());
        assertEquals(false, s.threadDumpOnTimeout());
        assertEquals(Duration.ZERO, s.timeout());
    }

    @Test
    void badUsageIsExplained() {
        assertTrue(assertThrows(ShmemArgumentException.class, () -> parse("-np", "2")).getMessage()
                .contains("program is missing"));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> parse("-np", "2", "--timout", "3", "M"))
                .getMessage().contains("unknown option '--timout'"));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> parse("-np", "0", "M")).getMessage()
                .contains("nPes = 0 is invalid: valid range is 1..4096"));
        assertTrue(assertThrows(ShmemArgumentException.class, () -> parse("-np", "2", "-jar")).getMessage()
                .contains("-jar needs"));
    }

    @Test
    void runReturnsTheJobStatusWithoutExiting() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = ShmemRun.run(o, e, "-np", "2", "--timeout", "60", "--cp", LauncherTest.testClasses(),
                TestApps.Steps.class.getName(), "1=print:bye,exit:7", "*=exit:0");
        assertEquals(7, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("[pe 1] bye"), out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("shmemrun: PE 1 failed first: exit status 7"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(2, ShmemRun.run(o, e, "-np", "2"));
        assertEquals(2, ShmemRun.run(o, e, "M"), "-np is required");
        assertEquals(0, ShmemRun.run(o, e, "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("Usage: shmemrun"));
    }
}
