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
 * Issue 11: no residue, no squatting. A job killed with SIGKILL (launcher and PEs) while it prefaults its heaps
 * leaves files that the next job on the host removes and logs; a file pre-created under a job's name is neither
 * opened nor a reason for init to fail. Each test uses its own heap directory on /dev/shm, so jobs of other tests
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
