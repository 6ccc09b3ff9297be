package io.jshmem.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A newcomer's first hour, with the distribution the reactor built (jshmem-dist): unpack jshmem-VERSION.tar.gz into a
 * temporary directory outside the checkout, put a symlink to bin/shmemrun on PATH, and run the Hello example from
 * yet another directory; shmem-config through its symlink; and a program started without any launcher says once
 * that it runs as a 1-PE job.
 */
@Timeout(180)
class NewcomerTest {
    private static Path tmp;
    private static Path home;
    private static Path pathBin;
    private static Path elsewhere;

    @BeforeAll
    static void unpackTheDistribution() throws Exception {
        String version = System.getProperty("jshmem.version");
        assertTrue(version != null && !version.isBlank(), "surefire sets jshmem.version");
        Path tarball = Path.of("..", "jshmem-dist", "target", "jshmem-" + version + ".tar.gz").toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(tarball), tarball + " is missing: the reactor builds it in jshmem-dist"
                + " (mvn package)");
        tmp = Files.createTempDirectory("jshmem-newcomer-");
        assertTrue(!tmp.toRealPath().startsWith(Path.of("..").toRealPath()), "temp dir inside the checkout: " + tmp);
        Result untar = exec(tmp, Map.of(), "tar", "xzf", tarball.toString());
        assertEquals(0, untar.code(), untar.output());
        home = tmp.resolve("jshmem-" + version);
        for (String f : List.of("bin/shmemrun", "bin/shmem-config", "lib")) {
            assertTrue(Files.exists(home.resolve(f)), f + " missing in the distribution");
        }
        assertTrue(Files.isExecutable(home.resolve("bin/shmemrun")), "bin/shmemrun is not executable");
        pathBin = Files.createDirectories(tmp.resolve("on-path"));
        Files.createSymbolicLink(pathBin.resolve("shmemrun"), home.resolve("bin/shmemrun"));
        Files.createSymbolicLink(pathBin.resolve("shmem-config"), home.resolve("bin/shmem-config"));
        elsewhere = Files.createDirectories(tmp.resolve("my-project"));
    }

    @AfterAll
    static void removeIt() throws IOException {
        if (tmp != null) {
            try (Stream<Path> all = Files.walk(tmp)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void helloRunsThroughASymlinkedShmemrunOnPath() throws Exception {
        Result r = exec(elsewhere, userEnv(), "shmemrun", "-np", "2", "--timeout", "120", "io.jshmem.examples.Hello");
        assertEquals(0, r.code(), r.output());
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(r.output().contains("[pe " + pe + "] Hello from PE " + pe + " of 2"), r.output());
        }
        Result v = exec(elsewhere, userEnv(), "shmemrun", "--version");
        assertTrue(v.output().contains("shmemrun (jshmem) " + System.getProperty("jshmem.version")), v.output());
    }

    @Test
    void aStartupCacheIsMadeOnceAndThenMappedByEveryPe() throws Exception {
        Path cache = tmp.resolve("startup-cache");
        Result first = exec(elsewhere, userEnv(), "shmemrun", "-np", "2", "--timeout", "120", "--startup-cache",
                cache.toString(), "io.jshmem.examples.Hello");
        assertEquals(0, first.code(), first.output());
        assertTrue(first.output().contains("shmemrun: no start-up cache yet for these PEs: making " + cache),
                first.output());
        assertTrue(first.output().contains("shmemrun: start-up cache written: " + cache), first.output());
        List<Path> files;
        try (Stream<Path> listed = Files.list(cache)) {
            files = listed.toList();
        }
        assertEquals(1, files.size(), files::toString);
        assertTrue(files.get(0).getFileName().toString().matches("jshmem-[0-9a-f]{24}\\.aot"), files::toString);
        assertTrue(Files.size(files.get(0)) > 1 << 20, files.get(0) + ": " + Files.size(files.get(0)) + " bytes");

        // Logging options do not change the cache; class loading shows the library coming from it.
        Result second = exec(elsewhere, userEnv(), "shmemrun", "-np", "2", "--timeout", "120", "--startup-cache",
                cache.toString(), "--jvm-arg=-Xlog:class+load=info", "io.jshmem.examples.Hello");
        assertEquals(0, second.code(), second.output());
        assertTrue(second.output().contains("shmemrun: PEs map the start-up cache " + files.get(0)), second.output());
        for (int pe = 0; pe < 2; pe++) {
            assertTrue(second.output().contains("[pe " + pe + "] Hello from PE " + pe + " of 2"), second.output());
            assertTrue(second.output().matches("(?s).*\\[pe " + pe + "\\] \\[[0-9.]+s\\]\\[info\\]\\[class,load\\]"
                    + " io\\.jshmem\\.runtime\\.Instance source: shared objects file.*"), second.output());
        }
        assertTrue(!second.output().contains("[aot]") && !second.output().contains("making"), second.output());
    }

    @Test
    void shmemConfigWorksThroughItsSymlink() throws Exception {
        Result r = exec(elsewhere, userEnv(), "shmem-config", "-V");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().startsWith("jshmem "), r.output());
        Result p = exec(elsewhere, userEnv(), "shmem-config", "--parsable");
        assertTrue(p.output().contains("ucx:module_on_class_path:true"), p.output());
        assertTrue(p.output().contains("artifact_version:" + System.getProperty("jshmem.version")), p.output());
    }

    @Test
    void aProgramWithoutLauncherSaysItRunsAsOnePe() throws Exception {
        Result r = exec(elsewhere, userEnv(), javaBin(), "--enable-native-access=ALL-UNNAMED", "-cp",
                home.resolve("lib") + "/*", "io.jshmem.examples.Hello");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("Hello from PE 0 of 1"), r.output());
        assertEquals(1, r.output().split("running as a 1-PE job", -1).length - 1, r.output());
        assertTrue(r.output().contains("shmemrun -np N"), r.output());
    }

    @Test
    void theCommandTheOnePeNoticeSuggestsRunsAsPrinted() throws Exception {
        Result alone = exec(elsewhere, userEnv(), javaBin(), "--enable-native-access=ALL-UNNAMED", "-cp",
                home.resolve("lib") + "/*", "io.jshmem.examples.Hello");
        String suggested = alone.output().lines().filter(l -> l.contains("To start N PEs: ")).findFirst()
                .map(l -> l.substring(l.indexOf("To start N PEs: ") + "To start N PEs: ".length()))
                .orElseThrow(() -> new AssertionError(alone.output()));
        assertTrue(suggested.startsWith("shmemrun -np N --cp ") && !suggested.contains("'"), suggested);
        List<String> command = new ArrayList<>(List.of(suggested.replace("-np N", "-np 2").split(" ")));
        Result r = exec(elsewhere, userEnv(), command.toArray(String[]::new));
        assertEquals(0, r.code(), suggested + "\n" + r.output());
        assertTrue(r.output().contains("[pe 1] Hello from PE 1 of 2"), r.output());
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A user's environment: JAVA_HOME and PATH with the symlinks first, and no variables of a running job. */
    private static Map<String, String> userEnv() {
        return Map.of("JAVA_HOME", System.getProperty("java.home"),
                "PATH", pathBin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    }

    private record Result(int code, String output) {
    }

    private static Result exec(Path dir, Map<String, String> env, String... command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(command));
        if (!cmd.get(0).contains("/") && env.containsKey("PATH")) {
            // Resolve through the given PATH, as a shell would (ProcessBuilder uses the parent's PATH).
            for (String d : env.get("PATH").split(":")) {
                Path c = Path.of(d.isEmpty() ? "." : d, cmd.get(0));
                if (Files.isExecutable(c)) {
                    cmd.set(0, c.toString());
                    break;
                }
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("JSHMEM_") || k.startsWith("SHMEM_")
                || List.of("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")
                .contains(k) || k.startsWith("OMPI_") || k.startsWith("SLURM_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
