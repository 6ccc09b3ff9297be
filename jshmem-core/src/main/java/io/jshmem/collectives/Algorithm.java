package io.jshmem.collectives;

import java.util.Locale;

/**
 * The algorithms a broadcast, fcollect or reduction can run; {@link #label()} is the name the tuning settings
 * (JSHMEM_BCAST_ALGO, ...) and the debug log use.
 */
enum Algorithm {
    EAGER, TREE, PIPELINE, DIRECT, RING, RD, RSAG;

    private final String label = name().toLowerCase(Locale.ROOT);

    String label() {
        return label;
    }
}
