package io.jshmem.memory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The large band's correction from timed copies: sample schedule, decisions with their margin, and exact copies. */
class LargeCopySamplerTest {
    @AfterAll
    static void restoreTheDefault() {
        Copies.configureLocal("auto", null);
    }

    @Test
    void everyPeriodthCopyIsASampleAlternatingTheRoutines() {
        LargeCopySampler s = new LargeCopySampler();
        int stub = 0;
        int memcpy = 0;
        for (int i = 1; i <= 16 * LargeCopySampler.PERIOD; i++) {
            int k = s.next();
            assertEquals(i % LargeCopySampler.PERIOD == 0, k != 0, "copy " + i);
            stub += k == 1 ? 1 : 0;
            memcpy += k == 2 ? 1 : 0;
        }
        assertEquals(8, stub);
        assertEquals(8, memcpy);
    }

    @Test
    void aRoutineFasterByMoreThanTheMarginIsChosenAfterAFullWindowOfEach() {
        LargeCopySampler s = new LargeCopySampler();
        long bytes = 8L << 20;
        for (int i = 0; i < LargeCopySampler.WINDOW - 1; i++) {
            assertEquals(0, s.record(false, 200_000, bytes, false));
            assertEquals(0, s.record(true, 150_000, bytes, false));
        }
        assertEquals(0, s.record(false, 200_000, bytes, false), "memcpy's window is not full yet");
        assertEquals(1, s.record(true, 150_000, bytes, false), "memcpy 25 % faster: switch to it");
        assertEquals(1, s.decisions());

        // The best sample counts: one preempted stub copy does not make the stub look slow.
        for (int i = 0; i < LargeCopySampler.WINDOW - 1; i++) {
            s.record(false, 140_000, bytes, true);
            s.record(true, 150_000, bytes, true);
        }
        s.record(false, 900_000, bytes, true);
        assertEquals(-1, s.record(true, 150_000, bytes, true), "the best of the window counts: one preempted stub"
                + " copy (900 us) does not hide its 140 us, 6.7 % faster than memcpy, beyond the 5 % margin");
    }

    @Test
    void withinTheMarginTheChoiceStaysAndBeyondItSwitchesBack() {
        LargeCopySampler s = new LargeCopySampler();
        long bytes = 1L << 20;
        for (int i = 0; i < LargeCopySampler.WINDOW; i++) {
            s.record(false, 97_000, bytes, true);
            int d = s.record(true, 100_000, bytes, true);
            assertEquals(0, d, "stub 3 % faster: within the margin, memcpy stays");
        }
        int last = 0;
        for (int i = 0; i < LargeCopySampler.WINDOW; i++) {
            s.record(false, 80_000, bytes, true);
            last = s.record(true, 100_000, bytes, true);
        }
        assertEquals(-1, last, "stub 20 % faster: back to the stub");
    }

    @Test
    void underAutoLargeCopiesAreSampledAndStayExact() {
        assumeTrue(Copies.nativeAvailable(), "libc memcpy is not reachable: nothing to sample");
        // Start from the stub; whichever routine the samples then favour, every copy must be exact.
        Copies.configure("auto", List.<double[]>of(new double[]{10, 10, 100, 100}));
        assertFalse(Copies.usesMemcpy(Copies.BAND), Copies.plan());
        long bytes = Copies.BAND + 4096 + 3;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(bytes + 16);
            MemorySegment dst = arena.allocate(bytes + 16);
            for (int round = 0; round < 4 * LargeCopySampler.PERIOD * LargeCopySampler.WINDOW; round++) {
                byte seed = (byte) round;
                src.fill(seed);
                src.set(ValueLayout.JAVA_BYTE, 1, (byte) (seed + 1));
                src.set(ValueLayout.JAVA_BYTE, bytes, (byte) (seed + 2));
                dst.fill((byte) 0x5A);
                Copies.copy(src, 1, dst, 2, bytes, 16 * 1024);
                assertEquals((byte) (seed + 1), dst.get(ValueLayout.JAVA_BYTE, 2), "round " + round + " first byte");
                assertEquals((byte) (seed + 2), dst.get(ValueLayout.JAVA_BYTE, bytes + 1), "round " + round
                        + " last byte");
                assertEquals(seed, dst.get(ValueLayout.JAVA_BYTE, bytes / 2), "round " + round + " middle");
                assertEquals((byte) 0x5A, dst.get(ValueLayout.JAVA_BYTE, 1), "round " + round + " before");
                assertEquals((byte) 0x5A, dst.get(ValueLayout.JAVA_BYTE, bytes + 2), "round " + round + " after");
            }
        }
        assertTrue(Copies.sampler() != null && Copies.sampler().decisions() >= 2, "large copies were sampled");
        // Forced modes stop the sampling: a forced stub stays the stub.
        Copies.configure("jvm", List.of());
        assertFalse(Copies.usesMemcpy(Copies.BAND));
        assertTrue(Copies.plan().contains("jvm"), Copies.plan());
        assertEquals(null, Copies.sampler());
    }
}
