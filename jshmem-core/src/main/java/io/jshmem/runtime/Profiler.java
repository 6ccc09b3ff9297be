package io.jshmem.runtime;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;

import java.util.BitSet;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One PE's profiling counters (CANN SHMEM's cycle profiling): a grid of {@value #MAX_BLOCKS} blocks (threads and
 * streams) by {@value #MAX_FRAMES} frames (operation kinds), each cell a count and a total time in nanoseconds.
 * Enabled on the PEs that {@code SHMEM_CYCLE_PROF_PE} names; on the others every method is a single boolean check.
 *
 * <p>Thread-safe: cells are atomic; a snapshot taken while others record is consistent per cell.
 */
public final class Profiler {
    public static final int MAX_BLOCKS = 64;
    public static final int MAX_FRAMES = 1024;
    /** Blocks beyond the first 63 share the last one. */
    static final int OVERFLOW_BLOCK = MAX_BLOCKS - 1;
    /**
     * The process's {@code shmem_pcontrol} level, shared by every instance (a PE is a process): at most 0 disables
     * recording (ProfData and JFR), 1 is the default, 2 and more add detail. One volatile read per check.
     */
    private static volatile int pcontrolLevel = 1;

    private final int pe;
    private final boolean enabled;
    private final AtomicLongArray counts;
    private final AtomicLongArray nanos;
    private final String[] blockNames = new String[MAX_BLOCKS];
    private final AtomicInteger nextBlock = new AtomicInteger();
    private final ThreadLocal<int[]> threadBlock = new ThreadLocal<>();

    private Profiler(int pe, boolean enabled) {
        this.pe = pe;
        this.enabled = enabled;
        this.counts = enabled ? new AtomicLongArray(MAX_BLOCKS * MAX_FRAMES) : null;
        this.nanos = enabled ? new AtomicLongArray(MAX_BLOCKS * MAX_FRAMES) : null;
    }

    /** A profiler that never records. */
    public static Profiler off(int pe) {
        return new Profiler(pe, false);
    }

    /**
     * The profiler of PE {@code pe} under {@code SHMEM_CYCLE_PROF_PE}.
     *
     * @throws ShmemArgumentException when the setting is malformed or names a PE outside 0..nPes-1
     */
    public static Profiler fromSettings(Settings settings, int pe, int nPes) {
        String text = settings.get(Setting.CYCLE_PROF_PE).orElse(null);
        if (text == null) {
            return off(pe);
        }
        return new Profiler(pe, selected(text, nPes).get(pe));
    }

    /** The PEs {@code text} names: {@code all}, or comma-separated numbers and ranges {@code a-b}. */
    static BitSet selected(String text, int nPes) {
        String name = Setting.CYCLE_PROF_PE.envName();
        BitSet set = new BitSet(nPes);
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all") || t.equals("*")) {
            set.set(0, nPes);
            return set;
        }
        for (String item : t.split(",")) {
            String s = item.trim();
            int dash = s.indexOf('-', 1);
            int lo;
            int hi;
            try {
                lo = Integer.parseInt(dash < 0 ? s : s.substring(0, dash).trim());
                hi = dash < 0 ? lo : Integer.parseInt(s.substring(dash + 1).trim());
            } catch (NumberFormatException e) {
                throw new ShmemArgumentException(name + " = '" + text + "': '" + s + "' is not a PE number or range;"
                        + " valid are all, a PE number, a list 0,2 or a range 1-3 within 0.." + (nPes - 1));
            }
            if (lo < 0 || hi >= nPes || lo > hi) {
                throw new ShmemArgumentException(name + " = '" + text + "': '" + s + "' is outside the job: valid"
                        + " PEs are 0.." + (nPes - 1) + "; name PEs that exist, or unset it to disable profiling");
            }
            set.set(lo, hi + 1);
        }
        return set;
    }

    /** Whether SHMEM_CYCLE_PROF_PE names this PE (its ProfData exists, whatever the pcontrol level). */
    public boolean enabled() {
        return enabled;
    }

    /** Whether this profiler records now: this PE is profiled and pcontrol has not disabled profiling. */
    public boolean recording() {
        return enabled && pcontrolLevel > 0;
    }

    /** Whether JFR events are to be emitted now: a recording may run and pcontrol has not disabled profiling. */
    public static boolean jfr() {
        return pcontrolLevel > 0 && JfrEvents.active();
    }

    /** The current pcontrol level of this process (1 until {@link #pcontrol(int)} changes it). */
    public static int pcontrolLevel() {
        return pcontrolLevel;
    }

    /** Sets the process's pcontrol level; every int is accepted (see {@link #pcontrolLevel}). */
    public static void pcontrol(int level) {
        pcontrolLevel = level;
    }

    public int pe() {
        return pe;
    }

    /** A new block for a stream (or any named activity); the last block when all are taken. */
    public int newBlock(String name) {
        if (!enabled) {
            return OVERFLOW_BLOCK;
        }
        int b = nextBlock.getAndIncrement();
        if (b >= OVERFLOW_BLOCK) {
            blockNames[OVERFLOW_BLOCK] = "(other)";
            return OVERFLOW_BLOCK;
        }
        blockNames[b] = name;
        return b;
    }

    /** The calling thread's block, assigned on its first use. */
    public int threadBlock() {
        int[] b = threadBlock.get();
        if (b == null) {
            b = new int[] {newBlock("thread " + Thread.currentThread().getName())};
            threadBlock.set(b);
        }
        return b[0];
    }

    /** Adds one operation of {@code frame} that took {@code elapsedNanos} to {@code block}. */
    public void record(int block, int frame, long elapsedNanos) {
        if (!enabled || pcontrolLevel <= 0) {
            return;
        }
        int cell = block * MAX_FRAMES + frame;
        counts.incrementAndGet(cell);
        nanos.addAndGet(cell, elapsedNanos);
    }

    /** A copy of every cell; null when this profiler is off. */
    public Snapshot snapshot() {
        if (!enabled) {
            return null;
        }
        long[] c = new long[MAX_BLOCKS * MAX_FRAMES];
        long[] n = new long[MAX_BLOCKS * MAX_FRAMES];
        for (int i = 0; i < c.length; i++) {
            c[i] = counts.get(i);
            n[i] = nanos.get(i);
        }
        return new Snapshot(pe, c, n, blockNames.clone());
    }

    /** Cell values in block-major order ({@code block * MAX_FRAMES + frame}). */
    public record Snapshot(int pe, long[] counts, long[] nanos, String[] blockNames) {
    }
}
