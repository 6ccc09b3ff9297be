package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

/**
 * Collectives called differently on different PEs, on purpose. {@code args[0]} names the mistake, {@code args[1]}
 * the team: {@code world}, or {@code split} (PEs 0 and 1 of a world of 3; PE 2 stays out of the team and only
 * finalizes). PE 0 and PE 1 of the team diverge:
 * <ul>
 *   <li>{@code lone}: PE 0 broadcasts 8 bytes from root 0 alone, then every PE finalizes;</li>
 *   <li>{@code lone-reduce}: PE 0 broadcasts alone, then every PE calls barrierAll and a sum reduction;</li>
 *   <li>{@code swapped}: PE 0 broadcasts then reduces, PE 1 reduces then broadcasts;</li>
 *   <li>{@code barrier-broadcast}: PE 0 calls the team's barrier, PE 1 a broadcast from root 0;</li>
 *   <li>{@code roots}: PE 0 broadcasts from root 0, PE 1 from root 1, then both call the team's barrier;</li>
 *   <li>{@code sizes}: a broadcast from root 0 of 8 bytes on PE 0, of 16 bytes on PE 1;</li>
 *   <li>{@code destroy}: PE 0 broadcasts alone on the split team, then its members destroy it.</li>
 * </ul>
 * Each PE prints {@code CAUGHT <ms> <message>} when a call fails ({@code ms} since the divergence), {@code
 * FINALIZE-FAILED <message>} when finalize fails, {@code FINALIZED <ms>} (finalize's time) and {@code DONE <ms>} (since
 * the divergence); it exits non-zero on either failure.
 */
public final class MismatchedCollectivesPe {
    public static void main(String[] args) {
        String what = args[0];
        boolean split = args[1].equals("split");
        ShmemRuntime rt = Shmem.init();
        int me = rt.myPe();
        SymmetricMemory src = rt.calloc(8, Long.BYTES);
        SymmetricMemory dst = rt.calloc(8, Long.BYTES);
        Team team = split ? rt.teamWorld().splitStrided(0, 1, 2) : rt.teamWorld();
        rt.barrierAll();
        RuntimeException failure = null;
        long t0 = System.nanoTime();
        try {
            if (team.isValid()) {
                diverge(rt, team, team.myPe(), what, src, dst);
            } else if (what.equals("lone-reduce")) {
                rt.barrierAll();
            }
            System.out.println("RETURNED " + (System.nanoTime() - t0) / 1_000_000);
        } catch (RuntimeException e) {
            failure = e;
            System.out.println("CAUGHT " + (System.nanoTime() - t0) / 1_000_000 + " " + oneLine(e));
        }
        long f0 = System.nanoTime();
        try {
            rt.close();
        } catch (RuntimeException e) {
            System.out.println("FINALIZE-FAILED " + oneLine(e));
            if (failure == null) {
                failure = e;
            }
        }
        System.out.println("FINALIZED " + (System.nanoTime() - f0) / 1_000_000);
        System.out.println("DONE " + (System.nanoTime() - t0) / 1_000_000);
        if (failure != null) {
            throw failure;
        }
        System.out.println("EXIT-ZERO pe " + me);
    }

    private static void diverge(ShmemRuntime rt, Team team, int me, String what, SymmetricMemory src,
                                SymmetricMemory dst) {
        switch (what) {
            case "lone" -> {
                if (me == 0) {
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                }
            }
            case "lone-reduce" -> {
                if (me == 0) {
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                }
                rt.barrierAll();
                team.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, 4);
            }
            case "swapped" -> {
                if (me == 0) {
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                    team.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, 4);
                } else {
                    team.reduce(ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, 4);
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                }
            }
            case "barrier-broadcast" -> {
                if (me == 0) {
                    team.barrier();
                } else {
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                }
            }
            case "roots" -> {
                team.broadcastmem(dst, 0, src, 0, 8, me);
                team.barrier();
            }
            case "sizes" -> team.broadcastmem(dst, 0, src, 0, me == 0 ? 8 : 16, 0);
            case "destroy" -> {
                if (me == 0) {
                    team.broadcastmem(dst, 0, src, 0, 8, 0);
                }
                team.destroy();
            }
            default -> throw new IllegalArgumentException("unknown case " + what);
        }
    }

    private static String oneLine(Throwable e) {
        return e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replace('\n', ' ');
    }
}
