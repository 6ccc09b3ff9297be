package io.jshmem.launcher;

import io.jshmem.error.ShmemArgumentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** Reads the Main-Class of an executable jar. Stateless and thread-safe. */
final class JarMain {
    private JarMain() {
    }

    static String mainClassOf(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new ShmemArgumentException("jar = '" + jar + "' is not a file; pass the path of an executable"
                    + " jar to -jar");
        }
        try (JarFile jf = new JarFile(jar.toFile())) {
            Manifest m = jf.getManifest();
            String main = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (main == null || main.isBlank()) {
                throw new ShmemArgumentException("jar = '" + jar + "' has no Main-Class in its manifest; pass the"
                        + " main class instead: shmemrun -np N --cp " + jar + " com.example.Main");
            }
            return main.strip();
        } catch (IOException e) {
            throw new ShmemArgumentException("jar = '" + jar + "' cannot be read as a jar (" + e.getMessage()
                    + "); pass the path of an executable jar to -jar");
        }
    }
}
