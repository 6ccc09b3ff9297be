package io.jshmem.launcher;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The JVM options shmemrun puts before a PE's own: values only, for pinned and shared hosts. */
class PeJvmOptionsTest {
    @Test
    void twoUnpinnedPesKeepTheJvmDefaults() {
        assertEquals(List.of(), PeJvmOptions.choose(List.of(), false, 1));
        assertEquals(List.of(), PeJvmOptions.choose(List.of(), false, 2));
    }

    @Test
    void aPinnedPeGetsG1() {
        assertEquals(List.of("-XX:+UseG1GC"), PeJvmOptions.choose(List.of(), true, 2));
    }

    @Test
    void morePesThanTwoShareHalfTheMemory() {
        assertEquals(List.of("-XX:MaxRAMPercentage=16.666"), PeJvmOptions.choose(List.of(), false, 3));
        assertEquals(List.of("-XX:+UseG1GC", "-XX:MaxRAMPercentage=12.5"), PeJvmOptions.choose(List.of(), true, 4));
        assertEquals(List.of("-XX:MaxRAMPercentage=6.25"), PeJvmOptions.choose(List.of(), false, 8));
        assertEquals("0.012", PeJvmOptions.heapPercent(4096));
        assertEquals("25", PeJvmOptions.heapPercent(2));
    }

    @Test
    void theUsersOwnChoicesWin() {
        assertEquals(List.of("-XX:MaxRAMPercentage=12.5"),
                PeJvmOptions.choose(List.of("-XX:+UseSerialGC"), true, 4));
        assertEquals(List.of("-XX:+UseG1GC"), PeJvmOptions.choose(List.of("-Xmx2g"), true, 4));
        for (String heap : List.of("-XX:MaxHeapSize=1g", "-XX:MaxRAMPercentage=40", "-XX:MaxRAM=8g",
                "-XX:MaxRAMFraction=4")) {
            assertEquals(List.of(), PeJvmOptions.choose(List.of(heap, "-XX:+UseParallelGC"), true, 8), heap);
        }
    }
}
