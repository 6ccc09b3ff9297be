package io.jshmem.tools;

import io.jshmem.config.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.jshmem.config.BuildInfo;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** shmem-config: version, the settings table, and a diagnosis with every section. */
@Timeout(60)
class ShmemConfigTest {
    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShmemConfig.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void versionNamesLibraryAndApis() {
        Result r = run("--version");
        assertEquals(0, r.code(), r.err());
        assertEquals("jshmem 0.1.0 (OpenSHMEM 1.6, CANN SHMEM 1.1 extensions)", r.out().strip());
    }

    @Test
    void settingsListEveryRow() {
        Result r = run("--settings");
        assertEquals(0, r.code(), r.err());
        for (Setting s : Setting.values()) {
            assertTrue(r.out().contains("| `" + s.envName() + "` | `" + s.propertyName() + "` |"), s.envName());
        }
    }

    @Test
    void diagnoseReportsEverySection() {
        Result r = run("--diagnose");
        assertEquals(0, r.code(), r.out());
        String j = r.out();
        for (String key : new String[] {"\"version\"", "\"jdk\"", "\"heap_directory\"", "\"free_bytes\"",
            "\"permissions\"", "\"can_create_heap_files\"", "\"interfaces\"", "\"chosen_address\"", "\"ucx\"",
            "\"libucp_loads\"", "\"memory_kinds\"", "\"device_kind_setting\"", "\"tls\"",
            "\"engine_config_defaults\"", "\"settings\"", "\"source\"", "\"degraded\"", "\"next_steps\""}) {
            assertTrue(j.contains(key + ":"), () -> key + " missing in " + j);
        }
        assertTrue(j.contains("\"name\": \"SHMEM_SYMMETRIC_SIZE\""), j);
        assertTrue(j.strip().startsWith("{") && j.strip().endsWith("}"), j);
        assertEquals(count(j, '{'), count(j, '}'), "balanced braces");
        assertEquals(count(j, '['), count(j, ']'), "balanced brackets");
    }

