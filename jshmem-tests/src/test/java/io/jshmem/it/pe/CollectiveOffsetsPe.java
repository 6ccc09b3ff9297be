package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.IntUnaryOperator;

/**
 * Every team collective with non-zero destination and source positions, on every kind of team (world, shared, a
 * strided split, the row and column teams of a 2-D split, one-PE teams, a destroyed team): after each call the whole
 * destination block is compared with a model, so data must land exactly at the position asked for and the bytes
 * before and after it keep their canaries. collect is also run with per-member counts that differ (zeros included),
 * with a total that does not fit (every member throws, nothing written on any), with members that disagree on dest
 * (the same), with a position past the block, and in place; the team must work after each. Prints
 * {@code COLLECTIVE OFFSETS OK pe P of N}.
 */
public final class CollectiveOffsetsPe {
    private static final int ELEMS = 96;
    private static final long BYTES = ELEMS * 8L;

    private final ShmemRuntime rt;
    private final SymmetricMemory dest;
    private final SymmetricMemory source;
    private final int me;
    private int checks;

    private CollectiveOffsetsPe(ShmemRuntime rt) {
        this.rt = rt;
        this.dest = rt.malloc(BYTES);
        this.source = rt.malloc(BYTES);
        this.me = rt.myPe();
    }

    public static void main(String[] args) {
        ShmemRuntime rt = Shmem.init();
        CollectiveOffsetsPe run = new CollectiveOffsetsPe(rt);
        int n = rt.nPes();
        Team world = rt.teamWorld();
        run.all(world, "world");
        run.all(rt.teamShared(), "shared");
        // A strided split: the odd PEs (one PE at 2 or 3 PEs); the even PEs get an invalid team.
        Team odd = world.splitStrided(1, 2, n / 2);
        run.member(odd, "odd split");
        Team.Split2d grid = world.split2d(2);
        run.member(grid.xTeam(), "2-D row");
        run.member(grid.yTeam(), "2-D column");
        Team.Split2d singles = world.split2d(1);
        run.member(singles.xTeam(), "one-PE row");
        Team last = world.splitStrided(n - 1, 1, 1);
        run.member(last, "one-PE split");
        run.destroyed(world);
        odd.destroy();
        grid.xTeam().destroy();
        grid.yTeam().destroy();
        singles.xTeam().destroy();
        singles.yTeam().destroy();
        last.destroy();
        rt.close();
        System.out.println("COLLECTIVE OFFSETS OK pe " + run.me + " of " + n + " checks " + run.checks);
    }

    /** Runs every case on {@code team} when this PE is a member; non-members have an invalid team. */
    private void member(Team team, String label) {
        if (team.isValid()) {
            all(team, label);
        }
        rt.barrierAll();
    }

