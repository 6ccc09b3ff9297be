package io.jshmem.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * shmemrun --startup-cache where no cache applies (a directory on the classpath), and the cache's name: a digest of
 * the command up to the main class and of the classpath entries' sizes and times, so that other JVM options or a
 * rebuilt jar name another cache while program arguments and logging options do not; the user's own archive options and
 * a modular launch have none. A cache made and mapped: NewcomerTest, with the distribution's jars.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StartupCacheTest {
    private static ShmemRunCapture run(String... args) {
        return ShmemRunCapture.run(args);
    }

    @Test
    void aDirectoryOnTheClasspathMeansNoCacheAndTheJobRunsAsItWould(@TempDir Path dir) throws IOException {
        Path cache = dir.resolve("cache");
        ShmemRunCapture r = run("-np", "2", "--timeout", "90", "--startup-cache", cache.toString(), "--cp",
                LauncherTest.testClasses(), TestApps.PrintEnv.class.getName());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("shmemrun: no start-up cache for this job: the classpath holds a directory ("),
                r.err());
        assertTrue(r.err().contains("the JDK caches classes from jars only"), r.err());
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.out().contains("[pe " + pe + "] aot=\n"), r.out());
        }
        assertFalse(Files.exists(cache), "nothing written");

        ShmemRunCapture shared = run("-np", "1", "--timeout", "90", "--startup-cache", cache.toString(), "--jvm-arg",
                "-Xshare:auto", "--cp", LauncherTest.testClasses(), TestApps.PrintEnv.class.getName());
        assertEquals(0, shared.code(), shared.err());
        assertTrue(shared.err().contains("choose a class archive themselves (-Xshare:auto)"), shared.err());
    }

    @Test
    void theNameFollowsTheJvmOptionsAndTheClasspathNotTheArguments(@TempDir Path dir) throws IOException {
        Path jar = Files.writeString(dir.resolve("app.jar"), "not really a jar");
        List<String> base = List.of("java", "--enable-native-access=ALL-UNNAMED", "-cp", jar.toString(), "app.Main");
        Path named = StartupCache.forCommand(dir, base).file();
        List<String> withArgs = new ArrayList<>(base);
        withArgs.add("--size");
        withArgs.add("1m");
        assertEquals(named, StartupCache.forCommand(dir, withArgs).file(), "program arguments do not matter");
        List<String> withLog = new ArrayList<>(base);
        withLog.add(1, "-Xlog:class+load=info");
        assertEquals(named, StartupCache.forCommand(dir, withLog).file(), "logging options do not matter");
        List<String> withOption = new ArrayList<>(base);
        withOption.add(1, "-Xmx1g");
        assertNotEquals(named, StartupCache.forCommand(dir, withOption).file());
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertNotEquals(named, StartupCache.forCommand(dir, base).file(), "a rebuilt jar names another cache");
        assertTrue(StartupCache.forCommand(dir, base).file().getFileName().toString().matches("jshmem-[0-9a-f]{24}\\.aot"));

        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path dep = Files.writeString(lib.resolve("dep.jar"), "a dependency");
        List<String> wildcard = List.of("java", "-cp", lib + "/*", "app.Main");
        Path beforeRebuild = StartupCache.forCommand(dir, wildcard).file();
        Files.setLastModifiedTime(dep, FileTime.fromMillis(Files.getLastModifiedTime(dep).toMillis() - 60_000));
        assertNotEquals(beforeRebuild, StartupCache.forCommand(dir, wildcard).file(), "dir/* reads each jar of dir");
        assertNull(StartupCache.unusable(base, List.of()));
        assertEquals("a modular launch", StartupCache.unusable(List.of("java", "-p", "mods", "-m", "app/app.Main"),
                List.of()));
        assertTrue(StartupCache.unusable(List.of("java", "-XX:AOTCache=x.aot", "-cp", jar.toString(), "app.Main"),
                List.of()).contains("choose a class archive themselves (-XX:AOTCache=x.aot)"));
        // With -Xshare, from the command or from JAVA_TOOL_OPTIONS, a JVM given an AOT cache does not start at all.
        assertTrue(StartupCache.unusable(List.of("java", "-Xshare:off", "-cp", jar.toString(), "app.Main"), List.of())
                .contains("(-Xshare:off)"));
        assertTrue(StartupCache.unusable(base, List.of("-Xshare:auto")).contains("(-Xshare:auto)"));
    }
}
