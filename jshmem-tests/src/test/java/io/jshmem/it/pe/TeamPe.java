package io.jshmem.it.pe;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.TeamConfig;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The team API: predefined teams, strided and 2-D splits with translation round trips, configurations, invalid
 * teams on non-members, 64 create/destroy cycles, the team limit, splits that disagree (every PE throws naming the
 * odd one out, none hangs), bad arguments to splits and collectives (nothing written, the team still works),
 * destroyed teams and calls after finalize.
 */
public final class TeamPe {
    public static void main(String[] args) {
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        int n = shmem.nPes();
        Team world = shmem.teamWorld();
        Team shared = shmem.teamShared();
        Expect.equal(me, world.myPe(), "world myPe");
        Expect.equal(n, world.nPes(), "world nPes");
        Expect.equal(n, shared.nPes(), "every PE of this job is on this host");
        Expect.equal(me, world.translatePe(me, shared), "world to shared");
        Expect.equal(0, world.getConfig().numContexts(), "default config");
        Expect.isTrue(world == Shmem.teamWorld(), "facade world is the runtime's");
        SymmetricMemory buf = shmem.calloc(64, 8);

        strided(world, buf, me, n);
        twoD(world, buf, me, n);
        cycles(world, buf, me, n);
        limit(world, n);
        disagreement(world, me, n);
        badSplits(world, n);
        badCollectives(shmem, world, buf, me, n);

        Team t = world.splitStrided(0, 1, n);
        t.destroy();
        Expect.isTrue(!t.isValid(), "destroyed team is not valid");
        Expect.equal(-1, t.nPes(), "destroyed nPes");
        Expect.thrown(ShmemStateException.class, t::sync, "destroyed");
        t.destroy();
        Expect.thrown(ShmemArgumentException.class, world::destroy, "predefined");
        Expect.thrown(ShmemArgumentException.class, shared::destroy, "predefined");
        shmem.free(buf);
        shmem.close();
        Expect.thrown(ShmemStateException.class, world::sync, "finalized");
        Expect.thrown(ShmemStateException.class, () -> world.splitStrided(0, 1, 1), "finalized");
        System.out.println("TEAM OK pe " + me + " of " + n);
    }

    private static void strided(Team world, SymmetricMemory buf, int me, int n) {
        Team odd = world.splitStrided(1 % n, 2, Math.max(1, n / 2), new TeamConfig(3));
        boolean member = n == 1 ? me == 0 : me % 2 == 1;
        Expect.equal(member, odd.isValid(), "odd team membership");
        if (member) {
            int k = n == 1 ? 0 : me / 2;
            Expect.equal(k, odd.myPe(), "odd myPe");
            Expect.equal(Math.max(1, n / 2), odd.nPes(), "odd nPes");
            Expect.equal(3, odd.getConfig().numContexts(), "odd config");
            for (int i = 0; i < odd.nPes(); i++) {
                int global = odd.translatePe(i, world);
                Expect.equal(n == 1 ? 0 : 2 * i + 1, global, "odd to world " + i);
                Expect.equal(i, world.translatePe(global, odd), "world to odd " + i);
            }
            Expect.equal(-1, odd.translatePe(odd.nPes(), world), "PE beyond the team");
            // a split of a split, and a collective on it
            Team sub = odd.splitStrided(0, 1, odd.nPes());
            Expect.equal(odd.myPe(), sub.myPe(), "sub myPe");
            buf.local().setAtIndex(ValueLayout.JAVA_LONG, 0, me);
            sub.reduce(ReduceOp.SUM, DataType.LONG, buf, 1, buf, 0, 1);
            long expect = 0;
            for (int i = 0; i < odd.nPes(); i++) {
                expect += odd.translatePe(i, world);
            }
            Expect.equal(expect, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "sum over the sub team");
            sub.destroy();
            odd.destroy();
        } else {
            Expect.equal(-1, odd.myPe(), "non-member myPe");
            Expect.equal(-1, odd.nPes(), "non-member nPes");
            Expect.equal(-1, world.translatePe(me, odd), "non-member translate");
            Expect.equal(-1, odd.translatePe(0, world), "translate from an invalid team");
            Expect.thrown(ShmemArgumentException.class, odd::sync, "TEAM_INVALID");
            Expect.thrown(ShmemArgumentException.class, odd::getConfig, "TEAM_INVALID");
            Expect.thrown(ShmemArgumentException.class,
                    () -> odd.broadcastmem(buf, 0, buf, 0, 8, 0), "TEAM_INVALID");
            odd.destroy();
        }
        world.sync();
    }

