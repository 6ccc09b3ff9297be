package io.jshmem.tools;

import io.jshmem.config.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** shmem-config: version, the settings table, and a diagnosis with every section (issue 6). */
@Timeout(60)
class ShmemConfigTest {
    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShmemConfig.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void versionNamesLibraryAndApis() {
        Result r = run("--version");
        assertEquals(0, r.code(), r.err());
        assertEquals("jshmem 0.1.0 (OpenSHMEM 1.6, CANN SHMEM 1.1 extensions)", r.out().strip());
    }

    @Test
    void settingsListEveryRow() {
        Result r = run("--settings");
        assertEquals(0, r.code(), r.err());
        for (Setting s : Setting.values()) {
            assertTrue(r.out().contains("| `" + s.envName() + "` | `" + s.propertyName() + "` |"), s.envName());
        }
    }

    @Test
    void diagnoseReportsEverySection() {
        Result r = run("--diagnose");
        assertEquals(0, r.code(), r.err());
        String j = r.out();
        for (String key : new String[] {"\"version\"", "\"jdk\"", "\"heap_directory\"", "\"free_bytes\"",
            "\"permissions\"", "\"can_create_heap_files\"", "\"interfaces\"", "\"chosen_address\"", "\"ucx\"",
            "\"libucp_loads\"", "\"tls\"", "\"engine_config_defaults\"", "\"settings\"", "\"source\"",
            "\"degraded\"", "\"next_steps\""}) {
            assertTrue(j.contains(key + ":"), () -> key + " missing in " + j);
        }
        assertTrue(j.contains("\"name\": \"SHMEM_SYMMETRIC_SIZE\""), j);
        assertTrue(j.strip().startsWith("{") && j.strip().endsWith("}"), j);
        assertEquals(count(j, '{'), count(j, '}'), "balanced braces");
        assertEquals(count(j, '['), count(j, ']'), "balanced brackets");
    }

    @Test
    void noOptionPrintsUsageAndFails() {
        Result r = run();
        assertEquals(ShmemConfig.EXIT_USAGE, r.code());
        assertTrue(r.out().contains("--diagnose"), r.out());
        assertEquals(2, run("--bogus").code());
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }
}
