package io.jshmem.comm;

import io.jshmem.Cmp;

import java.lang.foreign.MemorySegment;

/**
 * A reusable, per-thread wait on one variable ({@link WaitLoop#awaitValue}): the condition and its description.
 * Confined to its thread; set again for every wait, so that waits allocate nothing.
 */
final class WordWait implements WaitCondition, WaitLoop.Stall {
    private final WaitLoop owner;
    MemorySegment segment;
    long offset;
    WaitType type;
    Cmp cmp;
    long operand;
    boolean unsigned;
    String op;
    long seen;

    WordWait(WaitLoop owner) {
        this.owner = owner;
    }

    void set(MemorySegment segment, long offset, WaitType type, Cmp cmp, long operand, String op) {
        this.segment = segment;
        this.offset = offset;
        this.type = type;
        this.cmp = cmp;
        this.operand = operand;
        this.unsigned = type.unsignedCompare();
        this.op = op;
    }

    @Override
    public boolean satisfied() {
        long v = type.loadAcquire(segment, offset);
        seen = v;
        return cmp.holds(v, operand, unsigned);
    }

    @Override
    public String describe() {
        return StallReport.describe(op, type, offset, 1, cmp, type.format(operand));
    }

    @Override
    public String mismatch() {
        return owner.writersGone();
    }
}
