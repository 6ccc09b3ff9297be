package io.jshmem.launcher;

import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarFile;

/** Whether a class-path entry is a named module (has a module descriptor), and its name. Stateless. */
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

    /**
     * The name of the module at {@code entry} when it provides a service of jshmem's SPI (an engine or a memory kind):
     * such a module joins the module graph by service binding even though no module requires it. Empty for anything
     * else or an entry that cannot be read.
     */
    static Optional<String> spiProvider(Path entry) {
        try {
            return ModuleFinder.of(entry).findAll().stream().map(m -> m.descriptor())
                    .filter(d -> d.provides().stream().anyMatch(p -> p.service().startsWith("io.jshmem.spi.")))
                    .map(d -> d.name()).findFirst();
        } catch (FindException | SecurityException e) {
            return Optional.empty();
        }
    }
}
