package io.jshmem.transport.ucx;

import io.jshmem.spi.Transport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A signal or release-flag written after data is never observed before that data: the writer fills a fresh slot
 * per round and then raises the word to the round number without waiting for the reader; the reader, whenever it
 * observes value v, checks that every slot below v is complete.
 */
@Timeout(180)
class UcxOrderingTest {
    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final int ROUNDS = 300;
    private static final int SLOT = 1024;
    private static final long SIGNAL = 0;
    private static final long DATA = 64 * 1024;

    @BeforeEach
    void requireUcx() {
        UcxTestSupport.assumeUcx();
    }

    @Test
    void putSignalNeverShowsTheSignalBeforeTheData() throws Exception {
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() == 0) {
                Transport t = pe.transport();
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment src = arena.allocate(SLOT, 64);
                    byte[] heapSrc = new byte[SLOT];
                    for (int i = 0; i < ROUNDS; i++) {
                        byte value = (byte) (i + 1);
                        boolean add = i % 2 == 1; // alternate set and add: both must reach exactly i + 1
                        if (i % 3 == 0) {
                            java.util.Arrays.fill(heapSrc, value);
                            t.putSignal(1, DATA + (long) i * SLOT, MemorySegment.ofArray(heapSrc), 0, SLOT,
                                    SIGNAL, add ? 1 : i + 1, add);
                        } else {
                            src.fill(value);
                            t.putSignal(1, DATA + (long) i * SLOT, src, 0, SLOT, SIGNAL, add ? 1 : i + 1, add);
                        }
                    }
                }
            } else {
                observe(pe.heap(), "putSignal");
            }
        });
    }

    @Test
    void putLongReleaseAfterNbiPutsNeverOvertakesThem() throws Exception {
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() == 0) {
                Transport t = pe.transport();
                try (Arena arena = Arena.ofConfined()) {
                    // one source slot per round: nbi sources must stay unchanged until completion
                    MemorySegment src = arena.allocate((long) ROUNDS * SLOT, 64);
                    for (int i = 0; i < ROUNDS; i++) {
                        MemorySegment slot = src.asSlice((long) i * SLOT, SLOT);
                        slot.fill((byte) (i + 1));
                        t.putNbi(1, DATA + (long) i * SLOT, slot, 0, SLOT / 2);
                        t.putNbi(1, DATA + (long) i * SLOT + SLOT / 2, slot, SLOT / 2, SLOT / 2);
                        t.putLongRelease(1, SIGNAL, i + 1);
                    }
                    t.quiet();
                }
            } else {
                observe(pe.heap(), "putLongRelease");
            }
        });
    }

    private static void observe(MemorySegment heap, String what) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        long checkedUpTo = 0;
        long last = 0;
        int observations = 0;
        while (checkedUpTo < ROUNDS) {
            long v = (long) LONG.getAcquire(heap, SIGNAL);
            assertTrue(v >= last && v <= ROUNDS, what + ": signal went from " + last + " to " + v);
            last = v;
            if (v > checkedUpTo) {
                observations++;
                for (long round = checkedUpTo; round < v; round++) {
                    MemorySegment slot = heap.asSlice(DATA + round * SLOT, SLOT);
                    byte expected = (byte) (round + 1);
                    for (int b = 0; b < SLOT; b++) {
                        if (slot.get(JAVA_BYTE, b) != expected) {
                            fail(what + ": signal " + v + " visible but byte " + b + " of round " + round + " is "
                                    + slot.get(JAVA_BYTE, b) + " instead of " + expected);
                        }
                    }
                }
                checkedUpTo = v;
            }
            if (System.nanoTime() - deadline > 0) {
                fail(what + ": signal stuck at " + v + " of " + ROUNDS);
            }
            Thread.onSpinWait();
        }
        assertEquals(ROUNDS, checkedUpTo);
        assertTrue(observations > 0);
    }
}