    private static void twoD(Team world, SymmetricMemory buf, int me, int n) {
        Team.Split2d s = world.split2d(2);
        Team x = s.xTeam();
        Team y = s.yTeam();
        Expect.equal(Math.min(2, n - me / 2 * 2), x.nPes(), "x team size");
        Expect.equal(me % 2, x.myPe(), "x myPe");
        Expect.equal((n - me % 2 + 1) / 2, y.nPes(), "y team size");
        Expect.equal(me / 2, y.myPe(), "y myPe");
        Expect.equal(me, x.translatePe(x.myPe(), world), "x to world");
        Expect.equal(me, y.translatePe(y.myPe(), world), "y to world");
        // row broadcast from the row's first PE, column sum
        buf.local().setAtIndex(ValueLayout.JAVA_LONG, 2, 100 + me);
        x.broadcast(ValueLayout.JAVA_LONG, buf, 3, buf, 2, 1, 0);
        Expect.equal(100L + me / 2 * 2, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 3), "row broadcast");
        y.reduce(ReduceOp.SUM, DataType.LONG, buf, 4, buf, 2, 1);
        long expect = 0;
        for (int pe = me % 2; pe < n; pe += 2) {
            expect += 100 + pe;
        }
        Expect.equal(expect, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 4), "column sum");
        x.destroy();
        y.destroy();
        Team.Split2d wide = world.split2d(n + 5);
        Expect.equal(n, wide.xTeam().nPes(), "xRange above the size acts as the size");
        Expect.equal(1, wide.yTeam().nPes(), "columns of one");
        wide.xTeam().destroy();
        wide.yTeam().destroy();
    }

    private static void cycles(Team world, SymmetricMemory buf, int me, int n) {
        for (int c = 0; c < 64; c++) {
            int start = c % n;
            try (Team t = world.splitStrided(start, 1, n - start)) {
                if (me >= start) {
                    buf.local().setAtIndex(ValueLayout.JAVA_LONG, 5, c * 10L + me);
                    t.reduce(ReduceOp.SUM, DataType.LONG, buf, 6, buf, 5, 1);
                    long expect = 0;
                    for (int pe = start; pe < n; pe++) {
                        expect += c * 10L + pe;
                    }
                    Expect.equal(expect, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 6), "cycle " + c);
                } else {
                    Expect.isTrue(!t.isValid(), "cycle " + c + " non-member");
                }
            }
        }
        world.sync();
    }

    private static void limit(Team world, int n) {
        List<Team> teams = new ArrayList<>();
        ShmemStateException full = null;
        for (int i = 0; i < 40 && full == null; i++) {
            try {
                teams.add(world.splitStrided(0, 1, n));
            } catch (ShmemStateException e) {
                full = e;
            }
        }
        Expect.isTrue(full != null, "the team limit was reached");
        Expect.equal(30, teams.size(), "teams before the default limit of 32 (world and shared included)");
        Expect.isTrue(full.getMessage().contains("JSHMEM_TEAMS_MAX"), "limit message names the setting: "
                + full.getMessage());
        for (Team t : teams) {
            t.destroy();
        }
        world.splitStrided(0, 1, n).destroy();
    }

    private static void disagreement(Team world, int me, int n) {
        if (n < 2) {
            return;
        }
        int odd = n - 1;
        Expect.thrown(ShmemArgumentException.class,
                () -> world.splitStrided(0, 1, me == odd ? n - 1 : n), "PEs [" + odd + "]", "size=" + (n - 1));
        Expect.thrown(ShmemArgumentException.class, () -> {
            if (me == odd) {
                world.split2d(1);
            } else {
                world.splitStrided(0, 1, n);
            }
        }, "PEs [" + odd + "]", "split2d(xRange=1)");
        world.sync();
    }

    private static void badSplits(Team world, int n) {
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(0, 0, 2), n >= 2 ? "stride = 0"
                : "size = 2");
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(0, 1, 0), "size = 0");
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(0, 1, n + 1), "size = " + (n + 1));
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(n, 1, 1), "start = " + n);
        Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(-1, 1, 1), "start = -1");
        if (n >= 2) {
            Expect.thrown(ShmemArgumentException.class, () -> world.splitStrided(1, 1, n), "is outside the parent");
        }
        Expect.thrown(ShmemArgumentException.class, () -> world.split2d(0), "xRange = 0");
        world.sync();
    }

    private static void badCollectives(ShmemRuntime shmem, Team world, SymmetricMemory buf, int me, int n) {
        SymmetricMemory data = shmem.malloc(64);
        data.local().fill((byte) 0x3C);
        buf.local().fill((byte) 0x3C);
        shmem.barrierAll();
        Expect.thrown(ShmemArgumentException.class, () -> world.broadcastmem(buf, 0, data, 0, 8, n), "root = " + n);
        Expect.thrown(ShmemArgumentException.class, () -> world.broadcastmem(buf, 0, data, 0, 8, -1), "root = -1");
        Expect.thrown(ShmemArgumentException.class, () -> world.broadcastmem(buf, 0, data, 0, 72, 0), "bytes = 72",
                "64 bytes");
        Expect.thrown(ShmemArgumentException.class, () -> world.broadcastmem(data, 8, data, 0, 32, 0), "overlaps");
        Expect.thrown(ShmemArgumentException.class, () -> world.fcollectmem(data, 8, buf, 0, 64), "destOffset = 8",
                "outside dest");
        Expect.thrown(ShmemArgumentException.class,
                // ranges are checked without multiplying, so a huge count is simply out of range
                () -> world.reduce(ReduceOp.SUM, DataType.LONG, buf, 0, data, 0, Long.MAX_VALUE / 4),
                "count = " + Long.MAX_VALUE / 4, "outside");
        Expect.thrown(ShmemArgumentException.class,
                () -> world.reduce(ReduceOp.SUM, DataType.LONG, buf, 0, data, 0, 9), "count = 9");
        Expect.thrown(ShmemArgumentException.class,
                () -> world.alltoalls(ValueLayout.JAVA_LONG, buf, 0, data, 0, 0, 1, 1), "dst = 0");
        Expect.thrown(ShmemArgumentException.class,
                () -> world.alltoalls(ValueLayout.JAVA_LONG, buf, 0, data, 0, 1, 3, 9), "sst");
        Expect.thrown(ShmemArgumentException.class, () -> world.alltoallmem(buf, 0, buf, 4, 8), "overlaps");
        Expect.thrown(ShmemArgumentException.class, () -> world.broadcastmem(null, 0, data, 0, 8, 0), "dest is null");
        Expect.thrown(ShmemArgumentException.class,
                () -> world.reduce(ReduceOp.SUM, DataType.LONG, buf, -1, data, 0, 1),
                "destIndex = -1");
        // collect: every PE contributes 40 bytes, which together exceed the 64-byte dest on every PE
        if (n >= 2) {
            Expect.thrown(ShmemArgumentException.class, () -> world.collectmem(data, 0, buf, 0, 40),
                    "dest holds only 64");
        }
        SymmetricMemory gone = shmem.malloc(8);
        shmem.free(gone);
        Expect.thrown(ShmemStateException.class, () -> world.broadcastmem(gone, 0, data, 0, 8, 0), "freed");
        shmem.barrierAll();
        Patterns.expectFilled(data.local(), 0, 64, (byte) 0x3C, "data untouched by rejected calls");
        Patterns.expectFilled(buf.local(), 0, buf.byteSize(), (byte) 0x3C, "buf untouched by rejected calls");
        // the team still works
        data.local().setAtIndex(ValueLayout.JAVA_LONG, 0, me + 1);
        world.reduce(ReduceOp.SUM, DataType.LONG, data, 1, data, 0, 1);
        Expect.equal((long) n * (n + 1) / 2, data.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "sum after bad input");
        shmem.free(data);
    }
}
