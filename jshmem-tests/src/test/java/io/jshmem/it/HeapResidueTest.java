package io.jshmem.it;

import io.jshmem.bootstrap.LaunchEnvironment;
import io.jshmem.config.Settings;
import io.jshmem.it.pe.EnvLaunchPe;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.Launcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No residue, no squatting. Memfd heaps leave nothing after a SIGKILL of the launcher, of a PE or of everything
 * during init. File heaps (a job killed with SIGKILL, launcher and PEs, while it prefaults them) leave files that
 * the next job on the host removes and logs; a file pre-created under a job's name is neither opened nor a reason
 * for init to fail. Each test uses its own heap directory on /dev/shm, so jobs of other tests
 * running at the same time are not disturbed.
 */
class HeapResidueTest {
    private Path dir;

    @BeforeEach
    void privateHeapDir() throws IOException {
        dir = Files.createTempDirectory(Path.of("/dev/shm"), "it11-heaps-");
    }

    @AfterEach
    void removeHeapDir() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    @Timeout(150)
    void jobKilledDuringInitLeavesNothingForLong() throws Exception {
        List<Path> stale = List.of();
        for (int attempt = 0; attempt < 4 && stale.isEmpty(); attempt++) {
            stale = killDuringPrefault();
        }
        assertTrue(!stale.isEmpty(), "could not kill a job while its heap files existed");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobResult r = Launcher.run(Jobs.spec(EnvLaunchPe.class, 2).withEnv("JSHMEM_HEAP_DIR", dir.toString())
                .withEnv("SHMEM_SYMMETRIC_SIZE", "1m"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String log = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript() + log);
        for (Path f : stale) {
            assertTrue(log.contains("removed stale heap file " + f), () -> "removal of " + f + " not logged:\n"
                    + log);
        }
        assertEquals(List.of(), files(), "heap files left behind");
    }

    @Test
    @Timeout(120)
    void squattedJobNamesAreNeitherReusedNorFatal() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<Map<String, String>> envs = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            envs.add(new HashMap<>(Map.of("RANK", "" + rank, "WORLD_SIZE", "2", "LOCAL_RANK", "" + rank,
                    "LOCAL_WORLD_SIZE", "2", "MASTER_ADDR", "127.0.0.1", "MASTER_PORT", "" + port,
                    "JSHMEM_SECRET", "squat-test-secret-0123456789", "SHMEM_SYMMETRIC_SIZE", "1m",
                    "JSHMEM_HEAP_DIR", dir.toString())));
        }
        String session = LaunchEnvironment.detect(Settings.of(envs.get(0))).uniqueId().sessionName();
        List<Path> squatted = new ArrayList<>();
        for (String name : List.of("jshmem-" + session + "-0", "jshmem-" + session + "-1",
                "jshmem-" + session + "-0-0000000000000000")) {
            squatted.add(Files.writeString(dir.resolve(name), "squatter"));
        }
        try (DirectProcesses procs = new DirectProcesses()) {
            for (Map<String, String> env : envs) {
                procs.start(env, EnvLaunchPe.class.getName());
            }
            assertArrayEquals(new int[] {0, 0}, procs.awaitAll(Duration.ofSeconds(90)), procs.dump());
            assertTrue(procs.output(1).contains("ENV OK pe 1 of 2"), procs.dump());
        }
        for (Path f : squatted) {
            assertEquals("squatter", Files.readString(f), f + " was opened by init");
        }
        assertEquals(squatted.stream().map(p -> p.getFileName().toString()).sorted().toList(), files(),
                "init left files of its own");
    }

    /** Who is killed with SIGKILL while the PEs initialise. */
    enum Victim { LAUNCHER, ONE_PE, WHOLE_JOB }

    /**
     * Memfd heaps (the default; named here because this test gives the job a private heap directory, which alone
     * would select file heaps): a kill -9 of the launcher, of one PE or of everything while the PEs hold their
     * heaps during init leaves 0 bytes in the heap directory, with nothing for a later job to sweep. Each kill
     * comes once the first (odd trials: every) PE's heap exists. Two of each by default;
     * {@code -Djshmem.residue.kills=10} runs 10 of each.
     */
    @ParameterizedTest
    @EnumSource(Victim.class)
    @Timeout(300)
    void killsDuringInitLeaveNothingInTheHeapDirectory(Victim victim) throws Exception {
        killsLeaveNothing(victim, "memfd");
    }

    /** File heaps: PEs whose launcher is killed during init unlink their files before they exit. */
    @Test
    @Timeout(300)
    void fileHeapsGoWithTheirPesWhenTheLauncherIsKilledDuringInit() throws Exception {
        killsLeaveNothing(Victim.LAUNCHER, "file");
    }

    private void killsLeaveNothing(Victim victim, String backing) throws Exception {
        int kills = Integer.getInteger("jshmem.residue.kills", 2);
        int hit = 0;
        for (int k = 0; k < kills; k++) {
            hit += killDuringInit(victim, backing, k % 2 == 0 ? 1 : 2, k) ? 1 : 0;
            List<String> left = files();
            long bytes = 0;
            for (String f : left) {
                bytes += Files.size(dir.resolve(f));
            }
            int trial = k;
            long total = bytes;
            assertEquals(List.of(), left, () -> victim + " killed in trial " + trial + ": " + total
                    + " bytes left in the heap directory");
        }
        System.out.println("HeapResidueTest: " + victim + " killed " + kills + " times during init with " + backing
                + " heaps (" + hit
                + " with heaps created), 0 bytes left in " + dir);
        assertTrue(hit >= (kills + 1) / 2, victim + ": only " + hit + " of " + kills
                + " kills came while the heaps existed");
    }

    /**
     * Starts shmemrun with 2 PEs and 256 MiB prefaulted heaps of {@code backing} in the private directory, waits
     * until {@code heaps} PEs hold their heap (a memfd descriptor, or a file in the directory), kills the victim and
     * waits until every process of the job is gone. Returns whether the kill came while the heaps existed.
     */
    private boolean killDuringInit(Victim victim, String backing, int heaps, int trial) throws Exception {
        boolean seen;
        try (DirectProcesses procs = new DirectProcesses()) {
            procs.start(Map.of("SHMEM_SYMMETRIC_SIZE", "256m", "JSHMEM_HEAP_PREFAULT", "true",
                    "JSHMEM_HEAP_DIR", dir.toString(), "JSHMEM_HEAP_BACKING", backing),
                    "io.jshmem.launcher.ShmemRun", "-np", "2", EnvLaunchPe.class.getName());
            ProcessHandle launcher = procs.handle(0);
            long started = System.nanoTime();
            long deadline = started + 60_000_000_000L;
            List<ProcessHandle> pes = List.of();
            while (System.nanoTime() < deadline && launcher.isAlive()) {
                pes = launcher.descendants().toList();
                if (heapsHeld(pes) + files().size() >= heaps) {
                    break;
                }
                Thread.sleep(1);
            }
            seen = launcher.isAlive() && heapsHeld(pes) + files().size() >= heaps;
            List<ProcessHandle> all = new ArrayList<>(launcher.descendants().toList());
            all.add(launcher);
            long killed = System.nanoTime();
            switch (victim) {
                case LAUNCHER -> launcher.destroyForcibly();
                case ONE_PE -> all.get(trial % Math.max(1, all.size() - 1)).destroyForcibly();
                case WHOLE_JOB -> all.forEach(ProcessHandle::destroyForcibly);
            }
            for (ProcessHandle h : all) {
                try {
                    h.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError(victim + " killed: " + h.pid() + " still runs 30 s later\n"
                            + procs.dump());
                }
            }
            System.out.println("HeapResidueTest: " + victim + " trial " + trial + ": heaps after "
                    + (killed - started) / 1_000_000 + " ms, all gone " + (System.nanoTime() - killed) / 1_000_000
                    + " ms after the kill");
        }
        return seen;
    }

    /** PEs among {@code processes} that hold a jshmem heap memfd (its descriptor is open until init maps it). */
    private static int heapsHeld(List<ProcessHandle> processes) {
        int n = 0;
        for (ProcessHandle h : processes) {
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(h.pid()), "fd"))) {
                if (fds.anyMatch(HeapResidueTest::isHeapMemfd)) {
                    n++;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                // the process ended meanwhile
            }
        }
        return n;
    }

    private static boolean isHeapMemfd(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString().matches("/memfd:jshmem-[0-9a-f]{12}-[0-9]+-[0-9a-f]{16}.*");
        } catch (IOException e) {
            return false;
        }
    }

    /** Starts shmemrun with big prefaulted heaps, kills it and its PEs once both heap files exist. */
    private List<Path> killDuringPrefault() throws Exception {
        try (DirectProcesses procs = new DirectProcesses()) {
            procs.start(Map.of("SHMEM_SYMMETRIC_SIZE", "512m", "JSHMEM_HEAP_PREFAULT", "true",
                    "JSHMEM_HEAP_DIR", dir.toString()), "io.jshmem.launcher.ShmemRun", "-np", "2",
                    EnvLaunchPe.class.getName());
            ProcessHandle launcher = procs.handle(0);
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < deadline && launcher.isAlive() && headersWritten() < 2) {
                Thread.sleep(1);
            }
            List<ProcessHandle> all = new ArrayList<>(launcher.descendants().toList());
            all.add(launcher);
            all.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle h : all) {
                h.onExit().get();
            }
        }
        return files().stream().map(dir::resolve).toList();
    }

    /** Heap files whose header (magic first) is already written: a sweep can recognize them. */
    private int headersWritten() throws IOException {
        int n = 0;
        for (String name : files()) {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(dir.resolve(name))) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8);
                if (ch.read(b, 0) == 8 && b.getLong(0) != 0) {
                    n++;
                }
            } catch (IOException e) {
                // removed meanwhile
            }
        }
        return n;
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
