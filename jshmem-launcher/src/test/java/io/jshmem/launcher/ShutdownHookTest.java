package io.jshmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Stopping shmemrun itself (SIGTERM; Ctrl-C takes the same path) leaves no process and no heap file. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ShutdownHookTest {
    @Test
    void stoppingTheLauncherKillsTheJobAndRemovesItsFiles() throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        String cp = System.getProperty("java.class.path") + File.pathSeparator + LauncherTest.testClasses();
        Process launcher = new ProcessBuilder(javaBin, "-cp", cp, ShmemRun.class.getName(), "-np", "2", "--timeout",
                "60", TestApps.Steps.class.getName(), "*=shm,spawn:300,sleep:60000").redirectErrorStream(true).start();
        List<Long> pids = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while (pids.size() < 4 && (line = r.readLine()) != null) {
                lines.add(line);
                String body = line.replaceFirst("^\\[pe \\d] ", "");
                if (body.startsWith("pid=") || body.startsWith("child=")) {
                    pids.add(Long.parseLong(body.substring(body.indexOf('=') + 1)));
                } else if (body.startsWith("shm=")) {
                    files.add(Path.of(body.substring(4)));
                }
            }
            assertEquals(4, pids.size(), "PEs and their children started: " + lines);
            while (files.size() < 2 && (line = r.readLine()) != null) {
                lines.add(line);
                String body = line.replaceFirst("^\\[pe \\d] ", "");
                if (body.startsWith("shm=")) {
                    files.add(Path.of(body.substring(4)));
                }
            }
            assertTrue(files.stream().allMatch(Files::exists), "heap files exist while the job runs: " + files);
            // SIGTERM by pid (Process.destroy would also close our end of its output): the JVM runs its hooks.
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(launcher.pid())).start().waitFor());
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "launcher did not stop");
            r.lines().forEach(lines::add);
        } finally {
            launcher.destroyForcibly();
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("shmemrun: shutting down; killing PEs")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("shmemrun: interrupted")), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.contains("failed first")), lines.toString());
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(JobProcesses::isRunning).orElse(false), "process " + pid + " left");
        }
        for (Path f : files) {
            assertFalse(Files.exists(f), f + " left");
        }
    }
}