    private void all(Team t, String label) {
        int tn = t.nPes();
        int tm = t.myPe();
        String at = label + " (team PE " + tm + " of " + tn + ")";

        // collect, typed: per-member counts differ and some are 0.
        IntUnaryOperator counts = k -> (k * 3 + 1) % 5;
        byte[] expect = prepare(t);
        long total = 0;
        for (int k = 0; k < tn; k++) {
            for (int j = 0; j < counts.applyAsInt(k); j++) {
                putLong(expect, 5 + total + j, value(k, 3 + j));
            }
            total += counts.applyAsInt(k);
        }
        long got = t.collect(ValueLayout.JAVA_LONG, dest, 5, source, 3, counts.applyAsInt(tm));
        Expect.equal(total, got, at + ": collect's total");
        verify(expect, at + ": collect at destIndex 5, sourceIndex 3");

        // collect in place at destIndex 5: each member's block already sits at its place in dest.
        expect = prepare(t);
        long mine = 0;
        total = 0;
        for (int k = 0; k < tn; k++) {
            if (k == tm) {
                mine = total;
            }
            for (int j = 0; j < counts.applyAsInt(k); j++) {
                putLong(expect, 5 + total + j, value(k, 100 + j));
            }
            total += counts.applyAsInt(k);
        }
        for (int j = 0; j < counts.applyAsInt(tm); j++) {
            dest.local().setAtIndex(ValueLayout.JAVA_LONG, 5 + mine + j, value(tm, 100 + j));
        }
        got = t.collect(ValueLayout.JAVA_LONG, dest, 5, dest, 5 + mine, counts.applyAsInt(tm));
        Expect.equal(total, got, at + ": in-place collect's total");
        verify(expect, at + ": collect in place at destIndex 5");

        // collectmem through the facade: byte offsets that are not multiples of 8.
        expect = prepare(t);
        total = 0;
        for (int k = 0; k < tn; k++) {
            byte[] src = sourceBytes(k);
            System.arraycopy(src, 7, expect, (int) (13 + total), k + 2);
            total += k + 2;
        }
        got = Shmem.collectmem(t, dest, 13, source, 7, tm + 2);
        Expect.equal(total, got, at + ": collectmem's total");
        verify(expect, at + ": facade collectmem at destOffset 13, sourceOffset 7");

        // fcollect and fcollectmem.
        expect = prepare(t);
        for (int k = 0; k < tn; k++) {
            for (int j = 0; j < 3; j++) {
                putLong(expect, 7 + k * 3 + j, value(k, 2 + j));
            }
        }
        t.fcollect(ValueLayout.JAVA_LONG, dest, 7, source, 2, 3);
        verify(expect, at + ": fcollect at destIndex 7, sourceIndex 2");
        expect = prepare(t);
        for (int k = 0; k < tn; k++) {
            System.arraycopy(sourceBytes(k), 5, expect, 9 + k * 6, 6);
        }
        Shmem.fcollectmem(t, dest, 9, source, 5, 6);
        verify(expect, at + ": facade fcollectmem at destOffset 9, sourceOffset 5");

        // broadcast and broadcastmem.
        expect = prepare(t);
        for (int j = 0; j < 4; j++) {
            putLong(expect, 9 + j, value(tn - 1, 2 + j));
        }
        t.broadcast(ValueLayout.JAVA_LONG, dest, 9, source, 2, 4, tn - 1);
        verify(expect, at + ": broadcast at destIndex 9, sourceIndex 2, root " + (tn - 1));
        expect = prepare(t);
        System.arraycopy(sourceBytes(0), 11, expect, 3, 10);
        Shmem.broadcastmem(t, dest, 3, source, 11, 10, 0);
        verify(expect, at + ": facade broadcastmem at destOffset 3, sourceOffset 11");

        // alltoall and alltoalls.
        expect = prepare(t);
        for (int k = 0; k < tn; k++) {
            for (int j = 0; j < 2; j++) {
                putLong(expect, 4 + k * 2 + j, value(k, 1 + tm * 2 + j));
            }
        }
        t.alltoall(ValueLayout.JAVA_LONG, dest, 4, source, 1, 2);
        verify(expect, at + ": alltoall at destIndex 4, sourceIndex 1");
        if (tn <= 6) {
            expect = prepare(t);
            for (int k = 0; k < tn; k++) {
                for (int j = 0; j < 2; j++) {
                    putLong(expect, 6 + 2L * (k * 2 + j), value(k, 1 + 3 * (tm * 2 + j)));
                }
            }
            t.alltoalls(ValueLayout.JAVA_LONG, dest, 6, source, 1, 2, 3, 2);
            verify(expect, at + ": alltoalls at destIndex 6, sourceIndex 1, dst 2, sst 3");
        }
        expect = prepare(t);
        for (int k = 0; k < tn; k++) {
            System.arraycopy(sourceBytes(k), 3 + tm * 5, expect, 17 + k * 5, 5);
        }
        Shmem.alltoallmem(t, dest, 17, source, 3, 5);
        verify(expect, at + ": facade alltoallmem at destOffset 17, sourceOffset 3");

        // Reductions and scans.
        expect = prepare(t);
        for (int j = 0; j < 5; j++) {
            long sum = 0;
            for (int k = 0; k < tn; k++) {
                sum += value(k, 4 + j);
            }
            putLong(expect, 10 + j, sum);
        }
        t.reduce(ReduceOp.SUM, DataType.LONG, dest, 10, source, 4, 5);
        verify(expect, at + ": sum reduce at destIndex 10, sourceIndex 4");
        expect = prepare(t);
        for (int j = 0; j < 3; j++) {
            long prefix = 0;
            for (int k = 0; k <= tm; k++) {
                prefix += value(k, j);
            }
            putLong(expect, 12 + j, prefix);
        }
        Shmem.sumInscan(t, DataType.LONG, dest, 12, source, 0, 3);
        verify(expect, at + ": facade sumInscan at destIndex 12");

        rejectedCollects(t, at, tn, tm);
    }

