package io.jshmem.launcher;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options shmemrun puts before a PE's own ({@code --jvm-arg}), where the JVM's ergonomics, sizing one JVM
 * for a whole machine, get a PE wrong. An option the user sets in the same family wins: nothing is added then.
 * Stateless; thread-safe.
 *
 * <ul>
 *   <li><b>Collector of a pinned PE.</b> Under {@code --bind-to core} the JVM sees one CPU and its ergonomics pick the
 *       serial collector, which copies every array that fits in the young generation at each young pause (an
 *       allocation loop of 36 MB arrays paused 6-9 s with it against 0.2-0.6 s with G1, pinned to one CPU:
 *       docs/performance.md). G1, the collector the same JVM picks unpinned on a two-CPU host, allocates such
 *       arrays as humongous regions and frees them without copying; on one CPU it runs one worker of each kind.</li>
 *   <li><b>Heap share.</b> Every JVM takes a quarter of the host's memory as its maximum heap by default, so more
 *       than two PEs on one host may together commit more than the host has (and the symmetric heaps live outside
 *       the Java heap). Beyond two local PEs, each gets {@value #JOB_HEAP_PERCENT}% of the memory divided by the
 *       local PEs as its maximum ({@code -XX:MaxRAMPercentage}, which follows container limits as the default
 *       does; the JVM raises a tiny result to its own minimum).</li>
 * </ul>
 */
final class PeJvmOptions {
    /** The share of the host's memory that the Java heaps of all its PEs may take together, in percent. */
    static final int JOB_HEAP_PERCENT = 50;
    /** The JVM's own default MaxRAMPercentage, never raised by this class. */
    static final int JVM_DEFAULT_PERCENT = 25;

    private PeJvmOptions() {
    }

    /**
     * The options for a PE of a job with {@code localPes} PEs on this host; {@code pinned} when each PE is pinned to
     * one CPU. {@code userArgs} are the PE's own JVM options, which win.
     */
    static List<String> choose(List<String> userArgs, boolean pinned, int localPes) {
        List<String> options = new ArrayList<>(2);
        if (pinned && !choosesCollector(userArgs)) {
            options.add("-XX:+UseG1GC");
        }
        if ((long) localPes * JVM_DEFAULT_PERCENT > JOB_HEAP_PERCENT && !sizesHeap(userArgs)) {
            options.add("-XX:MaxRAMPercentage=" + heapPercent(localPes));
        }
        return options;
    }

    /** {@value #JOB_HEAP_PERCENT} / localPes, at most three decimals, at least 0.001. */
    static String heapPercent(int localPes) {
        BigDecimal p = BigDecimal.valueOf(JOB_HEAP_PERCENT).divide(BigDecimal.valueOf(localPes), 3,
                RoundingMode.DOWN).max(new BigDecimal("0.001"));
        return p.stripTrailingZeros().toPlainString();
    }

    private static boolean choosesCollector(List<String> args) {
        for (String a : args) {
            if (a.startsWith("-XX:+Use") && a.endsWith("GC")) {
                return true;
            }
        }
        return false;
    }

    private static boolean sizesHeap(List<String> args) {
        for (String a : args) {
            if (a.startsWith("-Xmx") || a.startsWith("-XX:MaxHeapSize=") || a.startsWith("-XX:MaxRAMPercentage=")
                    || a.startsWith("-XX:MaxRAM=") || a.startsWith("-XX:MaxRAMFraction=")) {
                return true;
            }
        }
        return false;
    }
}
