package io.jshmem.launcher;

import io.jshmem.config.BuildInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * shmemrun by the conventions users know (issue 13): the artifact version, a missing --cp entry rejected, a
 * missing main class exiting 127, torchrun's variables, --bind-to core|none. (Ctrl-C: ShutdownHookTest.)
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ShmemRunConventionsTest {
    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShmemRun.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void versionIsTheArtifactVersion() {
        Run r = run("--version");
        assertEquals(0, r.code());
        assertEquals("shmemrun (jshmem) " + BuildInfo.version(), r.out().strip());
        assertTrue(BuildInfo.version().matches("\\d+\\.\\d+\\.\\d+.*"), BuildInfo.version());
    }

    @Test
    void aMissingClassPathEntryIsRejected() {
        Run r = run("-np", "1", "--cp", "/no/such/dir/classes", "com.example.Main");
        assertEquals(ShmemRun.EXIT_USAGE, r.code());
        assertTrue(r.err().contains("--cp entry '/no/such/dir/classes' does not exist"), r.err());
    }

    @Test
    void aMissingMainClassExits127() {
        Run r = run("-np", "2", "--timeout", "60", "com.example.NoSuchMain");
        assertEquals(127, r.code(), r.err());
        assertTrue(r.err().contains("could not be started: Could not find or load main class com.example.NoSuchMain"),
                r.err());
    }

    @Test
    void pesGetTorchrunVariables() {
        Run r = run("-np", "2", "--timeout", "60", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("[pe 0] torchrun=0/2 local=0/2"), r.out());
        assertTrue(r.out().contains("[pe 1] torchrun=1/2 local=1/2"), r.out());
        assertTrue(r.out().contains("[pe 0] bound=null"), r.out());
    }

    @Test
    void bindToCorePinsEachPeAndReportsIt() {
        List<Integer> cpus = CpuBinding.allowedCpus();
        Run r = run("-np", "2", "--timeout", "60", "--bind-to", "core", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, r.code(), r.err());
        CpuBinding b = CpuBinding.of(CpuBinding.Mode.CORE);
        if (b.whyNot() != null) {
            assertTrue(r.err().contains(b.whyNot()), r.err());
            return;
        }
        int cpu1 = cpus.get(1 % cpus.size());
        assertTrue(r.err().contains("shmemrun: --bind-to core: PE 0 -> cpu " + cpus.get(0) + ", PE 1 -> cpu " + cpu1),
                r.err());
        assertTrue(r.out().contains("[pe 0] bound=" + cpus.get(0)), r.out());
        assertTrue(r.out().contains("[pe 1] bound=" + cpu1), r.out());
        Run none = run("-np", "1", "--timeout", "60", "--bind-to", "none", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, none.code(), none.err());
        assertFalse(none.err().contains("--bind-to core"), none.err());
        assertEquals(ShmemRun.EXIT_USAGE, run("-np", "1", "--bind-to", "socket", "M").code());
    }

    @Test
    void cpuListsParseLikeTheKernelPrintsThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuBinding.parseList("0-3,8,10-11"));
        assertEquals(List.of(5), CpuBinding.parseList("5"));
        assertThrows(RuntimeException.class, () -> CpuBinding.parseList("x"));
    }
}
