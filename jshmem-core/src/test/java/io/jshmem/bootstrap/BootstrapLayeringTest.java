package io.jshmem.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The bootstrap sits low in the layers: it may import only the JDK, io.jshmem.error and io.jshmem.config. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class BootstrapLayeringTest {
    static final List<String> ALLOWED = List.of("java.", "javax.", "io.jshmem.error.", "io.jshmem.config.",
            "io.jshmem.bootstrap.");

    @Test
    void importsOnlyLowerLayers() throws IOException {
        Path dir = Path.of("src/main/java/io/jshmem/bootstrap");
        assertTrue(Files.isDirectory(dir), "run from the module directory: " + dir.toAbsolutePath());
        List<String> bad = new ArrayList<>();
        int files = 0;
        try (Stream<Path> sources = Files.list(dir)) {
            for (Path p : sources.filter(f -> f.toString().endsWith(".java")).toList()) {
                files++;
                for (String line : Files.readAllLines(p)) {
                    String l = line.strip();
                    if (l.startsWith("import ")) {
                        String name = l.substring("import ".length()).replace("static ", "").strip();
                        if (ALLOWED.stream().noneMatch(name::startsWith)) {
                            bad.add(p.getFileName() + ": " + l);
                        }
                    }
                    if (l.contains("io.jshmem.") && !l.startsWith("import ") && !l.startsWith("package ")
                            && !l.startsWith("*") && !l.startsWith("//")
                            && !l.matches(".*io\\.jshmem\\.(error|config|bootstrap)\\..*")) {
                        bad.add(p.getFileName() + " (qualified name): " + l);
                    }
                }
            }
        }
        assertTrue(files >= 10, "found only " + files + " sources");
        assertEquals(List.of(), bad);
    }
}
