package io.jshmem.collectives;

import java.util.Locale;

/** The reduction operators of OpenSHMEM, as the kernels know them. Immutable. */
public enum ReduceOperator {
    AND, OR, XOR, MAX, MIN, SUM, PROD;

    private final String label = name().toLowerCase(Locale.ROOT) + " reduction";

    /** The collective's name in messages, e.g. "sum reduction" (made once, so a reduction builds no string). */
    public String label() {
        return label;
    }
}
