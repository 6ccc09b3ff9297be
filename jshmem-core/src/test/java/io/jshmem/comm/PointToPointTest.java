package io.jshmem.comm;

import io.jshmem.Cmp;

import io.jshmem.error.ShmemTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comparisons, widening and the wait/test forms on one in-process heap (a writer thread plays the other PE). */
class PointToPointTest {
    private static final long VARS = 2048;

    @Test
    @Timeout(10)
    void comparisonsSignedAndUnsigned() {
        assertTrue(Cmp.GT.holds(-1, 1, true), "0xFFFF.. > 1 unsigned");
        assertFalse(Cmp.GT.holds(-1, 1, false), "-1 > 1 signed");
        assertTrue(Cmp.LE.holds(5, 5, false));
        assertTrue(Cmp.LT.holds(4, 5, false));
        assertFalse(Cmp.LT.holds(5, 5, false));
        assertTrue(Cmp.GE.holds(5, 5, true));
        assertTrue(Cmp.NE.holds(5, 6, false));
        assertTrue(Cmp.EQ.holds(-7, -7, true));
    }

    @Test
    @Timeout(10)
    void unsignedNarrowTypesCompareByTheirBits() throws Exception {
        try (InProcessPes pes = new InProcessPes(1, Duration.ofSeconds(5))) {
            Comm c = pes.comms[0];
            pes.heaps[0].set(ValueLayout.JAVA_SHORT, VARS, (short) -1);
            assertTrue(PointToPoint.test(c, WaitType.UNSIGNED_SHORT, VARS, Cmp.GT, 1), "0xFFFF > 1");
            assertFalse(PointToPoint.test(c, WaitType.SHORT, VARS, Cmp.GT, 1), "-1 > 1");
            assertTrue(PointToPoint.test(c, WaitType.UNSIGNED_SHORT, VARS, Cmp.EQ, (short) -1),
                    "compare value normalized to the type");
            pes.heaps[0].set(ValueLayout.JAVA_INT, VARS, 0x8000_0000);
            assertTrue(PointToPoint.test(c, WaitType.UNSIGNED_INT, VARS, Cmp.GT, 0x7FFF_FFFF));
            assertTrue(PointToPoint.test(c, WaitType.INT, VARS, Cmp.LT, 0));
            pes.heaps[0].set(ValueLayout.JAVA_LONG, VARS, Long.MIN_VALUE);
            assertTrue(PointToPoint.test(c, WaitType.UNSIGNED_LONG, VARS, Cmp.GT, Long.MAX_VALUE));
            assertTrue(PointToPoint.test(c, WaitType.LONG, VARS, Cmp.LT, Long.MAX_VALUE));
        }
    }

