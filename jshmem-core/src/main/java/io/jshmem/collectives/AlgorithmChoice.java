package io.jshmem.collectives;

import java.util.function.LongFunction;
import java.util.function.ObjLongConsumer;

/**
 * The algorithm one kind of collective takes on one team, remembered for the last data size: the rule switches
 * over the tuning's strings, which cost a broadcast of 8 bytes about 6 % of its time (2 PEs, 100 ns) when run on
 * every call, while programs mostly repeat one size. Each new choice is reported once (the team's debug log line),
 * so that a repeated size costs neither the rule nor the log level check. Not thread-safe: owned by a
 * {@link TeamChannel}, whose calls the API serializes.
 */
final class AlgorithmChoice {
    private final LongFunction<Algorithm> rule;
    private final ObjLongConsumer<Algorithm> chosen;
    private long bytes = -1;
    private Algorithm last;

    /**
     * {@code rule} maps a data size in bytes to the algorithm and must depend on nothing else that changes;
     * {@code chosen} hears each choice the rule makes (algorithm, size).
     */
    AlgorithmChoice(LongFunction<Algorithm> rule, ObjLongConsumer<Algorithm> chosen) {
        this.rule = rule;
        this.chosen = chosen;
    }

    Algorithm of(long bytes) {
        if (bytes != this.bytes || last == null) {
            last = rule.apply(bytes);
            this.bytes = bytes;
            chosen.accept(last, bytes);
        }
        return last;
    }
}
