package io.jshmem.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class SizesTest {
    @Test
    void parsesPlainAndSuffixedByteCounts() {
        assertEquals(4096, Sizes.parse("x", "4096"));
        assertEquals(64 * 1024, Sizes.parse("x", "64k"));
        assertEquals(8L << 20, Sizes.parse("x", "8m"));
        assertEquals(8L << 20, Sizes.parse("x", "8MiB"));
        assertEquals(1L << 30, Sizes.parse("x", "1G"));
        assertEquals(512, Sizes.parse("x", "512b"));
        assertEquals(0, Sizes.parse("x", "0"));
    }

    @Test
    void rejectsWhatIsNotASizeNamingTheArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--bytes", "8q"));
        assertTrue(e.getMessage().contains("--bytes = '8q'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--bytes", "-1"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--bytes", ""));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--bytes", "k"));
    }

    @Test
    void ladderHoldsEveryPowerOfTwoInRange() {
        assertEquals(List.of(1L, 2L, 4L, 8L), Sizes.ladder(1, 8));
        assertEquals(List.of(8L, 16L, 32L), Sizes.ladder(5, 40));
        assertEquals(List.of(1L), Sizes.ladder(0, 1));
        assertEquals(24, Sizes.ladder(1, 8L << 20).size());
        assertThrows(IllegalArgumentException.class, () -> Sizes.ladder(8, 4));
    }

    @Test
    void largeSizesGetProportionallyFewerIterationsButAtLeastTen() {
        assertEquals(10_000, Sizes.iterationsFor(8, 10_000));
        assertEquals(10_000, Sizes.iterationsFor(16 * 1024, 10_000));
        assertEquals(5_000, Sizes.iterationsFor(32 * 1024, 10_000));
        assertEquals(156, Sizes.iterationsFor(1 << 20, 10_000));
        assertEquals(19, Sizes.iterationsFor(8 << 20, 10_000));
        assertEquals(10, Sizes.iterationsFor(1L << 30, 10_000));
        assertEquals(3, Sizes.iterationsFor(1L << 30, 3));
        assertEquals(2, Sizes.warmupFor(8 << 20, 1000));
        assertEquals(0, Sizes.warmupFor(8 << 20, 0));
        assertEquals(1000, Sizes.warmupFor(64, 1000));
    }

    @Test
    void humanSizes() {
        assertEquals("8 B", Sizes.human(8));
        assertEquals("64 KiB", Sizes.human(64 * 1024));
        assertEquals("8 MiB", Sizes.human(8 << 20));
        assertEquals("1000 B", Sizes.human(1000));
    }
}
