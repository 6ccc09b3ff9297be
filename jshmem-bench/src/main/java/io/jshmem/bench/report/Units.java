package io.jshmem.bench.report;

import java.util.Locale;

/** Human-readable times, sizes and ratios for the report's tables (3 significant digits). Stateless. */
final class Units {
    private Units() {
    }

    /** A time given in ns as ns, µs, ms or s; "—" for a missing value. */
    static String time(double ns) {
        if (Double.isNaN(ns)) {
            return "—";
        }
        if (ns < 1e3) {
            return sig(ns) + " ns";
        }
        if (ns < 1e6) {
            return sig(ns / 1e3) + " µs";
        }
        if (ns < 1e9) {
            return sig(ns / 1e6) + " ms";
        }
        return sig(ns / 1e9) + " s";
    }

    /** Bytes as B, KiB, MiB or GiB (powers of two, as the benchmarks' size ladder). */
    static String size(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + " GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + " MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return bytes / (1L << 10) + " KiB";
        }
        return bytes + " B";
    }

    /** A ratio with two decimals, "—" when missing. */
    static String ratio(double r) {
        return Double.isNaN(r) ? "—" : String.format(Locale.ROOT, "%.2f", r);
    }

    /** Three significant digits without exponent notation. */
    static String sig(double v) {
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
