package io.jshmem.transport.ucx;

import io.jshmem.config.Setting;
import io.jshmem.spi.AmoOp;
import io.jshmem.spi.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Informational latencies of the engine between two in-JVM PEs (printed, not asserted; the values checked are the
 * data). Run under the tcp execution; numbers depend heavily on machine load.
 */
@Timeout(180)
class UcxLatencyTest {
    private static final int WARMUP = 300;
    private static final int ITERATIONS = 3000;

    @BeforeEach
    void requireUcx() {
        UcxTestSupport.assumeUcx();
    }

    @AfterEach
    void clearSpin() {
        System.clearProperty(Setting.UCX_PROGRESS_SPIN_US.propertyName());
    }

    @Test
    void latencyWithDefaultProgressSpin() throws Exception {
        measure("progress spin default (" + Setting.UCX_PROGRESS_SPIN_US.defaultValue() + " us)");
    }

    @Test
    void latencyWithProgressThreadSleepingAtOnce() throws Exception {
        System.setProperty(Setting.UCX_PROGRESS_SPIN_US.propertyName(), "0");
        measure("progress spin 0 (event fd only)");
    }

    private static void measure(String label) throws Exception {
        UcxJobRunner.run(2, pe -> {
            if (pe.pe() != 0) {
                return;
            }
            Transport t = pe.transport();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(8, 8);
                long[] putQuiet = new long[ITERATIONS];
                long[] fetchAdd = new long[ITERATIONS];
                long[] get = new long[ITERATIONS];
                for (int i = -WARMUP; i < ITERATIONS; i++) {
                    v.set(JAVA_LONG, 0, i);
                    long t0 = System.nanoTime();
                    t.put(1, 0, v, 0, 8);
                    t.quiet();
                    long t1 = System.nanoTime();
                    t.atomicLong(AmoOp.FETCH_ADD, 1, 64, 1, 0);
                    long t2 = System.nanoTime();
                    t.get(1, 0, v, 0, 8);
                    long t3 = System.nanoTime();
                    assertEquals(i, v.get(JAVA_LONG, 0));
                    if (i >= 0) {
                        putQuiet[i] = t1 - t0;
                        fetchAdd[i] = t2 - t1;
                        get[i] = t3 - t2;
                    }
                }
                assertEquals(WARMUP + ITERATIONS, pe.heaps()[1].get(JAVA_LONG, 64));
                int nbi = 2000;
                long n0 = System.nanoTime();
                for (int i = 0; i < nbi; i++) {
                    t.putNbi(1, 128, v, 0, 8);
                }
                t.quiet();
                double nbiMicros = (System.nanoTime() - n0) / 1000.0 / nbi;
                MemorySegment big = arena.allocate(1 << 20, 64);
                int rounds = 50;
                long b0 = System.nanoTime();
                for (int i = 0; i < rounds; i++) {
                    t.put(1, 1 << 20, big, 0, 1 << 20);
                }
                t.quiet();
                double gbPerS = (double) rounds * (1 << 20) / (System.nanoTime() - b0);
                System.out.printf("UCX latency [%s, %s, %d iterations]: put 8 B + quiet %s | fetch-add 64 %s"
                                + " | get 8 B %s | putNbi 8 B pipelined %.2f us/op | 1 MiB put bandwidth %.2f GB/s%n",
                        UcxTestSupport.transports(), label, ITERATIONS, stats(putQuiet), stats(fetchAdd), stats(get),
                        nbiMicros, gbPerS);
            }
        });
    }

    private static String stats(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        double mean = Arrays.stream(s).average().orElse(0) / 1000.0;
        return String.format("median %.1f us, p99 %.1f us, mean %.1f us", s[s.length / 2] / 1000.0,
                s[(int) (s.length * 0.99)] / 1000.0, mean);
    }
}
