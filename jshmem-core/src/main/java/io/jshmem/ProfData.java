package io.jshmem;

import java.util.Formatter;
import java.util.Locale;

/**
 * A snapshot of one PE's profiling counters (CANN SHMEM's {@code aclshmem_prof_pe_t}): {@value #MAX_BLOCKS}
 * blocks (streams and threads) by {@value #MAX_FRAMES} frames (operation kinds, {@link ProfFrame}, plus the
 * application's own), each with a count and a total time. Immutable and thread-safe.
 */
public final class ProfData {
    /** Blocks per PE: streams and application threads, each recorded in its own block. */
    public static final int MAX_BLOCKS = 64;
    /** Frames per block: jshmem's own {@link ProfFrame}s, then the application's. */
    public static final int MAX_FRAMES = 1024;

    private final int peId;
    private final long[] counts;
    private final long[] nanos;
    private final String[] blockNames;

    /**
     * A snapshot: {@code counts} and {@code nanos} hold {@code MAX_BLOCKS * MAX_FRAMES} cells, block-major. Made by
     * the runtime ({@link ShmemRuntime#getProf}); the arrays are owned by this object.
     */
    public ProfData(int peId, long[] counts, long[] nanos, String[] blockNames) {
        this.peId = peId;
        this.counts = counts;
        this.nanos = nanos;
        this.blockNames = blockNames;
    }

    /** The PE the data belongs to. */
    public int peId() {
        return peId;
    }

    /** Operations recorded in a cell. */
    public long count(int block, int frame) {
        return counts[cell(block, frame)];
    }

    /** Total nanoseconds recorded in a cell. */
    public long nanos(int block, int frame) {
        return nanos[cell(block, frame)];
    }

    /** Average microseconds per operation of a cell (0 when empty). */
    public double averageMicros(int block, int frame) {
        int c = cell(block, frame);
        return counts[c] == 0 ? 0 : nanos[c] / 1000.0 / counts[c];
    }

    /** Total operations of a frame over every block. */
    public long totalCount(int frame) {
        long sum = 0;
        for (int b = 0; b < MAX_BLOCKS; b++) {
            sum += counts[cell(b, frame)];
        }
        return sum;
    }

    /** What a block stands for (a stream or a thread), or null when unused. */
    public String blockName(int block) {
        cell(block, 0);
        return blockNames[block];
    }

    /**
     * The report {@code showProf} prints: one row per non-empty cell with BlockID, Block, FrameID, Frame,
     * Time(us), Count and AvgTime(us).
     */
    public String table() {
        StringBuilder sb = new StringBuilder();
        Formatter f = new Formatter(sb, Locale.ROOT);
        f.format("jshmem profile of PE %d%n", peId);
        f.format("%-8s %-28s %-8s %-14s %14s %10s %12s%n", "BlockID", "Block", "FrameID", "Frame", "Time(us)",
                "Count", "AvgTime(us)");
        for (int b = 0; b < MAX_BLOCKS; b++) {
            for (int fr = 0; fr < MAX_FRAMES; fr++) {
                int c = b * MAX_FRAMES + fr;
                if (counts[c] == 0) {
                    continue;
                }
                String name = blockNames[b] == null ? "" : blockNames[b];
                if (name.length() > 28) {
                    name = name.substring(0, 27) + "~";
                }
                f.format("%-8d %-28s %-8d %-14s %14.3f %10d %12.3f%n", b, name, fr, ProfFrame.nameOf(fr),
                        nanos[c] / 1000.0, counts[c], nanos[c] / 1000.0 / counts[c]);
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return table();
    }

    private static int cell(int block, int frame) {
        if (block < 0 || block >= MAX_BLOCKS) {
            throw new io.jshmem.error.ShmemArgumentException("block = " + block + " is invalid: valid range is 0.."
                    + (MAX_BLOCKS - 1));
        }
        if (frame < 0 || frame >= MAX_FRAMES) {
            throw new io.jshmem.error.ShmemArgumentException("frame = " + frame + " is invalid: valid range is 0.."
                    + (MAX_FRAMES - 1));
        }
        return block * MAX_FRAMES + frame;
    }
}
