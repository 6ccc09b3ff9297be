package io.jshmem.config;

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jshmem logs through the platform's System.Logger once logging is configured (here: java.util.logging by a
 * config file), so the application's configuration decides; SHMEM_LOG_LEVEL still filters on top; without any
 * configuration the CANN-format line on stderr stays. Each case runs {@link LogProbe} in a fresh JVM, because the
 * sink is chosen once per process.
 */
@Timeout(120)
class ShmemLogPlatformTest {
    private static final String JUL_CONFIG = String.join("\n",
            "handlers=java.util.logging.ConsoleHandler",
            "java.util.logging.ConsoleHandler.level=ALL",
            "java.util.logging.SimpleFormatter.format=JUL %4$s %3$s %5$s%n",
            ".level=WARNING",
            "io.jshmem.level=FINE", "");

    @Test
    void julConfigurationDecidesWhenItIsGiven(@TempDir Path dir) throws Exception {
        Path cfg = julConfig(dir);
        String err = probe(Map.of(), "-Djava.util.logging.config.file=" + cfg);
        assertTrue(err.contains("JUL FINE io.jshmem.config.LogProbe probe debug line"), err);
        assertTrue(err.contains("JUL INFO io.jshmem.config.LogProbe probe info line"), err);
        assertTrue(err.contains("JUL WARNING io.jshmem.config.LogProbe probe warn line"), err);
        assertFalse(err.contains("[JSHMEM LogProbe]"), err);
    }

    @Test
    void shmemLogLevelFiltersOnTopOfThePlatform(@TempDir Path dir) throws Exception {
        String err = probe(Map.of("SHMEM_LOG_LEVEL", "warn"), "-Djava.util.logging.config.file=" + julConfig(dir));
        assertFalse(err.contains("probe debug line"), err);
        assertFalse(err.contains("probe info line"), err);
        assertTrue(err.contains("JUL WARNING io.jshmem.config.LogProbe probe warn line"), err);
    }

    @Test
    void withoutConfigurationTheCannLineGoesToStderr() throws Exception {
        String err = probe(Map.of("SHMEM_LOG_LEVEL", "debug"));
        assertTrue(err.contains(" DEBUG ") && err.contains("[JSHMEM LogProbe] probe debug line"), err);
        assertTrue(err.contains("[JSHMEM LogProbe] probe info line"), err);
    }

    @Test
    void platformSinkCanBeForced() throws Exception {
        String err = probe(Map.of("JSHMEM_LOG_SINK", "platform"));
        // The JDK's default JUL configuration: INFO and above, two lines per message.
        assertTrue(err.contains("WARNING: probe warn line"), err);
        assertTrue(err.contains("INFO: probe info line"), err);
        assertFalse(err.contains("probe debug line"), err);
    }

    private static Path julConfig(Path dir) throws IOException {
        Path cfg = dir.resolve("logging.properties");
        Files.writeString(cfg, JUL_CONFIG);
        return cfg;
    }

    private static String probe(Map<String, String> env, String... jvmArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.addAll(List.of(jvmArgs));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LogProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("SHMEM_LOG_LEVEL");
        pb.environment().remove("JSHMEM_LOG_SINK");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
