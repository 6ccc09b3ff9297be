package io.jshmem.impl;

import io.jshmem.Team;
import io.jshmem.TeamConfig;

import io.jshmem.collectives.CollectiveTuning;
import io.jshmem.collectives.SplitExchange;
import io.jshmem.collectives.TeamChannel;
import io.jshmem.comm.Comm;
import io.jshmem.runtime.Instance;
import io.jshmem.team.SplitPlan;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamSlots;
import io.jshmem.team.TeamState;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One runtime's teams: the predefined TEAM_WORLD and TEAM_SHARED, the slot bookkeeping, the collective tuning,
 * and the split procedure. Created on first use of any team call (local work only: both predefined teams are
 * fixed by the PE list and use fixed slots). Thread-safe: splits run under the parent's lock and one runtime-wide
 * split lock (so that two threads splitting different parents cannot both pick the same free slot), slots are
 * synchronized.
 */
final class Teams {
    private final RuntimeImpl runtime;
    private final Instance instance;
    private final TeamSlots slots;
    private final CollectiveTuning tuning;
    private final TeamImpl world;
    private final TeamImpl shared;
    private final ReentrantLock splitLock = new ReentrantLock();

    Teams(RuntimeImpl runtime, Instance instance) {
        this.runtime = runtime;
        this.instance = instance;
        this.slots = new TeamSlots(instance.teamSlots());
        this.tuning = CollectiveTuning.from(instance.settings());
        int n = instance.nPes();
        int me = instance.myPe();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        this.world = create(new TeamState("TEAM_WORLD", all, me, TeamLayout.WORLD_SLOT, 0, 0, 1));
        int[] local = sharedMembers(instance);
        int myIndex = java.util.Arrays.binarySearch(local, me);
        boolean contiguous = local[local.length - 1] - local[0] == local.length - 1;
        this.shared = create(new TeamState("TEAM_SHARED", local, myIndex, TeamLayout.SHARED_SLOT, 0,
                contiguous ? local[0] : -1, contiguous ? 1 : 0));
    }