    /** collect calls that must throw on every member with nothing written on any; the team works afterwards. */
    private void rejectedCollects(Team t, String at, int tn, int tm) {
        // The total does not fit from destIndex: known only after the exchange, so every member fails together.
        byte[] expect = prepare(t);
        int each = tn == 1 ? 3 : 2;
        Expect.thrown(ShmemArgumentException.class,
                () -> t.collect(ValueLayout.JAVA_LONG, dest, ELEMS - 2, source, 0, each), "collect gathers",
                "dest holds only 2 elements");
        t.barrier();
        verify(expect, at + ": a collect whose total does not fit wrote nothing");

        // Members that disagree on destIndex: every member throws, nothing written.
        if (tn > 1) {
            long destIndex = tm == 0 ? 1 : 5;
            Expect.thrown(ShmemArgumentException.class,
                    () -> t.collect(ValueLayout.JAVA_LONG, dest, destIndex, source, 0, 1), "dest differs");
            t.barrier();
            verify(expect, at + ": a collect with members disagreeing on destIndex wrote nothing");
        }

        // A position past dest's end is rejected at the call (every member passes it, so none waits).
        Expect.thrown(ShmemArgumentException.class,
                () -> t.collect(ValueLayout.JAVA_LONG, dest, ELEMS + 1, source, 0, 0), "destIndex = " + (ELEMS + 1),
                "valid is 0.." + ELEMS);
        Expect.thrown(ShmemArgumentException.class,
                () -> t.collectmem(dest, -1, source, 0, 1), "destOffset = -1");
        verify(expect, at + ": a collect past dest wrote nothing");

        // The end of dest is a valid position for an empty total; a total that exactly fills dest works.
        Expect.equal(0L, t.collect(ValueLayout.JAVA_LONG, dest, ELEMS, source, 0, 0), at + ": empty collect at the end");
        verify(expect, at + ": an empty collect at dest's end wrote nothing");
        expect = prepare(t);
        for (int k = 0; k < tn; k++) {
            putLong(expect, ELEMS - tn + k, value(k, 8));
        }
        Expect.equal((long) tn, t.collect(ValueLayout.JAVA_LONG, dest, ELEMS - tn, source, 8, 1),
                at + ": collect filling dest to its end");
        verify(expect, at + ": collect filling dest to its end");
    }

    /** Collectives on a destroyed team: a clear error, nothing written. */
    private void destroyed(Team world) {
        Team t = world.splitStrided(0, 1, world.nPes());
        t.destroy();
        byte[] expect = prepare(world);
        Expect.thrown(ShmemStateException.class,
                () -> t.collect(ValueLayout.JAVA_LONG, dest, 5, source, 0, 1), "destroyed");
        Expect.thrown(ShmemStateException.class,
                () -> t.fcollect(ValueLayout.JAVA_LONG, dest, 5, source, 0, 1), "destroyed");
        Expect.thrown(ShmemStateException.class,
                () -> Shmem.broadcastmem(t, dest, 3, source, 0, 1, 0), "destroyed");
        Expect.thrown(ShmemStateException.class,
                () -> t.alltoall(ValueLayout.JAVA_LONG, dest, 4, source, 0, 1), "destroyed");
        Expect.thrown(ShmemStateException.class,
                () -> t.reduce(ReduceOp.SUM, DataType.LONG, dest, 1, source, 0, 1), "destroyed");
        world.barrier();
        verify(expect, "destroyed team: nothing written");
    }

    // ---- model ----------------------------------------------------------------------------------------------

    /** Waits until no member still uses dest or source, then fills dest with canaries and source with values. */
    private byte[] prepare(Team t) {
        t.barrier();
        MemorySegment d = dest.local();
        MemorySegment s = source.local();
        int tm = t.myPe();
        for (int i = 0; i < ELEMS; i++) {
            d.setAtIndex(ValueLayout.JAVA_LONG, i, canary(i));
            s.setAtIndex(ValueLayout.JAVA_LONG, i, value(tm, i));
        }
        t.barrier();
        return d.toArray(ValueLayout.JAVA_BYTE);
    }

    private void verify(byte[] expect, String what) {
        checks++;
        byte[] actual = dest.local().toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != expect[i]) {
                throw Expect.failure("PE " + me + " " + what + ": dest byte " + i + " (element " + i / 8 + ") is "
                        + actual[i] + ", expected " + expect[i] + (isCanary(expect, i) ? " (a canary: written "
                        + "outside the range asked for)" : " (data)"), null);
            }
        }
    }

    private boolean isCanary(byte[] expect, int i) {
        return MemorySegment.ofArray(expect).get(ValueLayout.JAVA_LONG_UNALIGNED, i / 8 * 8L) == canary(i / 8);
    }

    private long canary(int i) {
        return 0xC0DE_0000_0000_0000L | (long) me << 32 | i;
    }

    private static long value(int teamPe, long i) {
        return (teamPe + 1) * 1_000_000L + i;
    }

    private static byte[] sourceBytes(int teamPe) {
        MemorySegment s = MemorySegment.ofArray(new long[ELEMS]);
        for (int i = 0; i < ELEMS; i++) {
            s.setAtIndex(ValueLayout.JAVA_LONG, i, value(teamPe, i));
        }
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    private static void putLong(byte[] bytes, long index, long v) {
        MemorySegment.ofArray(bytes).set(ValueLayout.JAVA_LONG_UNALIGNED, index * 8, v);
    }
}
