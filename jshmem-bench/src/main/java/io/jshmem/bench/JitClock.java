package io.jshmem.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JIT compiler's cumulative compile time on this JVM, in milliseconds, so that a warm-up can run until a whole
 * pass of the measured code compiles nothing. Why it matters: on a host whose PEs outnumber its cores, every JVM's
 * compiler threads take their CPU from the PEs being timed. The putmem gate at 4 PEs on 2 cores, warmed up with 50
 * calls per path, compiled 21, 10, 6 and 4 ms on PE 0 during the jshmem phases of its first four rounds and nothing
 * during the raw phases (jshmem's call chain is deeper than one {@code MemorySegment.copy}, so the JIT reaches it
 * later), and those rounds took 1.3-1.5 ms per 8 MiB put against 1.2 ms afterwards.
 *
 * <p>Thread-safe (reads a platform MXBean). Where the JVM has no compiler ({@code -Xint}) or cannot monitor its
 * time, {@link #available()} is false and {@link #millis()} is 0.
 */
final class JitClock {
    private static final CompilationMXBean BEAN = ManagementFactory.getCompilationMXBean();
    private static final boolean AVAILABLE = BEAN != null && BEAN.isCompilationTimeMonitoringSupported();

    private JitClock() {
    }

    /** Whether {@link #millis()} measures anything. */
    static boolean available() {
        return AVAILABLE;
    }

    /** Milliseconds this JVM's compiler threads have spent compiling so far (0 when not {@link #available()}). */
    static long millis() {
        return AVAILABLE ? BEAN.getTotalCompilationTime() : 0;
    }
}