    /** The PEs whose heaps this PE maps, if they all share this host; otherwise this PE alone. */
    private static int[] sharedMembers(Instance instance) {
        Comm comm = instance.comm();
        int me = instance.myPe();
        List<Integer> list = new ArrayList<>();
        boolean allMapped = true;
        for (int p = 0; p < instance.nPes(); p++) {
            if (instance.hostOf(p).equals(instance.hostOf(me))) {
                list.add(p);
                allMapped &= p == me || comm.direct(p) != null;
            }
        }
        if (!allMapped) {
            return new int[] {me};
        }
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    TeamImpl world() {
        return world;
    }

    TeamImpl shared() {
        return shared;
    }

    RuntimeImpl runtime() {
        return runtime;
    }

    Instance instance() {
        return instance;
    }

    TeamSlots slots() {
        return slots;
    }

    private TeamImpl create(TeamState state) {
        TeamChannel ch = new TeamChannel(instance.comm(), state, tuning);
        instance.liveTeams().add(ch);
        return new TeamImpl(this, state, ch);
    }

    /** A strided split of {@code parent}; collective over the parent. */
    Team splitStrided(TeamImpl parent, int start, int stride, int size, TeamConfig config) {
        splitLock.lock();
        try {
            return splitStridedLocked(parent, start, stride, size, config);
        } finally {
            splitLock.unlock();
        }
    }

    private Team splitStridedLocked(TeamImpl parent, int start, int stride, int size, TeamConfig config) {
        TeamChannel ch = parent.channel();
        TeamState p = parent.state();
        long[][] records = SplitExchange.exchange(ch, SplitPlan.STRIDED, start, stride, size, slots.freeWords());
        RuntimeException error = null;
        SplitPlan.NewTeam plan = null;
        try {
            SplitPlan.checkAgreement(p.name(), p.members(), records);
            plan = SplitPlan.planStrided(p.members(), records, p.myIndex());
            if (plan != null) {
                claim(plan.slot());
            }
        } catch (RuntimeException e) {
            error = e;
        }
        finish(ch, error, plan == null ? null : new SplitPlan.NewTeam[] {plan});
        if (plan == null) {
            return TeamImpl.invalid(this);
        }
        String name = "team (start " + start + ", stride " + stride + ", size " + size + " of " + p.name() + ")";
        int first = plan.members()[0];
        int gstride = plan.members().length > 1 ? plan.members()[1] - first : 1;
        boolean arithmetic = isArithmetic(plan.members());
        return create(new TeamState(name, plan.members(), indexOf(plan.members(), instance.myPe()), plan.slot(),
                config.numContexts(), arithmetic ? first : -1, arithmetic ? Math.max(1, gstride) : 0));
    }

    /** A 2-D split of {@code parent}: this PE's row (x) team and column (y) team; collective over the parent. */
    Team.Split2d split2d(TeamImpl parent, int xRange, TeamConfig xConfig, TeamConfig yConfig) {
        splitLock.lock();
        try {
            return split2dLocked(parent, xRange, xConfig, yConfig);
        } finally {
            splitLock.unlock();
        }
    }

    private Team.Split2d split2dLocked(TeamImpl parent, int xRange, TeamConfig xConfig, TeamConfig yConfig) {
        TeamChannel ch = parent.channel();
        TeamState p = parent.state();
        long[][] records = SplitExchange.exchange(ch, SplitPlan.TWO_D, xRange, 0, 0, slots.freeWords());
        RuntimeException error = null;
        SplitPlan.NewTeam[] plan = null;
        try {
            SplitPlan.checkAgreement(p.name(), p.members(), records);
            plan = SplitPlan.plan2d(p.members(), records, p.myIndex());
            claim(plan[0].slot());
            try {
                claim(plan[1].slot());
            } catch (RuntimeException e) {
                slots.release(plan[0].slot());
                throw e;
            }
        } catch (RuntimeException e) {
            error = e;
            plan = null;
        }
        finish(ch, error, plan);
        int x = Math.min(xRange, p.size());
        int[] xm = plan[0].members();
        int[] ym = plan[1].members();
        Team xt = create(new TeamState("x-team (xRange " + xRange + ", row " + p.myIndex() / x + " of " + p.name()
                + ")", xm, indexOf(xm, instance.myPe()), plan[0].slot(), xConfig.numContexts(),
                isArithmetic(xm) ? xm[0] : -1, isArithmetic(xm) ? strideOf(xm) : 0));
        Team yt = create(new TeamState("y-team (xRange " + xRange + ", column " + p.myIndex() % x + " of "
                + p.name() + ")", ym, indexOf(ym, instance.myPe()), plan[1].slot(), yConfig.numContexts(),
                isArithmetic(ym) ? ym[0] : -1, isArithmetic(ym) ? strideOf(ym) : 0));
        return new Team.Split2d(xt, yt);
    }

    /** Claims a slot for a new team and clears its words, before the parent's closing sync lets anyone use it. */
    private void claim(int slot) {
        slots.claim(slot);
        instance.localHeap().asSlice(TeamLayout.slotBase(slot), TeamLayout.SLOT_BYTES).fill((byte) 0);
    }

    /** The split's closing sync; then rethrows the verdict every member reached, releasing claimed slots. */
    private void finish(TeamChannel parent, RuntimeException error, SplitPlan.NewTeam[] claimed) {
        try {
            SplitExchange.finish(parent);
        } catch (RuntimeException e) {
            if (claimed != null) {
                for (SplitPlan.NewTeam t : claimed) {
                    slots.release(t.slot());
                }
            }
            throw e;
        }
        if (error != null) {
            throw error;
        }
    }

    /**
     * Destroys {@code team}: a barrier over its members that also compares the calls they made on it, then its slot
     * is free again on this PE; throws (on every member) when their calls differed.
     */
    void destroy(TeamImpl team) {
        String diverged = team.channel().destroy();
        team.state().markDestroyed();
        slots.release(team.state().slot());
        instance.liveTeams().remove(team.channel());
        if (diverged != null) {
            throw new io.jshmem.error.ShmemStateException("team destroy found that " + diverged);
        }
    }

    private static boolean isArithmetic(int[] m) {
        if (m.length < 2) {
            return true;
        }
        int d = m[1] - m[0];
        for (int i = 2; i < m.length; i++) {
            if (m[i] - m[i - 1] != d) {
                return false;
            }
        }
        return d > 0;
    }

    private static int strideOf(int[] m) {
        return m.length < 2 ? 1 : m[1] - m[0];
    }

    private static int indexOf(int[] m, int pe) {
        for (int i = 0; i < m.length; i++) {
            if (m[i] == pe) {
                return i;
            }
        }
        return -1;
    }
}
