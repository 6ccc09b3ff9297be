package io.jshmem.runtime;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.BitSet;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SHMEM_CYCLE_PROF_PE selection and the block x frame grid. */
@Timeout(30)
class ProfilerTest {
    private static Profiler of(String value, int pe, int nPes) {
        return Profiler.fromSettings(Settings.of(value == null ? Map.of() : Map.of("SHMEM_CYCLE_PROF_PE", value)),
                pe, nPes);
    }

    @Test
    void selectsTheNamedPes() {
        assertFalse(of(null, 0, 4).enabled());
        assertTrue(of("0", 0, 4).enabled());
        assertFalse(of("0", 1, 4).enabled());
        BitSet s = Profiler.selected("0, 2-3", 4);
        assertEquals("{0, 2, 3}", s.toString());
        assertEquals(4, Profiler.selected("all", 4).cardinality());
        ShmemArgumentException out = assertThrows(ShmemArgumentException.class, () -> of("4", 0, 4));
        assertTrue(out.getMessage().contains("SHMEM_CYCLE_PROF_PE = '4'") && out.getMessage().contains("0..3"),
                out.getMessage());
        assertThrows(ShmemArgumentException.class, () -> of("x", 0, 4));
        assertThrows(ShmemArgumentException.class, () -> of("3-1", 0, 4));
        assertThrows(ShmemArgumentException.class, () -> of("-1", 0, 4));
    }

    @Test
    void recordsCountsAndTimePerCell() {
        Profiler p = of("1", 1, 2);
        int stream = p.newBlock("stream 1");
        int thread = p.threadBlock();
        assertEquals(thread, p.threadBlock(), "a thread keeps its block");
        p.record(stream, 0, 1000);
        p.record(stream, 0, 3000);
        p.record(thread, 20, 500);
        Profiler.Snapshot s = p.snapshot();
        assertEquals(1, s.pe());
        assertEquals(2, s.counts()[stream * Profiler.MAX_FRAMES]);
        assertEquals(4000, s.nanos()[stream * Profiler.MAX_FRAMES]);
        assertEquals(1, s.counts()[thread * Profiler.MAX_FRAMES + 20]);
        assertEquals("stream 1", s.blockNames()[stream]);
        for (int i = 0; i < 100; i++) {
            p.newBlock("b" + i);
        }
        assertEquals(Profiler.MAX_BLOCKS - 1, p.newBlock("late"), "blocks beyond the grid share the last one");
        Profiler off = of(null, 0, 2);
        off.record(0, 0, 5);
        assertNull(off.snapshot());
    }
}
