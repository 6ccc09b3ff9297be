package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.Context;
import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The teams chapter of OpenSHMEM 1.6: strided splits with negative and zero strides (team order, values
 * moved through the new team, bad triplets rejected on every PE), contexts created from a team taking team-relative
 * PE numbers for every operation kind (RMA, nbi, strided, scalar, atomics, signals, peQuiet) on teams whose numbers
 * differ from the world's, and (mode {@code many}) far more teams than the old limit of 32. Prints
 * {@code TEAMS CHAPTER OK pe N}.
 */
public final class TeamsChapterPe {
    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "all";
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                if (mode.equals("many")) {
                    manyTeams(shmem, Integer.parseInt(args[1]));
                } else {
                    negativeStrides(shmem);
                    teamContexts(shmem);
                }
                shmem.barrierAll();
                System.out.println("TEAMS CHAPTER OK pe " + shmem.myPe());
            });
        }
    }

    /** Reverse-order teams: members, team numbers, a broadcast and an fcollect through them, bad triplets. */
    static void negativeStrides(ShmemRuntime shmem) {
        Team world = shmem.teamWorld();
        int me = shmem.myPe();
        int n = shmem.nPes();
        SymmetricMemory buf = shmem.calloc(2L * n, 8);

        try (Team reversed = world.splitStrided(n - 1, -1, n)) {
            Expect.isTrue(reversed.isValid(), "every PE is in the reversed team");
            Expect.equal(n - 1 - me, reversed.myPe(), "reversed team number of PE " + me);
            Expect.equal(n, reversed.nPes(), "reversed team size");
            for (int t = 0; t < n; t++) {
                Expect.equal(n - 1 - t, reversed.translatePe(t, world), "reversed member " + t + " is world PE");
            }
            buf.local().setAtIndex(ValueLayout.JAVA_LONG, n, 1000L + me);
            shmem.barrierAll();
            reversed.fcollect(ValueLayout.JAVA_LONG, buf, 0, buf, n, 1);
            for (int t = 0; t < n; t++) {
                Expect.equal(1000L + (n - 1 - t), buf.local().getAtIndex(ValueLayout.JAVA_LONG, t),
                        "fcollect in reversed order, slot " + t);
            }
        }
        shmem.barrierAll();

        // Every other PE from the top: n-1, n-3, ... (6 PEs: 5, 3, 1).
        int size = (n + 1) / 2;
        try (Team odd = world.splitStrided(n - 1, -2, size)) {
            boolean member = (n - 1 - me) % 2 == 0;
            Expect.equal(member, odd.isValid(), "PE " + me + " in the stride -2 team");
            if (member) {
                Expect.equal((n - 1 - me) / 2, odd.myPe(), "stride -2 team number");
                Expect.equal(size, odd.nPes(), "stride -2 team size");
                buf.local().setAtIndex(ValueLayout.JAVA_LONG, 0, odd.myPe() == 0 ? 4242L : -1L);
                odd.broadcast(ValueLayout.JAVA_LONG, buf, 1, buf, 0, 1, 0);
                Expect.equal(4242L, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "broadcast from PE n-1");
            }
        }
        shmem.barrierAll();

        // Stride 0 names one PE.
        try (Team single = world.splitStrided(n / 2, 0, 1)) {
            Expect.equal(me == n / 2, single.isValid(), "stride 0 team holds PE n/2 only");
            if (single.isValid()) {
                Expect.equal(0, single.myPe(), "stride 0 team number");
            }
        }

        // Bad triplets: rejected alike on every PE, nothing created, the job goes on.
        if (n >= 2) {
            Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(0, -1, 2), "outside the parent",
                    "wrap");
            Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(n - 1, 0, 2), "stride = 0");
        }
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(n - 1, -1, n + 1), "size");
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(n, -1, 1), "start = " + n);
        shmem.barrierAll();
        try (Team again = world.splitStrided(0, 1, n)) {
            Expect.equal(me, again.myPe(), "a split after rejected ones works");
        }
        shmem.free(buf);
    }

    /**
     * Contexts of a team whose numbers differ from the world's: the odd PEs (world 1, 3, ...) when there are
     * several, the reversed world otherwise. Every operation kind takes team-relative PEs.
     */
    static void teamContexts(ShmemRuntime shmem) {
        Team world = shmem.teamWorld();
        int me = shmem.myPe();
        int n = shmem.nPes();
        SymmetricMemory data = shmem.calloc(64, 8);
        SymmetricMemory sig = shmem.calloc(4, 8);
        Team team = n >= 4 ? world.splitStrided(1, 2, n / 2) : world.splitStrided(n - 1, -1, n);
        if (!team.isValid()) {
            Expect.isTrue(team.createCtx() == Context.INVALID, "createCtx on TEAM_INVALID gives Context.INVALID");
            Expect.isTrue(Shmem.teamCreateCtx(team) == Context.INVALID, "facade teamCreateCtx on TEAM_INVALID");
        } else {
            checkTeamContext(shmem, team, data, sig);
        }
        shmem.barrierAll();
        team.destroy();
        shmem.free(sig);
        shmem.free(data);
        Expect.isTrue(me >= 0, "PE number");
    }

    private static void checkTeamContext(ShmemRuntime shmem, Team team, SymmetricMemory data, SymmetricMemory sig) {
        Team world = shmem.teamWorld();
        int tme = team.myPe();
        int tn = team.nPes();
        int next = (tme + 1) % tn;
        int prev = (tme + tn - 1) % tn;
        int prevWorld = team.translatePe(prev, world);
        int nextWorld = team.translatePe(next, world);
        try (Context ctx = team.createCtx()) {
            Expect.equal(tme, ctx.myPe(), "team context myPe is the team's");
            Expect.equal(tn, ctx.nPes(), "team context nPes is the team's");
            Expect.isTrue(ctx.team() == team, "ctx.team()");

            // Blocking, nbi, scalar and strided puts to team PE next; values name the sender's world PE.
            long mark = 100L * shmem.myPe();
            ctx.put(ValueLayout.JAVA_LONG, data, 0, MemorySegment.ofArray(new long[] {mark + 1}), 0, 1, next);
            ctx.putNbi(ValueLayout.JAVA_LONG, data, 1, MemorySegment.ofArray(new long[] {mark + 2}), 0, 1, next);
            ctx.p(ValueLayout.JAVA_LONG, data, 2, mark + 3, next);
            ctx.putmem(data, 3 * 8, MemorySegment.ofArray(new long[] {mark + 4}), 0, 8, next);
            ctx.iput(ValueLayout.JAVA_LONG, data, 8, 2, MemorySegment.ofArray(new long[] {mark + 5, mark + 6}), 0, 1,
                    2, next);
            // Block-strided: two blocks of two elements, 3 apart at the target (elements 40, 41 and 43, 44).
            ctx.ibput(ValueLayout.JAVA_LONG, data, 40, 3, MemorySegment.ofArray(new long[] {mark + 8, mark + 9,
                    mark + 10, mark + 11}), 0, 2, 2, 2, next);
            ctx.atomicAdd(DataType.LONG, data, 20, 1, 0); // every member adds to team PE 0
            ctx.quiet();
            team.barrier();
            long from = 100L * prevWorld;
            long[] expected = {from + 1, from + 2, from + 3, from + 4};
            for (int i = 0; i < expected.length; i++) {
                Expect.equal(expected[i], data.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                        "team put kind " + i + " from team PE " + prev + " (world " + prevWorld + ")");
            }
            Expect.equal(from + 5, data.local().getAtIndex(ValueLayout.JAVA_LONG, 8), "iput element 0");
            Expect.equal(from + 6, data.local().getAtIndex(ValueLayout.JAVA_LONG, 10), "iput element 1");
            long[] blocks = {from + 8, from + 9, 0, from + 10, from + 11};
            for (int i = 0; i < blocks.length; i++) {
                Expect.equal(blocks[i], data.local().getAtIndex(ValueLayout.JAVA_LONG, 40 + i), "ibput element "
                        + (40 + i) + " from team PE " + prev);
            }
            if (tme == 0) {
                Expect.equal((long) tn, data.local().getAtIndex(ValueLayout.JAVA_LONG, 20), "atomics on team PE 0");
            }

            // Gets and fetching atomics from team PE next.
            Expect.equal(100L * shmem.myPe() + 1, ctx.g(ValueLayout.JAVA_LONG, data, 0, next),
                    "g from team PE next reads what this PE put there");
            long[] back = new long[1];
            ctx.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, data, 1, 1, next);
            Expect.equal(100L * shmem.myPe() + 2, back[0], "get from team PE next");
            ctx.getNbi(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, data, 2, 1, next);
            ctx.quiet();
            Expect.equal(100L * shmem.myPe() + 3, back[0], "getNbi from team PE next");
            long[] strided = new long[2];
            ctx.iget(ValueLayout.JAVA_LONG, MemorySegment.ofArray(strided), 0, 1, data, 8, 2, 2, next);
            Expect.equal(100L * shmem.myPe() + 6, strided[1], "iget from team PE next");
            long[] blocksBack = new long[4];
            ctx.ibget(ValueLayout.JAVA_LONG, MemorySegment.ofArray(blocksBack), 0, 2, data, 40, 3, 2, 2, next);
            Expect.equal(java.util.Arrays.toString(new long[] {mark + 8, mark + 9, mark + 10, mark + 11}),
                    java.util.Arrays.toString(blocksBack), "ibget from team PE next");
            team.barrier();
            Expect.equal(0L, ctx.atomicFetchAdd(DataType.LONG, data, 21, 5, next), "fetchAdd on team PE next");
            long[] fetched = new long[1];
            ctx.atomicFetchAddNbi(DataType.LONG, MemorySegment.ofArray(fetched), 0, data, 21, 1, next);
            ctx.quiet();
            Expect.equal(5L, fetched[0], "fetchAddNbi on team PE next");

            // Signals: data then signal to team PE next; the wait is local.
            ctx.putSignal(ValueLayout.JAVA_LONG, data, 30, MemorySegment.ofArray(new long[] {mark + 7}), 0, 1, sig, 0,
                    1, SignalOp.ADD, next);
            ctx.signalAdd(sig, 1, 3, next);
            ctx.signalSet(sig, 2, 9, next);
            Expect.equal(1L, ctx.signalWaitUntil(sig, 0, Cmp.GE, 1), "signal from team PE prev");
            Expect.equal(from + 7, data.local().getAtIndex(ValueLayout.JAVA_LONG, 30), "putSignal data");
            ctx.quiet();
            team.barrier();
            Expect.equal(3L, ctx.signalFetch(sig, 1), "signalAdd from team PE prev");
            Expect.equal(9L, ctx.signalFetch(sig, 2), "signalSet from team PE prev");
            ctx.peQuiet(next, 0);

            // Team-relative range: tn is outside; the message names the team size.
            Expect.thrown(ShmemArgumentException.class, () -> ctx.p(ValueLayout.JAVA_LONG, data, 0, 1L, tn),
                    "team size " + tn, "team-relative");
            Expect.thrown(ShmemArgumentException.class, () -> ctx.atomicInc(DataType.LONG, data, 0, -1),
                    "team size " + tn);
            Expect.thrown(ShmemArgumentException.class, () -> ctx.peQuiet(tn), "pes[0]", "team size");
            Expect.isTrue(nextWorld >= 0, "next is a world PE");
            team.barrier();
        }
    }

    /** Far more teams than the old 32: {@code count} live at once, the last ones used for a reduction. */
    static void manyTeams(ShmemRuntime shmem, int count) {
        Team world = shmem.teamWorld();
        int n = shmem.nPes();
        List<Team> teams = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Team t = world.splitStrided(i % 2 == 0 ? 0 : n - 1, i % 2 == 0 ? 1 : -1, n);
            Expect.isTrue(t.isValid(), "team " + i + " created");
            teams.add(t);
        }
        SymmetricMemory buf = shmem.calloc(4, 8);
        buf.local().setAtIndex(ValueLayout.JAVA_LONG, 0, shmem.myPe() + 1L);
        shmem.barrierAll();
        Team last = teams.getLast();
        last.reduce(ReduceOp.SUM, DataType.LONG, buf, 1, buf, 0, 1);
        Expect.equal((long) n * (n + 1) / 2, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 1),
                "sum over team " + (count - 1));
        teams.get(count / 2).barrier();
        for (Team t : teams) {
            t.destroy();
        }
        shmem.free(buf);
    }
}