    @ParameterizedTest
    @EnumSource(WaitType.class)
    @Timeout(20)
    void waitUntilReturnsOnlyAfterTheWriterStores(WaitType type) throws Exception {
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(10))) {
            for (Cmp cmp : Cmp.values()) {
                long[] values = valuesFor(cmp); // {initial (fails), final (holds), compare}
                store(pes.heaps[0], type, VARS, values[0]);
                pes.heaps[0].set(ValueLayout.JAVA_LONG, VARS + 64, 0);
                Thread writer = Thread.ofPlatform().start(() -> {
                    sleep(20);
                    pes.heaps[0].set(ValueLayout.JAVA_LONG, VARS + 64, 99);
                    java.lang.invoke.VarHandle.releaseFence();
                    store(pes.heaps[0], type, VARS, values[1]);
                });
                assertFalse(PointToPoint.test(pes.comms[0], type, VARS, cmp, values[2]), type + " " + cmp);
                long seen = PointToPoint.waitUntil(pes.comms[0], type, VARS, cmp, values[2], "waitUntil");
                assertEquals(type.normalize(values[1]), seen, type + " " + cmp);
                assertEquals(99, pes.heaps[0].get(ValueLayout.JAVA_LONG, VARS + 64), "data before the flag");
                writer.join();
            }
        }
    }

    @Test
    @Timeout(20)
    void allAnySomeWithStatusAndVectors() throws Exception {
        try (InProcessPes pes = new InProcessPes(1, Duration.ofSeconds(10))) {
            Comm c = pes.comms[0];
            MemorySegment h = pes.heaps[0];
            for (int i = 0; i < 4; i++) {
                h.setAtIndex(ValueLayout.JAVA_INT, VARS / 4 + i, i * 10); // 0, 10, 20, 30
            }
            PointToPoint.Vars all = new PointToPoint.Vars(WaitType.INT, VARS, 4, null);
            PointToPoint.Vars skip0 = new PointToPoint.Vars(WaitType.INT, VARS, 4, new int[]{1, 0, 0, 0});
            PointToPoint.Vars none = new PointToPoint.Vars(WaitType.INT, VARS, 4, new int[]{1, 1, 1, 1});
            PointToPoint.Operand ge10 = new PointToPoint.Operand(Cmp.GE, 10, null);
            assertFalse(PointToPoint.testAll(c, all, ge10));
            assertTrue(PointToPoint.testAll(c, skip0, ge10));
            assertTrue(PointToPoint.testAll(c, none, ge10), "vacuously true");
            assertEquals(1, PointToPoint.testAny(c, all, ge10));
            assertEquals(-1, PointToPoint.testAny(c, none, ge10));
            int[] idx = new int[4];
            assertEquals(3, PointToPoint.testSome(c, all, ge10, idx));
            assertArrayEquals(new int[]{1, 2, 3, 0}, idx);
            assertEquals(-1, PointToPoint.waitAny(c, none, ge10, "waitAny"));
            assertEquals(0, PointToPoint.waitSome(c, none, ge10, idx, "waitSome"));
            PointToPoint.waitAll(c, skip0, ge10, "waitAll");
            // vector: element i compared with its own value
            MemorySegment vec = MemorySegment.ofArray(new long[]{0, 11, 20, 29});
            PointToPoint.Operand eqVec = new PointToPoint.Operand(Cmp.EQ, 0, vec);
            assertEquals(2, PointToPoint.testSome(c, all, eqVec, idx));
            assertArrayEquals(new int[]{0, 2}, java.util.Arrays.copyOf(idx, 2));
            assertEquals(0, PointToPoint.waitAny(c, all, eqVec, "waitAnyVector"));
            Thread writer = Thread.ofPlatform().start(() -> {
                sleep(20);
                h.setAtIndex(ValueLayout.JAVA_INT, VARS / 4 + 1, 11);
                h.setAtIndex(ValueLayout.JAVA_INT, VARS / 4 + 3, 29);
            });
            PointToPoint.waitAll(c, all, eqVec, "waitAllVector");
            assertTrue(PointToPoint.testAll(c, all, eqVec));
            writer.join();
        }
    }

    @Test
    @Timeout(20)
    void aWaitThatNeverCompletesTimesOutWithADescription() throws Exception {
        try (InProcessPes pes = new InProcessPes(1, Duration.ofSeconds(1))) {
            ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class, () -> PointToPoint.waitUntil(
                    pes.comms[0], WaitType.LONG, VARS, Cmp.EQ, 5, "waitUntilLong"));
            assertTrue(e.getMessage().contains("waitUntilLong") && e.getMessage().contains("== 5")
                    && e.getMessage().contains("JSHMEM_TIMEOUT"), e.getMessage());
        }
    }

    /** Values {initial, final, compare} such that initial fails and final satisfies {@code cmp}. */
    private static long[] valuesFor(Cmp cmp) {
        return switch (cmp) {
            case EQ -> new long[]{1, 7, 7};
            case NE -> new long[]{7, 8, 7};
            case GT -> new long[]{7, 8, 7};
            case GE -> new long[]{6, 7, 7};
            case LT -> new long[]{7, 6, 7};
            case LE -> new long[]{8, 7, 7};
        };
    }

    private static void store(MemorySegment s, WaitType type, long off, long v) {
        switch ((int) type.byteSize()) {
            case 2 -> s.set(ValueLayout.JAVA_SHORT, off, (short) v);
            case 4 -> s.set(ValueLayout.JAVA_INT, off, (int) v);
            default -> s.set(ValueLayout.JAVA_LONG, off, v);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
