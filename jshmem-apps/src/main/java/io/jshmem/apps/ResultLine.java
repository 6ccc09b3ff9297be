package io.jshmem.apps;

import java.util.Locale;

/**
 * The one machine-readable line each program prints from PE 0 at the end:
 * {@code RESULT program=NAME pes=N key=value ... verified=true|false}. Keys are lower case; times end in
 * {@code _s} and are seconds printed with 9 significant digits; the line ends with {@code verified}. The format is
 * specified in docs/apps.md so that programs in other languages print the same line.
 */
final class ResultLine {
    private final StringBuilder sb = new StringBuilder("RESULT");

    ResultLine(String program, int pes) {
        add("program", program);
        add("pes", pes);
    }

    ResultLine add(String key, String value) {
        sb.append(' ').append(key).append('=').append(value);
        return this;
    }

    ResultLine add(String key, long value) {
        return add(key, Long.toString(value));
    }

    ResultLine add(String key, double value) {
        return add(key, String.format(Locale.ROOT, "%.9g", value));
    }

    ResultLine seconds(String phase, double seconds) {
        return add(phase + "_s", seconds);
    }

    String verified(boolean ok) {
        return sb + " verified=" + ok;
    }
}
