package io.jshmem.team;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The arithmetic of team splits, shared by every member of the parent: given the split records all of them
 * published (epoch, operation, three arguments, then the free-slot bitmap, one word per 64 slots), decide whether they agree, which PEs form the new
 * team(s), and which slot each new team uses. Every member computes from the same records, so every member reaches
 * the same verdict and the same slots without further messages. Stateless and thread-safe.
 */
public final class SplitPlan {
    public static final long STRIDED = 1;
    public static final long TWO_D = 2;
    /** Words of a record before its free-slot bitmap: epoch, operation and the three arguments. */
    public static final int MASK = 5;

    /** A new team: its members as global PE numbers and its slot. */
    public record NewTeam(int[] members, int slot) {
    }

    private SplitPlan() {
    }

    /**
     * Throws on every member, with the same message, when the records differ in anything but the free-slot mask:
     * the PEs outside the largest group of identical records are named, with what each of them passed.
     */
    public static void checkAgreement(String parentName, int[] parentMembers, long[][] records) {
        Map<List<Long>, List<Integer>> groups = new HashMap<>();
        for (int i = 0; i < records.length; i++) {
            groups.computeIfAbsent(key(records[i]), k -> new ArrayList<>()).add(i);
        }
        if (groups.size() == 1) {
            return;
        }
        List<Integer> reference = groups.get(key(records[0]));
        for (List<Integer> g : groups.values()) {
            if (g.size() > reference.size()) {
                reference = g;
            }
        }
        List<Integer> differ = new ArrayList<>();
        for (int i = 0; i < records.length; i++) {
            if (!reference.contains(i)) {
                differ.add(parentMembers[i]);
            }
        }
        long[] ref = records[reference.get(0)];
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < records.length; i++) {
            sb.append(i == 0 ? "" : "; ").append("PE ").append(parentMembers[i]).append(": ")
                    .append(describe(records[i], ref[0]));
        }
        throw new ShmemArgumentException("team splits are collective over the parent team (" + parentName
                + ") and every member must make the same split call with the same arguments, but PEs " + differ
                + " differ from the others: " + sb + "; call the same split with identical arguments on every "
                + "member of the parent (no team was created)");
    }

    private static List<Long> key(long[] r) {
        return List.of(r[0], r[1], r[2], r[3], r[4]);
    }

    private static String describe(long[] r, long epoch) {
        String call;
        if (r[1] == STRIDED) {
            call = "splitStrided(start=" + r[2] + ", stride=" + r[3] + ", size=" + r[4] + ")";
        } else if (r[1] == TWO_D) {
            call = "split2d(xRange=" + r[2] + ")";
        } else {
            call = "no split";
        }
        return r[0] == epoch ? call : call + " (not this call: its record is from collective #" + r[0]
                + ", the others' from #" + epoch + ")";
    }

    /**
     * Parent indices of a strided split, after checking the arguments against the parent's size: member i of the
     * new team is parent index {@code start + i*stride}. A negative stride lists the parent's PEs in reverse order
     * (OpenSHMEM 1.6: start is then the highest of them); a stride of 0 is accepted only for a one-member team.
     * Every index must lie in the parent, so no sequence wraps around.
     */
    public static int[] stridedIndices(int parentSize, long start, long stride, long size) {
        if (start < 0 || start >= parentSize) {
            throw new ShmemArgumentException("start = " + start + " is outside the parent team: valid range is 0.."
                    + (parentSize - 1) + " (parent size " + parentSize + "); pass a member's index in the parent");
        }
        if (size < 1 || size > parentSize) {
            throw new ShmemArgumentException("size = " + size + " is invalid: valid range is 1.." + parentSize
                    + " (the parent's size); pass the number of PEs the new team should have");
        }
        if (stride == 0 && size != 1) {
            throw new ShmemArgumentException("stride = 0 is invalid with size = " + size + ": a stride of 0 names one"
                    + " PE, so it needs size 1; pass the distance between consecutive members in the parent"
                    + " (negative for reverse order)");
        }
        long last = start + (size - 1) * stride; // |stride| and size fit in int: no overflow in a long
        if (last < 0 || last >= parentSize) {
            throw new ShmemArgumentException("start + (size-1)*stride = " + start + " + " + (size - 1) + "*"
                    + stride + " = " + last + " is outside the parent team: valid is 0.." + (parentSize - 1)
                    + " (parent size " + parentSize + "; sequences do not wrap around); reduce size or |stride|");
        }
        int[] idx = new int[(int) size];
        for (int i = 0; i < size; i++) {
            idx[i] = (int) (start + i * stride);
        }
        return idx;
    }

    /**
     * The new team of a strided split and its slot, or null when parent member {@code myIndex} is not in it.
     * Throws (on every member alike) when no slot is free on all new members.
     */
    public static NewTeam planStrided(int[] parentMembers, long[][] records, int myIndex) {
        long[] r = records[0];
        int[] idx = stridedIndices(parentMembers.length, r[2], r[3], r[4]);
        int slot = commonSlot(records, idx, null);
        if (slot < 0) {
            throw exhausted("splitStrided(start=" + r[2] + ", stride=" + r[3] + ", size=" + r[4] + ")",
                    parentMembers, records, idx);
        }
        if (Arrays.stream(idx).noneMatch(i -> i == myIndex)) {
            return null;
        }
        return new NewTeam(globals(parentMembers, idx), slot);
    }

    /**
     * The x-team (row) and y-team (column) of parent member {@code myIndex} in a 2-D split of width
     * {@code xRange} (clamped to the parent size): element 0 the x-team, element 1 the y-team.
     */
    public static NewTeam[] plan2d(int[] parentMembers, long[][] records, int myIndex) {
        int n = parentMembers.length;
        long xr = records[0][2];
        if (xr < 1) {
            throw new ShmemArgumentException("xRange = " + xr + " is invalid: valid values are 1 or more (values"
                    + " above the parent size " + n + " act as " + n + "); pass the width of a row");
        }
        int x = (int) Math.min(xr, n);
        int rows = (n + x - 1) / x;
        int[] rowSlot = new int[rows];
        for (int row = 0; row < rows; row++) {
            int[] idx = rowIndices(n, x, row);
            rowSlot[row] = commonSlot(records, idx, null);
            if (rowSlot[row] < 0) {
                throw exhausted("split2d(xRange=" + xr + ") row " + row, parentMembers, records, idx);
            }
        }
        int[] colSlot = new int[x];
        for (int col = 0; col < x; col++) {
            int[] idx = colIndices(n, x, col);
            int[] taken = new int[n];
            for (int i : idx) {
                taken[i] = rowSlot[i / x];
            }
            colSlot[col] = commonSlot(records, idx, taken);
            if (colSlot[col] < 0) {
                throw exhausted("split2d(xRange=" + xr + ") column " + col, parentMembers, records, idx);
            }
        }
        int myRow = myIndex / x;
        int myCol = myIndex % x;
        return new NewTeam[] {
            new NewTeam(globals(parentMembers, rowIndices(n, x, myRow)), rowSlot[myRow]),
            new NewTeam(globals(parentMembers, colIndices(n, x, myCol)), colSlot[myCol])};
    }

    static int[] rowIndices(int n, int x, int row) {
        int from = row * x;
        int to = Math.min(n, from + x);
        int[] idx = new int[to - from];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = from + i;
        }
        return idx;
    }

    static int[] colIndices(int n, int x, int col) {
        int count = (n - col + x - 1) / x;
        int[] idx = new int[count];
        for (int i = 0; i < count; i++) {
            idx[i] = col + i * x;
        }
        return idx;
    }

    /**
     * Lowest slot free on every listed member (without slot {@code taken[i]} of member i), or -1. Words 5.. of a
     * record are the member's free-slot bitmap.
     */
    private static int commonSlot(long[][] records, int[] idx, int[] taken) {
        int words = records[idx[0]].length - MASK;
        for (int w = 0; w < words; w++) {
            long mask = -1L;
            for (int i : idx) {
                long bits = records[i][MASK + w];
                if (taken != null && taken[i] >>> 6 == w) {
                    bits &= ~(1L << taken[i]);
                }
                mask &= bits;
            }
            if (mask != 0) {
                return 64 * w + Long.numberOfTrailingZeros(mask);
            }
        }
        return -1;
    }

    private static boolean noneFree(long[] record) {
        for (int w = MASK; w < record.length; w++) {
            if (record[w] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int[] globals(int[] parentMembers, int[] idx) {
        int[] g = new int[idx.length];
        for (int i = 0; i < idx.length; i++) {
            g[i] = parentMembers[idx[i]];
        }
        return g;
    }

    private static ShmemStateException exhausted(String what, int[] parentMembers, long[][] records, int[] idx) {
        List<Integer> full = new ArrayList<>();
        for (int i : idx) {
            if (noneFree(records[i])) {
                full.add(parentMembers[i]);
            }
        }
        String who = full.isEmpty()
                ? "every member has free slots, but none is free on all of them (teams created and destroyed in"
                        + " different orders on different PEs)"
                : "PEs " + full + " already hold as many teams as JSHMEM_TEAMS_MAX allows";
        return new ShmemStateException(what + " cannot create its team: no team slot is free on all of its "
                + "members: " + who + "; destroy teams that are no longer needed, or raise JSHMEM_TEAMS_MAX (at most "
                + TeamLayout.MAX_SLOTS + ") (no team was created)");
    }
}
