package io.jshmem.it.pe.fuzz;

import io.jshmem.ShmemRuntime;
import io.jshmem.Team;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The teams the collective fuzz runs on, one of each kind: world, shared, a strided split (the odd PEs), the row and
 * column teams of a 2-D split two PEs wide, a one-PE team on every PE, and a destroyed team. Created collectively
 * (every PE constructs this at the same point). Every PE knows every PE's team of each kind ({@link Kind#members}),
 * so it can update the model of PEs whose team it is not in.
 */
final class FuzzTeams {
    /** A kind of team: this PE's team of that kind (invalid when not a member) and the members of PE p's team. */
    record Kind(String label, Team team, IntFunction<int[]> members, boolean destroyed) {
        /** World PE numbers of PE {@code p}'s team of this kind, in team order; empty when p is in none. */
        int[] of(int p) {
            return members.apply(p);
        }
    }

    final List<Kind> kinds = new ArrayList<>();

    FuzzTeams(ShmemRuntime rt) {
        int n = rt.nPes();
        int me = rt.myPe();
        Team world = rt.teamWorld();
        int[] all = range(0, n, 1);
        kinds.add(new Kind("world", world, p -> all, false));
        if (rt.teamShared().nPes() == n) {
            kinds.add(new Kind("shared", rt.teamShared(), p -> all, false));
        }
        if (n >= 2) {
            int[] odd = range(1, n, 2);
            kinds.add(new Kind("odd split", world.splitStrided(1, 2, n / 2), p -> p % 2 == 1 ? odd : new int[0],
                    false));
        }
        Team.Split2d grid = world.split2d(2);
        kinds.add(new Kind("2-D row", grid.xTeam(), p -> range(p / 2 * 2, Math.min(n, p / 2 * 2 + 2), 1), false));
        kinds.add(new Kind("2-D column", grid.yTeam(), p -> range(p % 2, n, 2), false));
        Team single = world.split2d(1).xTeam();
        kinds.add(new Kind("one-PE", single, p -> new int[] {p}, false));
        Team gone = world.splitStrided(0, 1, n);
        gone.destroy();
        kinds.add(new Kind("destroyed", gone, p -> new int[0], true));
        for (Kind k : kinds) {
            int[] mine = k.of(me);
            int index = indexOf(mine, me);
            if (!k.destroyed() && (k.team().isValid() != (index >= 0) || k.team().myPe() != index
                    || (index >= 0 && k.team().nPes() != mine.length))) {
                throw new AssertionError("the fuzz's model of the " + k.label() + " team disagrees with " + k.team());
            }
        }
    }

    /** A team kind drawn from the shared seed: world most often, the destroyed team rarely. */
    Kind draw(FuzzArgs args) {
        int r = args.below(100);
        if (r < 30) {
            return kinds.get(0);
        }
        if (r < 35) {
            return kinds.get(kinds.size() - 1);
        }
        return kinds.get(1 + args.below(kinds.size() - 2));
    }

    static int indexOf(int[] members, int pe) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == pe) {
                return i;
            }
        }
        return -1;
    }

    private static int[] range(int from, int to, int step) {
        List<Integer> r = new ArrayList<>();
        for (int p = from; p < to; p += step) {
            r.add(p);
        }
        return r.stream().mapToInt(Integer::intValue).toArray();
    }
}
