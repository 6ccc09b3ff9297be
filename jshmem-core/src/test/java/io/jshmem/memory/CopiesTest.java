package io.jshmem.memory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The large-copy routine choice: forced modes, the calibration, and byte-exact copies under every plan. */
class CopiesTest {
    private static final long[] SIZES = {0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 16 * 1024, 100_003, Copies.BAND - 8, Copies.BAND,
            Copies.BAND * 2 + 12_345};

    @AfterAll
    static void restoreTheDefault() {
        CopyRoutine.configureLocal(CopyRoutine.choice("auto"), null);
    }

    private static void checkCopies(long threshold) {
        try (Arena arena = Arena.ofConfined()) {
            long max = SIZES[SIZES.length - 1];
            MemorySegment src = arena.allocate(max + 64);
            MemorySegment dst = arena.allocate(max + 64);
            for (long i = 0; i < src.byteSize(); i++) {
                src.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + 7));
            }
            for (long size : SIZES) {
                dst.fill((byte) 0);
                // Odd offsets: neither side aligned, as user buffers may be.
                Copies.copy(src, 3, dst, 5, size, threshold);
                for (long i = 0; i < size; i += Math.max(1, size / 4096)) {
                    assertEquals(src.get(ValueLayout.JAVA_BYTE, 3 + i), dst.get(ValueLayout.JAVA_BYTE, 5 + i),
                            "byte " + i + " of " + size);
                }
                if (size > 0) {
                    assertEquals(src.get(ValueLayout.JAVA_BYTE, 2 + size), dst.get(ValueLayout.JAVA_BYTE, 4 + size));
                }
                assertEquals(0, dst.get(ValueLayout.JAVA_BYTE, 4), "wrote before the range");
                assertEquals(0, dst.get(ValueLayout.JAVA_BYTE, 5 + size), "wrote past the range");
            }
        }
    }

    @Test
    void forcedModesDecideEveryBand() {
        CopyRoutine.configureLocal(CopyRoutine.choice("jvm"), null);
        assertFalse(Copies.usesMemcpy(Copies.BAND * 8));
        assertFalse(Copies.usesMemcpy(64 * 1024));
        assertTrue(CopyRoutine.plan().contains("jvm"), CopyRoutine.plan());
        checkCopies(16 * 1024);

        String plan = CopyRoutine.configureLocal(CopyRoutine.choice("MEMCPY"), null);
        assertEquals(Copies.nativeAvailable(), Copies.usesMemcpy(Copies.BAND * 8), plan);
        assertEquals(Copies.nativeAvailable(), Copies.usesMemcpy(64 * 1024), plan);
        checkCopies(16 * 1024);
        checkCopies(1);
    }

    @Test
    void theCalibrationMeasuresBothBandsOnAScratchMappingThatItDeletes(@TempDir Path dir) throws IOException {
        assumeTrue(Copies.nativeAvailable(), "libc memcpy is not reachable: nothing to calibrate");
        long t0 = System.nanoTime();
        CopyCalibration.Result r = CopyCalibration.run(dir);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals("a shared mapping in " + dir, r.memory());
        assertEquals(CopyCalibration.SMALL_PROBE, r.small().probeBytes());
        assertEquals(CopyCalibration.LARGE_PROBE, r.large().probeBytes());
        assertTrue(r.small().stubNs() > 0 && r.small().memcpyNs() > 0 && r.large().stubNs() > 0
                && r.large().memcpyNs() > 0, r.toString());
        // A few ms when idle; the bound only catches a calibration that grew into a benchmark (loaded machines).
        assertTrue(ms < 5_000, ms + " ms: " + r);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "the scratch file must be deleted");
        }
    }

    @Test
    void autoMeasuresOncePerProcessAndCopiesStayExact(@TempDir Path dir) {
        assumeTrue(Copies.nativeAvailable(), "libc memcpy is not reachable: nothing to calibrate");
        double[] first = CopyRoutine.measure(CopyRoutine.choice("auto"), dir);
        assertEquals(4, first.length);
        assertArrayEquals(first, CopyRoutine.measure(CopyRoutine.choice("AUTO"), dir), "cached per process");
        assertEquals(0, CopyRoutine.measure(CopyRoutine.choice("jvm"), dir).length);
        String plan = CopyRoutine.configureLocal(CopyRoutine.choice("auto"), dir);
        assertTrue(plan.contains("mean of 1 process(es)' best times") && plan.contains("256 KiB: stub")
                && plan.contains("8192 KiB: stub"), plan);
        assertEquals(plan.contains("from 1024 KiB: memcpy"), Copies.usesMemcpy(Copies.BAND));
        assertEquals(plan.contains("below 1024 KiB: memcpy"), Copies.usesMemcpy(Copies.BAND - 1));
        checkCopies(16 * 1024);
    }

    @Test
    void theHostsSamplesArePooledSoThatOnePreemptedProcessCannotSwingTheChoice() {
        assumeTrue(Copies.nativeAvailable(), "libc memcpy is not reachable: nothing to choose");
        double[] fastMemcpyLarge = {10, 20, 100, 80};
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpyLarge, fastMemcpyLarge, new double[0]), 3, 4);
        assertFalse(Copies.usesMemcpy(Copies.BAND - 1), CopyRoutine.plan());
        assertTrue(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        assertTrue(CopyRoutine.plan().contains("mean of 2 process(es)"), CopyRoutine.plan());
        // The third PE was preempted while it timed memcpy: the mean (153 ns) loses to the stub (100 ns).
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpyLarge, fastMemcpyLarge, new double[]{10, 20, 100, 300}), 3, 4);
        assertFalse(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        // Within the margin the stub stays: it needs no downcall.
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.<double[]>of(new double[]{10, 9.9, 100, 98}), 1, 4);
        assertFalse(Copies.usesMemcpy(Copies.BAND - 1) || Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        checkCopies(16 * 1024);
    }

    @Test
    void withMoreThanTwoPesPerCoreLargeCopiesKeepTheStubWhateverTheSamplesSay() {
        assumeTrue(Copies.nativeAvailable(), "libc memcpy is not reachable: nothing to choose");
        double[] fastMemcpy = {10, 5, 100, 50};
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpy, fastMemcpy), 2, 2);
        assertTrue(Copies.usesMemcpy(Copies.BAND - 1) && Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        // Two PEs per core: memcpy measured faster there, so the samples still decide.
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpy, fastMemcpy, fastMemcpy, fastMemcpy), 4, 2);
        assertTrue(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        assertFalse(CopyRoutine.plan().contains("all the same"), CopyRoutine.plan());
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpy, fastMemcpy, fastMemcpy, fastMemcpy, fastMemcpy), 5, 2);
        assertTrue(Copies.usesMemcpy(Copies.BAND - 1), "the in-cache band still follows the samples: "
                + CopyRoutine.plan());
        assertFalse(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        assertTrue(CopyRoutine.plan().contains("5 PEs share 2 cores"), CopyRoutine.plan());
        // No overflow for a huge core count.
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.of(fastMemcpy), Integer.MAX_VALUE, Integer.MAX_VALUE);
        assertTrue(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        // A forced choice is the user's: it holds on a shared host too.
        CopyRoutine.configure(CopyRoutine.choice("memcpy"), List.of(), 8, 2);
        assertTrue(Copies.usesMemcpy(Copies.BAND), CopyRoutine.plan());
        CopyRoutine.configure(CopyRoutine.choice("auto"), List.<double[]>of(new double[]{10, 9.9, 100, 98}), 1, 4);
        checkCopies(16 * 1024);
    }

    @Test
    void anUnknownModeIsRefusedWithTheValidOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CopyRoutine.configureLocal(CopyRoutine.choice("fast"), null));
        assertTrue(e.getMessage().contains("auto") && e.getMessage().contains("memcpy")
                && e.getMessage().contains("jvm"), e.getMessage());
    }
}
