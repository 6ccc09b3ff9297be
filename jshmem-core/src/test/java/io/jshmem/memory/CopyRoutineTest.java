package io.jshmem.memory;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The copy-routine settings are read in one place, and a bad value names its setting and the valid values. */
@Timeout(10)
class CopyRoutineTest {
    @Test
    void settingsAreParsedOnce() {
        Settings s = Settings.of(Map.of("JSHMEM_LARGE_COPY", " JVM ", "JSHMEM_MEMCPY_THRESHOLD", "64k"));
        assertEquals(CopyRoutine.Choice.JVM, CopyRoutine.choice(s));
        assertEquals(65536, CopyRoutine.threshold(s));
        assertEquals(CopyRoutine.Choice.AUTO, CopyRoutine.choice(Settings.of(Map.of())));
        assertEquals(16384, CopyRoutine.threshold(Settings.of(Map.of())));
    }

    @Test
    void badValuesNameTheSettingAndTheValidValues() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> CopyRoutine.choice(Settings.of(Map.of("JSHMEM_LARGE_COPY", "fast"))));
        assertTrue(e.getMessage().contains("JSHMEM_LARGE_COPY = 'fast'")
                && e.getMessage().contains("auto, memcpy, jvm") && e.getMessage().contains("jshmem.large.copy"),
                e.getMessage());
        e = assertThrows(ShmemArgumentException.class,
                () -> CopyRoutine.threshold(Settings.of(Map.of("JSHMEM_MEMCPY_THRESHOLD", "-1"))));
        assertTrue(e.getMessage().contains("JSHMEM_MEMCPY_THRESHOLD"), e.getMessage());
    }

    @Test
    void onlyAClearWinChoosesMemcpy() {
        assertTrue(CopyRoutine.memcpyWins(100, 90));
        assertFalse(CopyRoutine.memcpyWins(100, 96));
    }
}
