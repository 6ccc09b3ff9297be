package io.jshmem.collectives;

import java.util.function.LongFunction;

/**
 * The algorithm one kind of collective takes on one team, remembered for the last data size: the rule switches
 * over the tuning's strings, which cost a broadcast of 8 bytes about 6 % of its time (2 PEs, 100 ns) when run on
 * every call, while programs mostly repeat one size. Not thread-safe: owned by a {@link TeamChannel}, whose calls
 * the API serializes.
 */
final class AlgorithmChoice {
    private final LongFunction<Algorithm> rule;
    private long bytes = -1;
    private Algorithm last;

    /** {@code rule} maps a data size in bytes to the algorithm; it must depend on nothing else that changes. */
    AlgorithmChoice(LongFunction<Algorithm> rule) {
        this.rule = rule;
    }

    Algorithm of(long bytes) {
        if (bytes != this.bytes || last == null) {
            last = rule.apply(bytes);
            this.bytes = bytes;
        }
        return last;
    }
}
