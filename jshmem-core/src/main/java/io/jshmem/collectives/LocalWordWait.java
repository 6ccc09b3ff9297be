package io.jshmem.collectives;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The current wait of a team's collective on a word of this PE (a round flag or the arrival counter) reaching at
 * least a value: its condition and its timeout description, made once per channel and set for each wait.
 */
final class LocalWordWait extends TeamStall {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private long off;
    private long value;
    private String step;
    private long a;
    private long b;

    LocalWordWait(TeamChannel ch) {
        super(ch);
    }

    /** The next wait: word {@code off} at least {@code value}; {@code step} formatted with a, b only on timeout. */
    void set(long off, long value, String step, long a, long b) {
        this.off = off;
        this.value = value;
        this.step = step;
        this.a = a;
        this.b = b;
    }

    @Override
    public boolean satisfied() {
        return (long) LONG.getAcquire(ch.local(), off) >= value;
    }

    @Override
    public String describe() {
        return ch.operation() + " (epoch " + ch.epoch() + ", " + String.format(step, a, b) + ")";
    }
}
