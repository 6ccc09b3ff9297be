package io.jshmem.it;

import io.jshmem.Shmem;
import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JPMS boundary as applications see it: jshmem's module exports only the API and the exceptions, the engine
 * SPI only to the UCX module and bootstrap/config only to the launcher; and shmemrun runs a modular application on
 * the module path, and the native-access flag the user guide gives for the module path without shmemrun runs
 * without a warning.
 */
class ModuleBoundaryTest {
    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    @Timeout(60)
    void coreExportsOnlyTheApiToApplications() {
        ModuleDescriptor core = ModuleFinder.of(location(Shmem.class)).find("io.jshmem").orElseThrow().descriptor();
        Set<String> open = new TreeSet<>();
        Map<String, Set<String>> qualified = new TreeMap<>();
        for (ModuleDescriptor.Exports e : core.exports()) {
            if (e.isQualified()) {
                qualified.put(e.source(), new TreeSet<>(e.targets()));
            } else {
                open.add(e.source());
            }
        }
        assertEquals(Set.of("io.jshmem", "io.jshmem.error", "io.jshmem.spi"), open,
                "packages every application and engine module sees");
        assertFalse(qualified.containsKey("io.jshmem.transport.shm"), "the built-in engine is never exported");
        assertEquals(Set.of("io.jshmem.launcher"), qualified.get("io.jshmem.bootstrap"), "bootstrap");
        assertTrue(qualified.get("io.jshmem.config").contains("io.jshmem.launcher"), "config");
        assertFalse(qualified.containsKey("io.jshmem.impl"), "the implementation is never exported");
        assertFalse(qualified.containsKey("io.jshmem.operand"), "the operand layer is never exported");
        assertTrue(core.provides().stream().anyMatch(p -> p.service().equals("io.jshmem.ShmemProvider")),
                "the implementation is provided as a service");

        // Resolved as a layer, an application module that reads io.jshmem cannot reach the implementation.
        Configuration cf = java.lang.ModuleLayer.boot().configuration().resolve(ModuleFinder.of(location(Shmem.class)),
                ModuleFinder.of(), List.of("io.jshmem"));
        java.lang.ModuleLayer layer = java.lang.ModuleLayer.boot().defineModulesWithOneLoader(cf,
                ClassLoader.getPlatformClassLoader());
        Module m = layer.findModule("io.jshmem").orElseThrow();
        assertTrue(m.isExported("io.jshmem") && m.isExported("io.jshmem.error") && m.isExported("io.jshmem.spi"));
        for (String internal : List.of("io.jshmem.impl", "io.jshmem.operand", "io.jshmem.comm", "io.jshmem.runtime",
                "io.jshmem.memory", "io.jshmem.transport.shm", "io.jshmem.bootstrap", "io.jshmem.config")) {
            assertFalse(m.isExported(internal), internal + " is exported to everyone");
        }
    }

    @Test
    @Timeout(120)
    void shmemrunRunsAModularApplicationOnTheModulePath() {
        Path examples = location(io.jshmem.examples.RmaRing.class);
        assertTrue(ModuleFinder.of(examples).find("io.jshmem.examples").isPresent(),
                "the examples are a named module at " + examples);
        JobSpec spec = JobSpec.ofMainClass("io.jshmem.examples/io.jshmem.examples.RmaRing", 2)
                .withClasspath(List.of(examples.toString())).withTimeout(Jobs.DEADLINE)
                .withEnv("SHMEM_SYMMETRIC_SIZE", "32m");
        assertTrue(spec.isModular());
        JobResult r = Jobs.run(spec);
        assertEquals(0, r.exitCode(), () -> r + "\n" + r.transcript());
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.stdout(pe).contains("[SUCCESS] run success in pe " + pe), r.transcript());
        }
    }

    @Test
    @Timeout(60)
    void theGuidesNativeAccessFlagForTheModulePathDoesNotWarn() throws Exception {
        String guide = Files.readString(Path.of("..", "docs", "user-guide.md"));
        Matcher m = Pattern.compile("module path without shmemrun, pass `(--enable-native-access=[^`]+)`")
                .matcher(guide.replaceAll("\\s+", " "));
        assertTrue(m.find(), "the user guide no longer gives the flag for the module path without shmemrun");
        String modulePath = location(Shmem.class) + java.io.File.pathSeparator
                + location(io.jshmem.examples.Hello.class);
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                m.group(1), "--module-path", modulePath, "-m", "io.jshmem.examples/io.jshmem.examples.Hello")
                .redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("JSHMEM_") || k.startsWith("SHMEM_")
                || k.startsWith("OMPI_") || k.startsWith("SLURM_") || k.equals("RANK") || k.equals("WORLD_SIZE"));
        pb.environment().put("SHMEM_SYMMETRIC_SIZE", "32m");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(50, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("Hello from PE 0 of 1"), out);
        assertFalse(out.contains("WARNING"), m.group(1) + " warns:\n" + out);
    }
}
