package io.jshmem.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Message sizes of the benchmarks: parsing of {@code 8m}-style arguments, the power-of-two ladder between two sizes,
 * and how many operations a size gets. The C benchmark (bench/c/oshmem_bench.c) applies the same rules, so that both
 * sides time the same number of operations per size. Stateless and thread-safe.
 */
public final class Sizes {
    /** Sizes up to this many bytes run the full iteration count; larger ones scale it down. */
    public static final long FULL_ITERATIONS_UP_TO = 16 * 1024;
    /** The fewest operations a size gets per round, however large it is. */
    public static final long MIN_ITERATIONS = 10;

    private Sizes() {
    }

    /**
     * Parses a byte count with an optional binary suffix: {@code 4096}, {@code 64k}, {@code 8m}, {@code 1g}
     * (case-insensitive, {@code kb}/{@code mib} forms accepted).
     *
     * @throws IllegalArgumentException naming {@code name}, the value and the accepted forms
     */
    public static long parse(String name, String text) {
        if (text == null || text.isBlank()) {
            throw bad(name, text);
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        t = t.endsWith("ib") ? t.substring(0, t.length() - 2) : t.endsWith("b") ? t.substring(0, t.length() - 1) : t;
        long unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> unit = 1L << 10;
                case 'm' -> unit = 1L << 20;
                case 'g' -> unit = 1L << 30;
                default -> unit = 1;
            }
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            long v = Long.parseLong(digits.trim());
            if (v < 0 || v > Long.MAX_VALUE / unit) {
                throw bad(name, text);
            }
            return v * unit;
        } catch (NumberFormatException e) {
            throw bad(name, text);
        }
    }

    private static IllegalArgumentException bad(String name, String text) {
        return new IllegalArgumentException(name + " = '" + text + "' is not a byte count: valid forms are 4096, 64k,"
                + " 8m, 1g (0 or more); pass a number with an optional k/m/g suffix");
    }

    /** Every power of two from {@code min} to {@code max} (min rounded up to a power of two, at least 1). */
    public static List<Long> ladder(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("size range " + min + ".." + max + " is empty: valid is 0 <= min <= max;"
                    + " pass --min-size not above --max-size");
        }
        List<Long> sizes = new ArrayList<>();
        long s = Math.max(1, Long.highestOneBit(Math.max(1, min)));
        if (s < min) {
            s <<= 1;
        }
        for (; s <= max && s > 0; s <<= 1) {
            sizes.add(s);
        }
        return sizes;
    }

    /**
     * Operations per round for a message of {@code size} bytes: the full count up to 16 KiB, then inversely
     * proportional to the size (so a round moves about {@code iterations * 16 KiB}), never fewer than 10 and never
     * more than {@code iterations}.
     */
    public static long iterationsFor(long size, long iterations) {
        if (size <= FULL_ITERATIONS_UP_TO) {
            return iterations;
        }
        long scaled = (long) ((double) iterations * FULL_ITERATIONS_UP_TO / size);
        return Math.min(iterations, Math.max(MIN_ITERATIONS, scaled));
    }

    /** Warm-up operations for a size, scaled like {@link #iterationsFor} but never fewer than 2 (or 0 if none). */
    public static long warmupFor(long size, long warmup) {
        if (warmup <= 0 || size <= FULL_ITERATIONS_UP_TO) {
            return Math.max(0, warmup);
        }
        long scaled = (long) ((double) warmup * FULL_ITERATIONS_UP_TO / size);
        return Math.min(warmup, Math.max(2, scaled));
    }

    /** {@code 8 B}, {@code 64 KiB}, {@code 8 MiB}: a size as a person reads it. */
    public static String human(long bytes) {
        if (bytes >= (1L << 30) && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + " GiB";
        }
        if (bytes >= (1L << 20) && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= (1L << 10) && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }
}
