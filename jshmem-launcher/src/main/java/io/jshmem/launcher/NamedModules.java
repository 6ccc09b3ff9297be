package io.jshmem.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/** Whether a class-path entry is a named module (has a module descriptor). Stateless. */
final class NamedModules {
    private NamedModules() {
    }

    static boolean isNamedModule(Path entry) {
        if (Files.isDirectory(entry)) {
            return Files.isRegularFile(entry.resolve("module-info.class"));
        }
        if (!Files.isRegularFile(entry)) {
            return false;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            return jar.getEntry("module-info.class") != null
                    || jar.stream().anyMatch(e -> e.getName().startsWith("META-INF/versions/")
                    && e.getName().endsWith("/module-info.class"));
        } catch (IOException e) {
            return false;
        }
    }
}
