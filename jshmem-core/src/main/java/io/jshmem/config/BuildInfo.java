package io.jshmem.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What the build wrote into the library: the artifact version (e.g. {@code 0.1.0-SNAPSHOT}), from the resource
 * {@code io/jshmem/config/build.properties} that Maven filters. Immutable and thread-safe.
 */
public final class BuildInfo {
    private static final String VERSION = load();

    private BuildInfo() {
    }

    /** The Maven version of the jshmem artifacts this class was built with. */
    public static String version() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                return "unknown (build.properties missing)";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "unknown");
            return v.startsWith("${") ? "unknown (build.properties not filtered)" : v;
        } catch (IOException e) {
            throw new UncheckedIOException("build.properties of jshmem cannot be read", e);
        }
    }
}
