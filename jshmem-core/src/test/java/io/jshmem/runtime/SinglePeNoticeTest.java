package io.jshmem.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The 1-PE notice suggests a shmemrun command that runs as printed once N is chosen: the process's own class path
 * and main class, its jar, or its module path and module. (NewcomerTest runs the printed command.)
 */
class SinglePeNoticeTest {
    @Test
    void aClassPathProgramGetsItsClassPathAndMainClass() {
        String t = SinglePeNotice.text("com.example.Main --size 1m", null, null, "/opt/app/classes:/opt/lib/a.jar");
        assertTrue(t.endsWith("shmemrun -np N --cp /opt/app/classes:/opt/lib/a.jar com.example.Main [args]"), t);
    }

    @Test
    void aClassPathWithSpacesIsQuoted() {
        String t = SinglePeNotice.text("com.example.Main", null, null, "/home/me/my app/classes");
        assertTrue(t.endsWith("shmemrun -np N --cp '/home/me/my app/classes' com.example.Main"), t);
    }

    @Test
    void aJarProgramGetsDashJar() {
        String t = SinglePeNotice.text("target/app.jar", null, null, "target/app.jar");
        assertTrue(t.endsWith("shmemrun -np N -jar target/app.jar"), t);
    }

    @Test
    void aModularProgramGetsItsModulePath() {
        String t = SinglePeNotice.text("com.example/com.example.Main x", "com.example", "mods:lib", "");
        assertTrue(t.endsWith("shmemrun -np N --module-path mods:lib -m com.example/com.example.Main [args]"), t);
    }

    @Test
    void neverTheFormWithoutClassPath() {
        for (String t : new String[] {SinglePeNotice.text("Hello", null, null, ""),
            SinglePeNotice.text("", null, null, "")}) {
            assertFalse(t.matches(".*shmemrun -np N <main-class>.*"), t);
            assertTrue(t.contains("running as a 1-PE job"), t);
        }
    }
}
