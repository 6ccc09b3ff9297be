package io.jshmem.transport.ucx;

import io.jshmem.spi.AmoOp;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every atomic op, 64- and 32-bit, with exact results, alone and under contention from PEs and threads. */
@Timeout(180)
class UcxAtomicsTest {
    private static final long LONG_WORD = 1024;
    private static final long INT_WORD = 2048;
    private static final int NEIGHBOUR = 0x7E7E7E7E;

    @BeforeEach
    void requireUcx() {
        UcxTestSupport.assumeUcx();
    }

    @Test
    void everyLongOpReturnsTheOldValueAndUpdatesTheTarget() throws Exception {
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() == 0) {
                Transport t = pe.transport();
                var target = pe.heaps()[1];
                assertEquals(0L, t.atomicLong(AmoOp.FETCH, 1, LONG_WORD, 99, 0));
                assertEquals(0L, t.atomicLong(AmoOp.SET, 1, LONG_WORD, 10, 0));
                assertEquals(10L, target.get(JAVA_LONG, LONG_WORD));
                assertEquals(10L, t.atomicLong(AmoOp.SWAP, 1, LONG_WORD, 20, 0));
                assertEquals(20L, t.atomicLong(AmoOp.COMPARE_SWAP, 1, LONG_WORD, 30, 20), "cswap that matches");
                assertEquals(30L, t.atomicLong(AmoOp.COMPARE_SWAP, 1, LONG_WORD, 40, 99), "cswap that does not");
                assertEquals(30L, target.get(JAVA_LONG, LONG_WORD), "failed cswap must not store");
                assertEquals(30L, t.atomicLong(AmoOp.FETCH_ADD, 1, LONG_WORD, 5, 0));
                assertEquals(35L, t.atomicLong(AmoOp.FETCH_AND, 1, LONG_WORD, 0x21, 0));
                assertEquals(33L, t.atomicLong(AmoOp.FETCH_OR, 1, LONG_WORD, 0x100, 0));
                assertEquals(0x121L, t.atomicLong(AmoOp.FETCH_XOR, 1, LONG_WORD, 0xFF, 0));
                assertEquals(0x121L ^ 0xFF, t.atomicLong(AmoOp.FETCH, 1, LONG_WORD, 0, 0));
                // full 64-bit width: carries past bit 31 and negative values
                t.atomicLong(AmoOp.SET, 1, LONG_WORD, 0xFFFF_FFFFL, 0);
                assertEquals(0xFFFF_FFFFL, t.atomicLong(AmoOp.FETCH_ADD, 1, LONG_WORD, 1, 0));
                assertEquals(1L << 32, t.atomicLong(AmoOp.SWAP, 1, LONG_WORD, -1L, 0));
                assertEquals(-1L, t.atomicLong(AmoOp.COMPARE_SWAP, 1, LONG_WORD, Long.MIN_VALUE, -1L));
                assertEquals(Long.MIN_VALUE, t.atomicLong(AmoOp.FETCH_ADD, 1, LONG_WORD, -1, 0));
                assertEquals(Long.MAX_VALUE, target.get(JAVA_LONG, LONG_WORD));
            }
        });
    }

    @Test
    void everyIntOpReturnsTheOldValueAndLeavesTheNeighbourAlone() throws Exception {
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() == 1) {
                pe.heap().set(JAVA_INT, INT_WORD - 4, NEIGHBOUR);
                pe.heap().set(JAVA_INT, INT_WORD + 4, NEIGHBOUR);
            }
            pe.barrier();
            if (pe.pe() == 0) {
                Transport t = pe.transport();
                var target = pe.heaps()[1];
                assertEquals(0, t.atomicInt(AmoOp.FETCH, 1, INT_WORD, 99, 0));
                assertEquals(0, t.atomicInt(AmoOp.SET, 1, INT_WORD, 10, 0));
                assertEquals(10, t.atomicInt(AmoOp.SWAP, 1, INT_WORD, 20, 0));
                assertEquals(20, t.atomicInt(AmoOp.COMPARE_SWAP, 1, INT_WORD, 30, 20));
                assertEquals(30, t.atomicInt(AmoOp.COMPARE_SWAP, 1, INT_WORD, 40, 99));
                assertEquals(30, t.atomicInt(AmoOp.FETCH_ADD, 1, INT_WORD, 5, 0));
                assertEquals(35, t.atomicInt(AmoOp.FETCH_AND, 1, INT_WORD, 0x21, 0));
                assertEquals(33, t.atomicInt(AmoOp.FETCH_OR, 1, INT_WORD, 0x100, 0));
                assertEquals(0x121, t.atomicInt(AmoOp.FETCH_XOR, 1, INT_WORD, 0xFF, 0));
                assertEquals(0x121 ^ 0xFF, target.get(JAVA_INT, INT_WORD));
                t.atomicInt(AmoOp.SET, 1, INT_WORD, Integer.MAX_VALUE, 0);
                assertEquals(Integer.MAX_VALUE, t.atomicInt(AmoOp.FETCH_ADD, 1, INT_WORD, 1, 0), "wraps at 32 bits");
                assertEquals(Integer.MIN_VALUE, t.atomicInt(AmoOp.SWAP, 1, INT_WORD, -7, 0));
                assertEquals(-7, t.atomicInt(AmoOp.COMPARE_SWAP, 1, INT_WORD, -8, -7));
                assertEquals(-8, target.get(JAVA_INT, INT_WORD));
                assertEquals(NEIGHBOUR, target.get(JAVA_INT, INT_WORD - 4), "32-bit atomic touched the word before");
                assertEquals(NEIGHBOUR, target.get(JAVA_INT, INT_WORD + 4), "32-bit atomic touched the word after");
            }
        });
    }

    @Test
    void fetchAddUnderContentionFromTwoPesAndTwoThreadsIsExact() throws Exception {
        int perPe = 1000;
        Set<Long> longOld = ConcurrentHashMap.newKeySet();
        Set<Integer> intOld = ConcurrentHashMap.newKeySet();
        Set<Long> threadOld = ConcurrentHashMap.newKeySet();
        UcxJobRunner.run(3, pe -> {
            Transport t = pe.transport();
            if (pe.pe() != 0) {
                for (int i = 0; i < perPe; i++) {
                    assertTrue(longOld.add(t.atomicLong(AmoOp.FETCH_ADD, 0, LONG_WORD, 1, 0)), "duplicate old value");
                    assertTrue(intOld.add(t.atomicInt(AmoOp.FETCH_ADD, 0, INT_WORD, 1, 0)), "duplicate old value");
                }
                // two application threads of the same PE share one engine (thread mode MULTI)
                AtomicReference<Throwable> error = new AtomicReference<>();
                List<Thread> threads = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    threads.add(Thread.ofPlatform().start(() -> {
                        try {
                            for (int i = 0; i < perPe / 2; i++) {
                                threadOld.add(t.atomicLong(AmoOp.FETCH_ADD, 0, LONG_WORD + 64, 1, 0));
                            }
                        } catch (Throwable e) {
                            error.compareAndSet(null, e);
                        }
                    }));
                }
                for (Thread th : threads) {
                    th.join();
                }
                assertNull(error.get(), () -> "thread failed: " + error.get());
            }
            pe.barrier();
            if (pe.pe() == 0) {
                assertEquals(2L * perPe, pe.heap().get(JAVA_LONG, LONG_WORD));
                assertEquals(2 * perPe, pe.heap().get(JAVA_INT, INT_WORD));
                assertEquals(2L * perPe, pe.heap().get(JAVA_LONG, LONG_WORD + 64));
                assertEquals(range(2 * perPe), new TreeSet<>(longOld), "every old value 0..1999 exactly once");
                assertEquals(2 * perPe, intOld.size());
                assertEquals(2 * perPe, threadOld.size());
            }
        });
    }

    @Test
    void compareSwapLoopsUnderContentionLoseNoUpdate() throws Exception {
        int perPe = 200;
        UcxJobRunner.run(3, pe -> {
            Transport t = pe.transport();
            if (pe.pe() != 0) {
                for (int i = 0; i < perPe; i++) {
                    long seen = t.atomicLong(AmoOp.FETCH, 0, LONG_WORD, 0, 0);
                    while (true) {
                        long old = t.atomicLong(AmoOp.COMPARE_SWAP, 0, LONG_WORD, seen + 1, seen);
                        if (old == seen) {
                            break;
                        }
                        seen = old;
                    }
                    int seenInt = t.atomicInt(AmoOp.FETCH, 0, INT_WORD, 0, 0);
                    while (true) {
                        int old = t.atomicInt(AmoOp.COMPARE_SWAP, 0, INT_WORD, seenInt + 1, seenInt);
                        if (old == seenInt) {
                            break;
                        }
                        seenInt = old;
                    }
                }
            }
            pe.barrier();
            if (pe.pe() == 0) {
                assertEquals(2L * perPe, pe.heap().get(JAVA_LONG, LONG_WORD));
                assertEquals(2 * perPe, pe.heap().get(JAVA_INT, INT_WORD));
            }
        });
    }

    @Test
    void bitwiseOpsFromTwoPesComposeExactly() throws Exception {
        UcxJobRunner.run(3, pe -> {
            Transport t = pe.transport();
            if (pe.pe() != 0) {
                // PE 1 sets the even bits, PE 2 the odd bits, one at a time; then each toggles its bits back off
                for (int bit = pe.pe() - 1; bit < 64; bit += 2) {
                    t.atomicLong(AmoOp.FETCH_OR, 0, LONG_WORD, 1L << bit, 0);
                }
                for (int bit = pe.pe() - 1; bit < 32; bit += 2) {
                    t.atomicInt(AmoOp.FETCH_OR, 0, INT_WORD, 1 << bit, 0);
                }
            }
            pe.barrier();
            if (pe.pe() == 0) {
                assertEquals(-1L, pe.heap().get(JAVA_LONG, LONG_WORD));
                assertEquals(-1, pe.heap().get(JAVA_INT, INT_WORD));
            }
            pe.barrier();
            if (pe.pe() != 0) {
                long mine = pe.pe() == 1 ? 0x5555_5555_5555_5555L : 0xAAAA_AAAA_AAAA_AAAAL;
                t.atomicLong(AmoOp.FETCH_XOR, 0, LONG_WORD, mine, 0);
                t.atomicInt(AmoOp.FETCH_AND, 0, INT_WORD, (int) ~mine, 0);
            }
            pe.barrier();
            if (pe.pe() == 0) {
                assertEquals(0L, pe.heap().get(JAVA_LONG, LONG_WORD));
                assertEquals(0, pe.heap().get(JAVA_INT, INT_WORD));
            }
        });
    }

    @Test
    void casLoopEmulationMatchesTheNativeOpcodeForEveryOp() throws Exception {
        long[] longs = {0, 1, -1, 0x21, 0xFFFF_FFFFL, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE};
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() == 0) {
                UcxTransport t = (UcxTransport) pe.transport();
                var target = pe.heaps()[1];
                target.set(JAVA_INT, INT_WORD - 4, NEIGHBOUR);
                target.set(JAVA_INT, INT_WORD + 4, NEIGHBOUR);
                for (AmoOp op : AmoOp.values()) {
                    for (long old : longs) {
                        for (long operand : longs) {
                            for (long compare : new long[]{old, old - 1}) {
                                String what = op + " on " + old + " with operand " + operand + ", compare " + compare;
                                target.set(JAVA_LONG, LONG_WORD, old);
                                long nativeOld = t.atomicLong(op, 1, LONG_WORD, operand, compare);
                                long nativeWord = target.get(JAVA_LONG, LONG_WORD);
                                target.set(JAVA_LONG, LONG_WORD, old);
                                assertEquals(old, t.atomicByCasLoop(op, 1, LONG_WORD, operand, compare, true), what);
                                assertEquals(nativeWord, target.get(JAVA_LONG, LONG_WORD), what);
                                assertEquals(op.apply(old, operand, compare), nativeWord, what + ": the definition");
                                assertTrue(op == AmoOp.SET || nativeOld == old, what); // SET's result: unspecified

                                int o = (int) old;
                                target.set(JAVA_INT, INT_WORD, o);
                                int nativeIntOld = t.atomicInt(op, 1, INT_WORD, (int) operand, (int) compare);
                                int nativeInt = target.get(JAVA_INT, INT_WORD);
                                assertEquals(op.apply(o, (int) operand, (int) compare), nativeInt,
                                        what + " (32-bit): the definition");
                                assertTrue(op == AmoOp.SET || nativeIntOld == o, what + " (32-bit)");
                                target.set(JAVA_INT, INT_WORD, o);
                                assertEquals(o, (int) t.atomicByCasLoop(op, 1, INT_WORD, (int) operand,
                                        (int) compare, false), what + " (32-bit)");
                                assertEquals(nativeInt, target.get(JAVA_INT, INT_WORD), what + " (32-bit)");
                            }
                        }
                    }
                }
                assertEquals(NEIGHBOUR, target.get(JAVA_INT, INT_WORD - 4), "32-bit loop touched the word before");
                assertEquals(NEIGHBOUR, target.get(JAVA_INT, INT_WORD + 4), "32-bit loop touched the word after");
            }
        });
    }

    @Test
    void casLoopEmulationUnderContentionFromTwoPesLosesNoUpdate() throws Exception {
        int perPe = 200;
        UcxJobRunner.run(3, pe -> {
            if (pe.pe() != 0) {
                UcxTransport t = (UcxTransport) pe.transport();
                for (int i = 0; i < perPe; i++) {
                    // the emulation and the native opcode on the same words: each must see the other's updates
                    t.atomicByCasLoop(AmoOp.FETCH_ADD, 0, LONG_WORD, 1, 0, true);
                    t.atomicLong(AmoOp.FETCH_ADD, 0, LONG_WORD, 1, 0);
                    t.atomicByCasLoop(AmoOp.FETCH_ADD, 0, INT_WORD, 1, 0, false);
                    t.atomicInt(AmoOp.FETCH_ADD, 0, INT_WORD, 1, 0);
                }
            }
            pe.barrier();
            if (pe.pe() == 0) {
                assertEquals(4L * perPe, pe.heap().get(JAVA_LONG, LONG_WORD));
                assertEquals(4 * perPe, pe.heap().get(JAVA_INT, INT_WORD));
            }
        });
    }

    private static Set<Long> range(int n) {
        Set<Long> s = new TreeSet<>();
        for (long i = 0; i < n; i++) {
            s.add(i);
        }
        return s;
    }
}
