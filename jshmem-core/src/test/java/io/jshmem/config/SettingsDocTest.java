package io.jshmem.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/settings.md is exactly what {@link SettingsDoc} generates from the Setting table (no drift). */
class SettingsDocTest {
    private static final Path DOC = Path.of("..", "docs", "settings.md");

    @Test
    void committedSettingsPageMatchesTheTable() throws IOException {
        assertTrue(Files.isRegularFile(DOC), DOC.toAbsolutePath() + " is missing");
        assertEquals(SettingsDoc.markdown(), Files.readString(DOC), "docs/settings.md is out of date with"
                + " io.jshmem.config.Setting: regenerate it with `java -cp jshmem-core/target/classes"
                + " io.jshmem.config.SettingsDoc docs/settings.md` and commit it");
    }

    @Test
    void everySettingIsDocumented() {
        String md = SettingsDoc.markdown();
        for (Setting s : Setting.values()) {
            assertTrue(md.contains("| `" + s.envName() + "` |"), s.envName());
        }
        assertTrue(md.contains("`JSHMEM_UCX_PROGRESS_SPIN_US`") && md.contains("`LOCAL_WORLD_SIZE`"), md);
    }
}