    /**
     * With no option, one screen: at most 40 lines of at most 80 columns that lead with the version and give the
     * engines, the heap directory and its space, the verdict and what to do; the exit status says degraded as the
     * full report does. Usage errors still exit 2.
     */
    @Test
    void noOptionPrintsOneScreen() {
        Result r = run();
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.size() <= ConfigSummary.MAX_LINES, lines.size() + " lines:\n" + r.out());
        for (String line : lines) {
            assertTrue(line.length() <= 80, "longer than 80 columns: " + line);
        }
        assertTrue(lines.getFirst().startsWith("jshmem ") && lines.getFirst().contains(BuildInfo.version()),
                r.out());
        for (String label : new String[] {"JDK ", "Engines ", "Heap dir ", "Rendezvous ", "Verdict: ",
            "Full report: shmem-config --all"}) {
            assertTrue(r.out().contains(label), label + " missing:\n" + r.out());
        }
        assertTrue(r.out().contains(" free of "), r.out());
        Result all = run("--all");
        boolean degraded = all.out().contains("degraded: true");
        assertEquals(degraded, r.out().contains("Verdict: degraded"), r.out());
        assertEquals(degraded ? ShmemConfig.EXIT_DEGRADED : 0, r.code(), r.out());
        assertEquals(2, run("--bogus").code());
    }

    @Test
    void nextStepsThatDoNotFitAreCountedNotPrinted() {
        io.jshmem.config.Json d = Diagnosis.of(io.jshmem.config.Settings.fromEnvironment());
        List<Object> steps = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            steps.add("fix number " + i + " of a machine in a very bad state, described at a length that takes"
                    + " more than one line of the screen to say what to do");
        }
        d.put("next_steps", steps);
        List<String> lines = ConfigSummary.lines(d, "9.9.9");
        assertTrue(lines.size() <= ConfigSummary.MAX_LINES, String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.matches(" +\\(\\d+ more: shmem-config --all\\)")),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Verdict: degraded, 30 things to fix")),
                String.join("\n", lines));
        for (String line : lines) {
            assertTrue(line.length() <= 80, "longer than 80 columns: " + line);
        }
    }

    /**
     * The memory-kind section lists every provider with whether it can serve; only a kind that JSHMEM_DEVICE_KIND asks
     * for and that cannot serve (or is missing) is a step to fix.
     */
    @Test
    void memoryKindsListEveryProviderAndFlagOnlyTheRequestedOne() {
        List<io.jshmem.spi.MemoryKindProvider> found = List.of(kind("ready-kind", null), kind("absent-hw", "no card"));
        List<Object> next = new java.util.ArrayList<>();
        String j = Diagnosis.memoryKinds(io.jshmem.config.Settings.of(java.util.Map.of()), found, next).toString();
        assertTrue(j.contains("ready-kind") && j.contains("absent-hw") && j.contains("no card")
                && j.contains("DEVICE_SIDE"), j);
        assertEquals(List.of(), next, "a provider of hardware this machine lacks is not a step to fix");
        Diagnosis.memoryKinds(io.jshmem.config.Settings.of(java.util.Map.of("JSHMEM_DEVICE_KIND", "absent-hw")),
                found, next);
        assertEquals(1, next.size(), next.toString());
        assertTrue(next.getFirst().toString().contains("JSHMEM_DEVICE_KIND = absent-hw but that provider cannot"
                + " serve here (no card)"), next.toString());
        next.clear();
        Diagnosis.memoryKinds(io.jshmem.config.Settings.of(java.util.Map.of("JSHMEM_DEVICE_KIND", "nowhere")),
                found, next);
        assertTrue(next.getFirst().toString().contains("no memory-kind provider of that name"), next.toString());
        next.clear();
        Diagnosis.memoryKinds(io.jshmem.config.Settings.of(java.util.Map.of("JSHMEM_DEVICE_KIND", "READY-kind")),
                found, next);
        assertEquals(List.of(), next);
    }

    private static io.jshmem.spi.MemoryKindProvider kind(String name, String unavailable) {
        return new io.jshmem.spi.MemoryKindProvider() {
            @Override
            public io.jshmem.MemType memType() {
                return io.jshmem.MemType.DEVICE_SIDE;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public io.jshmem.spi.MemoryKindCapabilities capabilities() {
                return new io.jshmem.spi.MemoryKindCapabilities(false, false);
            }

            @Override
            public java.util.Optional<String> unavailableReason() {
                return java.util.Optional.ofNullable(unavailable);
            }

            @Override
            public io.jshmem.spi.MemoryKindHeap open(io.jshmem.spi.MemoryKindSetup setup) {
                throw new UnsupportedOperationException("not opened by diagnosis");
            }
        };
    }

    @Test
    void helpFitsEightyColumns() {
        Result r = run("--help");
        assertEquals(0, r.code(), r.err());
        for (String line : r.out().lines().toList()) {
            assertTrue(line.length() <= 80, "longer than 80 columns (" + line.length() + "): " + line);
        }
        assertTrue(r.out().contains("--all"), r.out());
    }

    /**
     * {@code --all} prints the full report (what no option printed before the one screen), as oshmem_info does.
     */
    @Test
    void allPrintsTheFullReport() {
        Result r = run("--all");
        assertTrue(r.out().contains("--diagnose"), r.out());
        assertTrue(r.out().contains("heap_directory:") && r.out().contains("next_steps"), r.out());
        assertTrue(r.out().contains("artifact_version: " + io.jshmem.config.BuildInfo.version()), r.out());
        assertEquals(r.out().contains("degraded: true") ? ShmemConfig.EXIT_DEGRADED : 0, r.code(), r.out());
        assertEquals(2, run("--bogus").code());
    }

    @Test
    void parsableGivesKeyValueLines() {
        Result r = run("--parsable");
        for (String line : r.out().strip().split("\n")) {
            assertTrue(line.matches("[a-z_0-9]+(:[A-Za-z_0-9]+)*:.*"), line);
        }
        assertTrue(r.out().contains("\nheap_directory:path:"), r.out());
        assertTrue(r.out().contains("\nsettings:0:name:SHMEM_SYMMETRIC_SIZE\n"), r.out());
        assertTrue(r.out().contains("\ndegraded:"), r.out());
        assertEquals(r.out().contains("\ndegraded:true") ? ShmemConfig.EXIT_DEGRADED : 0, r.code());
    }

    @Test
    void aDegradedReportExitsNonZero() {
        Result r = runWith("JSHMEM_HEAP_DIR", "/no/such/heap/dir", "--parsable");
        assertTrue(r.out().contains("\ndegraded:true"), r.out());
        assertEquals(ShmemConfig.EXIT_DEGRADED, r.code());
    }

    @Test
    void shortVersionOptionWorks() {
        Result r = run("-V");
        assertEquals(0, r.code(), r.err());
        assertEquals(run("--version").out(), r.out());
    }

    /**
     * With memfd heaps the heap directory holds no heap, so its problems are notes, not steps to fix; with file
     * heaps the same directory's problems are steps. A directory on the build's disk (not tmpfs) shows both.
     */
    @Test
    void heapDirectoryProblemsAreStepsOnlyForFileHeaps(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        org.junit.jupiter.api.Assumptions.assumeFalse("tmpfs".equals(java.nio.file.Files.getFileStore(dir).type()),
                "the temporary directory is on tmpfs, so it raises no problem to classify");
        org.junit.jupiter.api.Assumptions.assumeTrue(io.jshmem.memory.MemfdHeap.available(),
                "memfd heaps do not work here: " + io.jshmem.memory.MemfdHeap.unavailableReason());
        Result file = runWith(java.util.Map.of(Setting.HEAP_DIR, dir.toString(), Setting.HEAP_BACKING, "file"),
                "--parsable");
        assertTrue(file.out().contains("\nheap_backing:effective:file\n"), file.out());
        assertTrue(file.out().contains("not tmpfs"), file.out());
        assertTrue(file.out().contains("\ndegraded:true"), file.out());
        Result memfd = runWith(java.util.Map.of(Setting.HEAP_DIR, dir.toString(), Setting.HEAP_BACKING, "memfd"),
                "--parsable");
        assertTrue(memfd.out().contains("\nheap_backing:effective:memfd\n"), memfd.out());
        assertTrue(memfd.out().contains("\nheap_directory:notes:0:") && memfd.out().contains("not tmpfs"),
                memfd.out());
        assertTrue(memfd.out().lines().noneMatch(l -> l.startsWith("next_steps:") && l.contains("not tmpfs")),
                memfd.out());
        Result screen = runWith(java.util.Map.of(Setting.HEAP_DIR, dir.toString(), Setting.HEAP_BACKING, "memfd"));
        assertTrue(screen.out().contains("Heaps") && screen.out().contains("memfd, no file anywhere"), screen.out());
    }

    /** Runs with one setting given as a system property (wins over the environment), restored afterwards. */
    private static Result runWith(String env, String value, String... args) {
        for (Setting s : Setting.values()) {
            if (s.envName().equals(env)) {
                return runWith(java.util.Map.of(s, value), args);
            }
        }
        throw new IllegalArgumentException(env);
    }

    /** Runs with settings given as system properties (they win over the environment), restored afterwards. */
    private static Result runWith(java.util.Map<Setting, String> settings, String... args) {
        java.util.Map<String, String> old = new java.util.HashMap<>();
        settings.forEach((s, v) -> {
            old.put(s.propertyName(), System.getProperty(s.propertyName()));
            System.setProperty(s.propertyName(), v);
        });
        try {
            return run(args);
        } finally {
            old.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }
}
