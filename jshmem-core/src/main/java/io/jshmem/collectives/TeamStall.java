package io.jshmem.collectives;

import io.jshmem.comm.WaitCondition;
import io.jshmem.comm.WaitLoop;
import io.jshmem.team.TeamLayout;

import java.util.ArrayList;
import java.util.List;

/**
 * A wait of one team's collective: its late members, any mismatch, divergence or abandonment come from the team's
 * channel, asked only when the wait is slow or times out. Subclasses are made once per channel and set again for
 * each wait, so waits allocate nothing. Confined to the thread running the team's collectives.
 */
abstract class TeamStall implements WaitCondition, WaitLoop.Stall {
    final TeamChannel ch;

    TeamStall(TeamChannel ch) {
        this.ch = ch;
    }

    /** Members whose published epoch is below the current one: they have not reached this collective. */
    @Override
    public List<Integer> latePes() {
        List<Integer> late = new ArrayList<>();
        long epoch = ch.epoch();
        for (int i = 0; i < ch.size(); i++) {
            int pe = ch.pe(i);
            try {
                if (TeamLayout.epochNear(ch.comm().getScalarLong(pe, ch.slotWord(TeamLayout.EPOCH)), epoch) < epoch) {
                    late.add(pe);
                }
            } catch (RuntimeException unreachable) {
                late.add(pe);
            }
        }
        return late;
    }

    @Override
    public String mismatch() {
        return ch.mismatch();
    }

    @Override
    public String abandoned() {
        return CollectiveActivity.finalizing(ch.comm(), ch.memberPes());
    }

    @Override
    public String diverged() {
        return ch.diverged();
    }

    @Override
    public void timedOut() {
        ch.recordTimeout();
    }
}
