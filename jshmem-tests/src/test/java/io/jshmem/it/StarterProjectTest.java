package io.jshmem.it;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution's {@code starter/} project, as a newcomer uses it: unpack the tarball the reactor built into a
 * temporary directory, build the starter with the machine's Maven ({@code mvn} on PATH, Debian's 3.8.7 here; another
 * one with {@code -Djshmem.starter.maven=/path/to/bin/mvn}) offline and with no edit to its pom, and run it at 2 PEs
 * with the distribution's shmemrun.
 * <p>
 * Offline works because the starter pins exactly the plugin versions this project's own build pins (checked here),
 * so the build that made the tarball has already put them into the local repository; the starter's Maven is given
 * the same local repository as this build.
 */
@Timeout(180)
class StarterProjectTest {
    private static final Pattern PLUGIN = Pattern.compile(
            "<artifactId>(maven-[a-z]+-plugin)</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void theStarterPinsThePluginsThisBuildResolves() throws IOException {
        Map<String, String> starter = pinned(Files.readString(starterDir().resolve("pom.xml")));
        Map<String, String> project = pinned(Files.readString(Path.of("..", "pom.xml")));
        for (String plugin : List.of("maven-resources-plugin", "maven-compiler-plugin", "maven-surefire-plugin",
                "maven-jar-plugin", "maven-install-plugin", "maven-clean-plugin")) {
            assertTrue(starter.containsKey(plugin), "the starter does not pin " + plugin + ": " + starter);
            assertEquals(project.get(plugin), starter.get(plugin), plugin + ": the starter must pin the version this"
                    + " project's build uses, or it cannot build offline");
        }
        String pom = Files.readString(starterDir().resolve("pom.xml"));
        assertTrue(pom.contains("<maven.compiler.release>25</maven.compiler.release>"), pom);
        assertTrue(pom.contains("<jshmem.version>" + System.getProperty("jshmem.version") + "</jshmem.version>"),
                "the starter's jshmem.version is not this build's " + System.getProperty("jshmem.version"));
    }

    @Test
    void theStarterBuildsOfflineWithTheSystemMavenAndRunsWithShmemrun(@TempDir Path tmp) throws Exception {
        String maven = System.getProperty("jshmem.starter.maven", "");
        if (maven.isEmpty()) {
            maven = onPath("mvn");
        }
        Assumptions.assumeTrue(maven != null, "no mvn on PATH: the starter is built with the machine's Maven");
        String version = System.getProperty("jshmem.version");
        Path tarball = Path.of("..", "jshmem-dist", "target", "jshmem-" + version + ".tar.gz").toAbsolutePath()
                .normalize();
        assertTrue(Files.isRegularFile(tarball), tarball + " is missing: the reactor builds it in jshmem-dist");
        Result untar = exec(tmp, Map.of(), "tar", "xzf", tarball.toString());
        assertEquals(0, untar.code(), untar.output());
        Path starter = tmp.resolve("jshmem-" + version).resolve("starter");
        assertTrue(Files.isRegularFile(starter.resolve("README.md")), "starter/README.md missing in the tarball");

        List<String> build = new ArrayList<>(List.of(maven, "-B", "-o", "-q"));
        String repo = System.getProperty("jshmem.localRepository", "");
        if (!repo.isEmpty()) {
            build.add("-Dmaven.repo.local=" + repo);
        }
        build.add("package");
        Map<String, String> env = Map.of("JAVA_HOME", System.getProperty("java.home"),
                "MAVEN_OPTS", "--sun-misc-unsafe-memory-access=allow");
        Result mvn = exec(starter, env, build.toArray(String[]::new));
        assertEquals(0, mvn.code(), String.join(" ", build) + "\n" + mvn.output());
        Path jar = starter.resolve("target/jshmem-starter-1.0.jar");
        assertTrue(Files.isRegularFile(jar), "no " + jar + "\n" + mvn.output());

        Result run = exec(starter, Map.of("JAVA_HOME", System.getProperty("java.home")), "../bin/shmemrun",
                "-np", "2", "--timeout", "60", "--cp", "target/jshmem-starter-1.0.jar", "com.example.starter.Main");
        assertEquals(0, run.code(), run.output());
        assertTrue(run.output().contains("[pe 0] PE 0 of 2: PE 1 wrote to me; the sum is 1"), run.output());
        assertTrue(run.output().contains("[pe 1] PE 1 of 2: PE 0 wrote to me; the sum is 1"), run.output());
    }

    private static Path starterDir() {
        return Path.of("..", "jshmem-dist", "src", "starter");
    }

    private static Map<String, String> pinned(String pom) {
        Map<String, String> out = new TreeMap<>();
        Matcher m = PLUGIN.matcher(pom);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }

    private static String onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path c = Path.of(d.isEmpty() ? "." : d, tool);
            if (Files.isExecutable(c)) {
                return c.toString();
            }
        }
        return null;
    }

    private record Result(int code, String output) {
    }

    private static Result exec(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("JSHMEM_") || k.startsWith("SHMEM_")
                || k.startsWith("MAVEN_") || k.startsWith("OMPI_") || k.startsWith("SLURM_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
