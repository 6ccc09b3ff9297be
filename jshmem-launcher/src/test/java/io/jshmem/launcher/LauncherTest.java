package io.jshmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs real PE processes through the Launcher API; every job has its own deadline below the test's. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LauncherTest {
    static final Duration JOB_DEADLINE = Duration.ofSeconds(60);

    final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    static String testClasses() {
        try {
            return Path.of(TestApps.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    static JobSpec spec(Class<?> main, int nPes, String... args) {
        return JobSpec.ofMainClass(main.getName(), nPes).withArgs(args).withClasspath(List.of(testClasses()))
                .withTimeout(JOB_DEADLINE).withJvmArgs(List.of("-Xmx64m", "-Xshare:auto", "-XX:TieredStopAtLevel=1"));
    }

    JobResult run(JobSpec spec) {
        PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        return Launcher.run(spec, out, err);
    }

    List<String> outLines() {
        return outBytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    List<String> errLines() {
        return errBytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** Values of lines {@code key=value} printed by any PE. */
    static List<Long> printed(JobResult r, String key) {
        List<Long> values = new ArrayList<>();
        for (int pe = 0; pe < r.peExitCodes().size(); pe++) {
            for (String l : r.stdout(pe)) {
                if (l.startsWith(key + "=")) {
                    values.add(Long.parseLong(l.substring(key.length() + 1)));
                }
            }
        }
        return values;
    }

    static void assertAllDead(List<Long> pids, JobResult r) {
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(JobProcesses::isRunning).orElse(false), () -> "process " + pid
                    + " left: " + describe(pid) + "\n" + r.transcript());
        }
    }

    /** State of a process from /proc, for failure messages. */
    static String describe(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (java.io.IOException e) {
            return "(gone now)";
        }
    }

    @Test
    void everyLineIsPrefixedAndStreamsStaySeparate() {
        JobResult r = run(spec(TestApps.PrintEnv.class, 3, "a", "b c").withEnv("EXTRA_VAR", "x1"));
        assertEquals(0, r.exitCode(), r.transcript());
        assertTrue(r.succeeded());
        assertEquals(-1, r.failedPe());
        assertEquals(List.of(0, 0, 0), r.peExitCodes());
        for (int pe = 0; pe < 3; pe++) {
            assertEquals("pe=" + pe + " npes=3 local=" + pe + "/3 args=[a, b c]", r.stdout(pe).get(0));
            assertTrue(r.stdout(pe).contains("native-access=true"), r.stdout(pe).toString());
            assertTrue(r.stdout(pe).contains("extra=x1"), r.stdout(pe).toString());
            assertEquals(List.of("to stderr from " + pe), r.stderr(pe));
            assertTrue(outLines().contains("[pe " + pe + "] pe=" + pe + " npes=3 local=" + pe + "/3 args=[a, b c]"));
            assertTrue(errLines().contains("[pe " + pe + "] to stderr from " + pe), errLines().toString());
        }
        assertTrue(outLines().stream().allMatch(l -> l.matches("\\[pe [0-2]] .*")), outLines().toString());
        assertFalse(outLines().stream().anyMatch(l -> l.contains("to stderr")), "stderr went to stdout");
        long port = printed(r, "uid-ok").get(0);
        assertTrue(port > 0 && printed(r, "uid-ok").stream().allMatch(p -> p == port), "one rendezvous for all PEs");
        assertEquals(List.of(), r.messages());
    }

    @Test
    void firstFailureSetsTheExitStatusAndTheOthersGetAGraceThenDie() {
        long t0 = System.nanoTime();
        JobResult r = run(spec(TestApps.Steps.class, 3, "1=sleep:300,exit:3", "0=sleep:1500,exit:0",
                "*=sleep:60000"));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(3, r.exitCode(), r.transcript());
        assertEquals(1, r.failedPe());
        assertEquals("exit status 3", r.failure());
        assertTrue(errLines().contains("shmemrun: PE 1 failed first: exit status 3"), errLines().toString());
        assertEquals(0, r.peExitCodes().get(0), "PE 0 finished by itself within the grace period");
        assertEquals(137, r.peExitCodes().get(2), "PE 2 was killed after the grace period");
        assertTrue(r.messages().stream().anyMatch(m -> m.startsWith("shmemrun: killing PEs 2, still running 3 s")),
                r.messages().toString());
        assertTrue(ms >= 3000 && ms < 30_000, "job took " + ms + " ms");
        assertAllDead(printed(r, "pid"), r);
    }

    @Test
    void aPeKilledBySignalIsReportedFirst() {
        JobResult r = run(spec(TestApps.Steps.class, 3, "2=sleep:300,kill9", "*=sleep:60000")
                .withGrace(Duration.ofMillis(500)));
        assertEquals(137, r.exitCode(), r.transcript());
        assertEquals(2, r.failedPe());
        assertEquals("killed by signal 9 (exit 137)", r.failure());
        assertTrue(errLines().contains("shmemrun: PE 2 failed first: killed by signal 9 (exit 137)"),
                errLines().toString());
        assertEquals(3, printed(r, "pid").size());
        assertAllDead(printed(r, "pid"), r);
    }

    @Test
    void timeoutKillsEveryPeWithStatus124AndThreadDumps() {
        long t0 = System.nanoTime();
        JobResult r = run(spec(TestApps.Steps.class, 2, "*=sleep:60000").withTimeout(Duration.ofSeconds(3)));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(124, r.exitCode(), r.transcript());
        assertTrue(r.timedOut());
        assertEquals(-1, r.failedPe());
        assertTrue(r.messages().contains("shmemrun: timeout after 3 s; PEs still running: 0, 1"),
                r.messages().toString());
        assertTrue(r.stdout(0).stream().anyMatch(l -> l.startsWith("Full thread dump")), "no thread dump of PE 0");
        assertTrue(ms >= 3000 && ms < 30_000, "job took " + ms + " ms");
        assertEquals(List.of(137, 137), r.peExitCodes());
        assertAllDead(printed(r, "pid"), r);
    }

    @Test
    void noDescendantIsLeftEvenWhenItsPeExitedFirst() {
        JobResult r = run(spec(TestApps.Steps.class, 3, "0=spawn:300,exit:5", "1=spawn:300,spawn:300,sleep:60000",
                "*=sleep:200,exit:0").withGrace(Duration.ofMillis(500)));
        assertEquals(5, r.exitCode(), r.transcript());
        assertEquals(0, r.failedPe());
        List<Long> children = printed(r, "child");
        assertEquals(3, children.size(), r.transcript());
        assertAllDead(children, r);
        assertAllDead(printed(r, "pid"), r);
    }

    @Test
    void leftoverHeapFilesOfTheSessionAreRemovedAndOthersKept() throws Exception {
        Path unrelated = Path.of("/dev/shm", "jshmem-000000000000-unrelated-" + ProcessHandle.current().pid());
        Files.write(unrelated, new byte[1]);
        try {
            JobResult r = run(spec(TestApps.Steps.class, 3, "0=shm,sleep:500,kill9", "*=shm,sleep:60000")
                    .withGrace(Duration.ofMillis(500)));
            assertEquals(137, r.exitCode(), r.transcript());
            assertEquals(3, r.stdout(0).stream().filter(l -> l.startsWith("shm=")).count()
                    + r.stdout(1).stream().filter(l -> l.startsWith("shm=")).count()
                    + r.stdout(2).stream().filter(l -> l.startsWith("shm=")).count(), r.transcript());
            try (DirectoryStream<Path> left = Files.newDirectoryStream(Path.of("/dev/shm"),
                    "jshmem-" + r.sessionName() + "-*")) {
                assertFalse(left.iterator().hasNext(), "heap files of the session were left");
            }
            assertTrue(r.messages().contains("shmemrun: removed 3 leftover shared-memory file(s) jshmem-"
                    + r.sessionName() + "-*"), r.messages().toString());
            assertTrue(Files.exists(unrelated), "another session's file must survive");
        } finally {
            Files.deleteIfExists(unrelated);
        }
    }

    @Test
    void rendezvousWorksForThePes() {
        JobResult r = run(spec(TestApps.Rendezvous.class, 4, "gather"));
        assertEquals(0, r.exitCode(), r.transcript());
        for (int pe = 0; pe < 4; pe++) {
            assertEquals(List.of("source=shmemrun all=[0, 1, 2, 3]"), r.stdout(pe));
        }
    }

    @Test
    void globalExitEndsTheJobWithItsStatus() {
        JobResult r = run(spec(TestApps.Rendezvous.class, 3, "abort:1:5"));
        assertEquals(5, r.exitCode(), r.transcript());
        assertEquals(1, r.failedPe());
        assertEquals("called globalExit(5): test abort", r.failure());
        assertTrue(r.stdout(0).contains("saw abort from 1 status 5: test abort"), r.transcript());
        assertTrue(r.stdout(2).contains("saw abort from 1 status 5: test abort"), r.transcript());
        assertEquals(List.of(5, 5, 5), r.peExitCodes());
    }

    @Test
    void aPeThatLeavesWithoutGoodbyeIsTheFirstFailure() {
        JobResult r = run(spec(TestApps.Rendezvous.class, 2, "vanish:1"));
        assertEquals(1, r.exitCode(), r.transcript());
        assertEquals(1, r.failedPe(), r.transcript());
        assertTrue(r.failure().contains("without closing its rendezvous connection"), r.failure());
        assertTrue(r.stderr(0).stream().anyMatch(l -> l.startsWith("PeFailedException: PE 0: barrier 'never'")
                && l.contains("PE 1 failed")), r.transcript());
        assertEquals(List.of(1, 0), r.peExitCodes());
    }

    @Test
    void executableJarRunsItsMainClass(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("app.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, TestApps.PrintEnv.class.getName());
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, Path.of(testClasses()).toUri().toString());
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), m)) {
            j.flush();
        }
        JobResult r = run(JobSpec.ofJar(jar, 2).withArgs("x").withTimeout(JOB_DEADLINE));
        assertEquals(0, r.exitCode(), r.transcript());
        assertEquals("pe=1 npes=2 local=1/2 args=[x]", r.stdout(1).get(0));
    }

    @Test
    void aPeThatCannotStartFailsTheJob() {
        JobResult r = run(spec(TestApps.Steps.class, 2).withJvmArgs(List.of("-XX:+NoSuchJvmOptionAtAll")));
        assertEquals(1, r.exitCode(), r.transcript());
        assertTrue(r.failure().startsWith("exit status 1"), r.failure());
        assertTrue(r.stderr(r.failedPe()).stream().anyMatch(l -> l.contains("NoSuchJvmOptionAtAll")), r.transcript());
    }
}
