package io.jshmem.config;

import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class SettingsTest {
    @Test
    void shouldParseSizesWithSuffixes() {
        assertEquals(4096, Settings.parseSize("x", "4096"));
        assertEquals(64L << 10, Settings.parseSize("x", "64k"));
        assertEquals(512L << 20, Settings.parseSize("x", "512M"));
        assertEquals(2L << 30, Settings.parseSize("x", "2g"));
        assertEquals(1L << 30, Settings.parseSize("x", "1GB"));
    }

    @Test
    void shouldRejectBadSizesNamingTheSetting() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> Settings.of(Map.of("SHMEM_SYMMETRIC_SIZE", "lots")).size(Setting.SYMMETRIC_SIZE));
        assertTrue(e.getMessage().contains("SHMEM_SYMMETRIC_SIZE = 'lots'"), e.getMessage());
        assertThrows(ShmemArgumentException.class, () -> Settings.parseSize("x", "-5"));
    }

    @Test
    void shouldPreferOverrideThenEnvironmentThenDefault() {
        Settings s = Settings.of(Map.of("JSHMEM_TIMEOUT", "7"));
        assertEquals(7, s.longValue(Setting.TIMEOUT));
        assertEquals("environment JSHMEM_TIMEOUT", s.source(Setting.TIMEOUT));
        assertEquals(3, s.with(Setting.TIMEOUT, "3").longValue(Setting.TIMEOUT));
        assertEquals(256L << 20, Settings.of(Map.of()).size(Setting.SYMMETRIC_SIZE));
        assertEquals("default", Settings.of(Map.of()).source(Setting.SYMMETRIC_SIZE));
    }

    private enum Flavour {
        AUTO, PLAIN, FANCY
    }

    @Test
    void aChoiceIsItsEnumConstantWhateverTheCase() {
        assertEquals(Flavour.FANCY, Settings.parseChoice(Setting.HEAP_BACKING, " Fancy ", Flavour.class));
        assertEquals(Flavour.AUTO, Settings.of(Map.of("JSHMEM_HEAP_BACKING", "AUTO"))
                .choice(Setting.HEAP_BACKING, Flavour.class));
        assertEquals("auto, plain, fancy", Settings.choices(Flavour.class));
    }

    @Test
    void aBadChoiceNamesTheSettingTheValueAndTheValidValues() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> Settings.of(Map.of("JSHMEM_WAIT_MODE", "nap")).choice(Setting.WAIT_MODE, Flavour.class));
        assertTrue(e.getMessage().startsWith("JSHMEM_WAIT_MODE = 'nap' is invalid: expected one of auto, plain,"
                + " fancy"), e.getMessage());
        assertTrue(e.getMessage().contains("jshmem.wait.mode"), e.getMessage());
    }
}
