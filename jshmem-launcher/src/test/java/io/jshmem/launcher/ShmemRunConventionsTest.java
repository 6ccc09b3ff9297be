package io.jshmem.launcher;

import io.jshmem.config.BuildInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * shmemrun by the conventions users know: the artifact version, a missing --cp entry rejected, a
 * missing main class exiting 127, torchrun's variables, --bind-to core|none, exit statuses as --help states them,
 * and --help itself fitting an 80-column terminal. (Ctrl-C: ShutdownHookTest.)
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ShmemRunConventionsTest {
    private static ShmemRunCapture run(String... args) {
        return ShmemRunCapture.run(args);
    }

    @Test
    void versionIsTheArtifactVersion() {
        ShmemRunCapture r = run("--version");
        assertEquals(0, r.code());
        assertEquals("shmemrun (jshmem) " + BuildInfo.version(), r.out().strip());
        assertTrue(BuildInfo.version().matches("\\d+\\.\\d+\\.\\d+.*"), BuildInfo.version());
    }

    @Test
    void aMissingClassPathEntryIsRejected() {
        ShmemRunCapture r = run("-np", "1", "--cp", "/no/such/dir/classes", "com.example.Main");
        assertEquals(ShmemRun.EXIT_USAGE, r.code());
        assertTrue(r.err().contains("--cp entry '/no/such/dir/classes' does not exist"), r.err());
    }

    @Test
    void aMissingMainClassExits127() {
        ShmemRunCapture r = run("-np", "2", "--timeout", "60", "com.example.NoSuchMain");
        assertEquals(127, r.code(), r.err());
        assertTrue(r.err().contains("could not be started: Could not find or load main class com.example.NoSuchMain"),
                r.err());
    }

    @Test
    void pesGetTorchrunVariables() {
        ShmemRunCapture r = run("-np", "2", "--timeout", "60", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("[pe 0] torchrun=0/2 local=0/2"), r.out());
        assertTrue(r.out().contains("[pe 1] torchrun=1/2 local=1/2"), r.out());
        assertTrue(r.out().contains("[pe 0] bound=null"), r.out());
        assertTrue(r.out().contains("[pe 0] host-cpus=null"), r.out());
        assertTrue(r.out().contains("[pe 0] g1=false heap-share=none"), r.out());
    }

    @Test
    void morePesThanTwoShareHalfTheHostsMemoryUnlessTheyChoose() {
        ShmemRunCapture r = run("-np", "4", "--timeout", "60", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("[pe 3] g1=false heap-share=-XX:MaxRAMPercentage=12.5"), r.out());
        ShmemRunCapture own = run("-np", "4", "--timeout", "60", "--jvm-arg=-Xmx256m", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, own.code(), own.err());
        assertTrue(own.out().contains("[pe 3] g1=false heap-share=none"), own.out());
    }

    @Test
    void bindToCorePinsEachPeAndReportsIt() {
        List<Integer> cpus = CpuBinding.allowedCpus();
        ShmemRunCapture r = run("-np", "2", "--timeout", "60", "--bind-to", "core", "--cp", LauncherTest.testClasses(),
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
        // A pinned JVM sees one CPU: it gets G1 rather than the serial collector, and the library the CPU set.
        assertTrue(r.err().contains("shmemrun: PE JVM options: -XX:+UseG1GC"), r.err());
        assertTrue(r.out().contains("[pe 1] g1=true heap-share=none"), r.out());
        assertTrue(r.out().contains("[pe 1] host-cpus=" + cpus.size()), r.out());
        ShmemRunCapture none = run("-np", "1", "--timeout", "60", "--bind-to", "none", "--cp", LauncherTest.testClasses(),
                TestApps.PrintEnv.class.getName());
        assertEquals(0, none.code(), none.err());
        assertFalse(none.err().contains("--bind-to core"), none.err());
        assertEquals(ShmemRun.EXIT_USAGE, run("-np", "1", "--bind-to", "socket", "M").code());
    }

    @Test
    void bindModesParseOnceAndABadOneNamesTheValidOnes() {
        assertEquals(CpuBinding.Mode.CORE, CpuBinding.Mode.parse(" Core "));
        assertEquals(CpuBinding.Mode.NONE, CpuBinding.Mode.parse(null));
        String env = assertThrows(IllegalArgumentException.class, () -> CpuBinding.Mode.parse("socket")).getMessage();
        assertTrue(env.contains("JSHMEM_BIND_TO = 'socket'") && env.contains("none, core")
                && env.contains("jshmem.bind.to"), env);
        String option = assertThrows(IllegalArgumentException.class, () -> CpuBinding.Mode.ofOption("socket"))
                .getMessage();
        assertTrue(option.startsWith("--bind-to = 'socket'") && option.contains("none, core"), option);
    }

    @Test
    void cpuListsParseLikeTheKernelPrintsThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuBinding.parseList("0-3,8,10-11"));
        assertEquals(List.of(5), CpuBinding.parseList("5"));
        assertThrows(RuntimeException.class, () -> CpuBinding.parseList("x"));
    }

    @Test
    void helpFitsEightyColumnsAndBreaksNoWordOrSentence() {
        ShmemRunCapture r = run("--help");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.size() > 30, r.out());
        for (String line : lines) {
            assertTrue(line.length() <= 80, "longer than 80 columns (" + line.length() + "): " + line);
        }
        // Whole paragraphs are wrapped by picocli, not by hand at another width: the flowing text reads on.
        String flowing = String.join(" ", lines).replaceAll("\\s+", " ");
        assertTrue(flowing.contains("When a PE fails, shmemrun reports which PE failed first and why, gives the"
                + " others a short grace period"), r.out());
        assertTrue(flowing.contains("2 on bad usage"), r.out());
    }

    @Test
    void aJarWithoutMainClassIsBadUsageAsHelpSays(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("lib.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), m)) {
            j.flush();
        }
        ShmemRunCapture r = run("-np", "2", "--timeout", "60", "-jar", jar.toString());
        assertEquals(ShmemRun.EXIT_USAGE, r.code(), r.err());
        assertTrue(r.err().contains("has no Main-Class in its manifest"), r.err());
        assertTrue(r.err().contains("usage: shmemrun"), r.err());
        ShmemRunCapture missing = run("-np", "2", "-jar", dir.resolve("none.jar").toString());
        assertEquals(ShmemRun.EXIT_USAGE, missing.code(), missing.err());
    }
}
