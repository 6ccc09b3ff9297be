package io.jshmem.it;

import io.jshmem.it.pe.TouchHeapPe;
import io.jshmem.launcher.JobResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A job where the heap directory is a 64 MiB tmpfs, as /dev/shm is in a Docker or Kubernetes container by default,
 * and two PEs with 256 MiB heaps each touch 100 MiB: with memfd heaps (the default) it runs; with file heaps it fails
 * at init on every PE with a sentence naming both figures and the fixes. Never a PE dead of SIGBUS (the JVM's
 * "InternalError: a fault occurred in an unsafe memory access operation"). Needs root to mount; skipped otherwise.
 */
class SmallShmTest {
    private static final String TOUCH_MIB = "100";

    @Test
    @Timeout(120)
    void fileHeapsTooBigForTheTmpfsFailAtInitOnEveryPeWithTheSentence() throws Exception {
        try (Tmpfs tmpfs = Tmpfs.mount64m()) {
            JobResult r = Jobs.run(Jobs.spec(TouchHeapPe.class, 2, TOUCH_MIB)
                    .withEnv("JSHMEM_HEAP_DIR", tmpfs.dir().toString()).withEnv("SHMEM_SYMMETRIC_SIZE", "256m"));
            assertNotEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
            for (int pe = 0; pe < 2; pe++) {
                String out = String.join("\n", r.stderr(pe)) + "\n" + String.join("\n", r.stdout(pe));
                int p = pe;
                for (String part : List.of("heap directory " + tmpfs.dir(), "has 64 MiB free",
                        "2 PE(s) there need 512 MiB", "docker run --shm-size=512m", "emptyDir", "JSHMEM_HEAP_DIR", "SHMEM_SYMMETRIC_SIZE",
                        "JSHMEM_HEAP_BACKING=memfd")) {
                    assertTrue(out.contains(part), () -> "PE " + p + " did not say '" + part + "'\n" + r.transcript());
                }
                assertFalse(out.contains("TOUCHED"), () -> "PE " + p + " got past init\n" + r.transcript());
            }
            assertNoFault(r);
            assertEquals(List.of(), tmpfs.files(), "init created heap files although they could not fit");
        }
    }

    @Test
    @Timeout(120)
    void memfdHeapsRunWhereTheTmpfsIsTooSmallAndLeaveItEmpty() throws Exception {
        try (Tmpfs tmpfs = Tmpfs.mount64m()) {
            JobResult r = Jobs.run(Jobs.spec(TouchHeapPe.class, 2, TOUCH_MIB)
                    .withEnv("JSHMEM_HEAP_DIR", tmpfs.dir().toString()).withEnv("JSHMEM_HEAP_BACKING", "memfd")
                    .withEnv("SHMEM_SYMMETRIC_SIZE", "256m"));
            assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
            for (int pe = 0; pe < 2; pe++) {
                String line = "TOUCHED pe " + pe + " bytes " + Long.parseLong(TOUCH_MIB) * 1024 * 1024;
                int p = pe;
                assertTrue(r.stdout(pe).contains(line), () -> "PE " + p + " did not print " + line + "\n"
                        + r.transcript());
            }
            assertNoFault(r);
            assertEquals(List.of(), tmpfs.files(), "memfd heaps put files into the heap directory");
        }
    }

    /** The container case itself: /dev/shm of 64 MiB in a private mount namespace, every setting at its default. */
    @Test
    @Timeout(120)
    void defaultSettingsRunWhereDevShmIs64MiB() throws Exception {
        Tmpfs.assumeRoot();
        Process probe = new ProcessBuilder("unshare", "--mount", "--propagation", "private", "true")
                .redirectErrorStream(true).start();
        String why = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Assumptions.assumeTrue(probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0,
                () -> "a private mount namespace is not permitted here (unshare --mount: " + why + ")");
        List<String> wrapper = List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
                "mount -t tmpfs -o size=64m tmpfs /dev/shm && df -k /dev/shm | tail -n 1 && exec \"$@\"", "sh");
        try (DirectProcesses procs = new DirectProcesses()) {
            procs.startWrapped(wrapper, Map.of("SHMEM_SYMMETRIC_SIZE", "256m"), "io.jshmem.launcher.ShmemRun",
                    "-np", "2", TouchHeapPe.class.getName(), TOUCH_MIB);
            assertArrayEquals(new int[] {0}, procs.awaitAll(Duration.ofSeconds(100)), procs.dump());
            String out = procs.dump();
            assertTrue(out.contains(" 65536 "), () -> "/dev/shm was not the 64 MiB tmpfs: " + out);
            for (int pe = 0; pe < 2; pe++) {
                String line = "TOUCHED pe " + pe + " bytes " + Long.parseLong(TOUCH_MIB) * 1024 * 1024;
                assertTrue(out.contains(line), () -> "missing '" + line + "': " + out);
            }
            assertFalse(out.contains("InternalError") || out.contains("unsafe memory access"), out);
        }
    }

    private static void assertNoFault(JobResult r) {
        String all = r.transcript();
        assertFalse(all.contains("InternalError") || all.contains("unsafe memory access")
                || all.contains("SIGBUS (0x7)"), () -> "a PE died of a fault on heap memory\n" + all);
    }

    /** A tmpfs of 64 MiB mounted on a fresh directory for one test, unmounted and removed on close. */
    private record Tmpfs(Path dir) implements AutoCloseable {
        static void assumeRoot() throws IOException {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            Assumptions.assumeTrue(Integer.valueOf(0).equals(uid), "mounting a tmpfs needs root; this test runs as"
                    + " uid " + uid);
        }

        static Tmpfs mount64m() throws Exception {
            assumeRoot();
            Path dir = Files.createTempDirectory("jshmem-small-shm-");
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64m,mode=1777", "tmpfs",
                    dir.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                Files.deleteIfExists(dir);
                Assumptions.assumeTrue(false, "mount -t tmpfs is not permitted here: " + out);
            }
            return new Tmpfs(dir);
        }

        List<String> files() throws IOException {
            try (Stream<Path> s = Files.list(dir)) {
                return s.map(f -> f.getFileName().toString()).sorted().toList();
            }
        }

        @Override
        public void close() throws Exception {
            Process p = new ProcessBuilder("umount", dir.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                // A PE still maps a file there: detach now, the kernel frees it when the last mapping goes.
                new ProcessBuilder("umount", "-l", dir.toString()).start().waitFor(20, TimeUnit.SECONDS);
                System.err.println("SmallShmTest: umount " + dir + " failed (" + out + "); detached it lazily");
            }
            Files.deleteIfExists(dir);
        }
    }
}
