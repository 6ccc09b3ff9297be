package io.jshmem.collectives;

import io.jshmem.team.TeamLayout;

/**
 * The wait until member {@code index} has published at least epoch {@code needed}: a load of its slot's EPOCH
 * word, whose reading is remembered in the channel's per-member record so that an epoch seen once is not read
 * again. Made once per channel and set for each wait.
 */
final class BegunWait extends TeamStall {
    private final long[] begunSeen;
    private int index;
    private long needed;

    BegunWait(TeamChannel ch, long[] begunSeen) {
        super(ch);
        this.begunSeen = begunSeen;
    }

    void set(int index, long needed) {
        this.index = index;
        this.needed = needed;
    }

    @Override
    public boolean satisfied() {
        long seen = TeamLayout.epochNear(ch.comm().getScalarLong(ch.pe(index), ch.slotWord(TeamLayout.EPOCH)),
                ch.epoch());
        begunSeen[index] = seen;
        return seen >= needed;
    }

    @Override
    public String describe() {
        return ch.operation() + " (epoch " + ch.epoch() + ", waiting for PE " + ch.pe(index) + " to begin epoch "
                + needed + " before writing into it)";
    }
}
