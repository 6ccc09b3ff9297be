package io.jshmem.team;

import java.util.Arrays;

/**
 * What one PE knows about one team it belongs to: its members (global PE numbers in team order), this PE's index,
 * the slot of its synchronization words and its configuration. Immutable apart from the destroyed flag, which is
 * published volatile; thread-safe.
 */
public final class TeamState {
    private final String name;
    private final int[] members;
    private final int myIndex;
    private final int slot;
    private final int numContexts;
    private final int start;
    private final int stride;
    private volatile boolean destroyed;

    /**
     * @param name    how messages name the team, e.g. "TEAM_WORLD" or "team (start 0, stride 2, size 3 of TEAM_WORLD)"
     * @param members global PE numbers in team order; this PE among them
     * @param start   global PE number of member 0 when the members form an arithmetic sequence (else -1)
     * @param stride  global stride of that sequence (else 0)
     */
    public TeamState(String name, int[] members, int myIndex, int slot, int numContexts, int start, int stride) {
        this.name = name;
        this.members = members.clone();
        this.myIndex = myIndex;
        this.slot = slot;
        this.numContexts = numContexts;
        this.start = start;
        this.stride = stride;
    }

    public String name() {
        return name;
    }

    public int size() {
        return members.length;
    }

    public int myIndex() {
        return myIndex;
    }

    /** Global PE number of member {@code index}. */
    public int member(int index) {
        return members[index];
    }

    /** A copy of the member list (global PE numbers in team order). */
    public int[] members() {
        return members.clone();
    }

    /** Team index of global PE {@code pe}, or -1 when it is not a member. */
    public int indexOf(int pe) {
        if (stride > 0) {
            int d = pe - start;
            if (d < 0 || d % stride != 0 || d / stride >= members.length) {
                return -1;
            }
            return d / stride;
        }
        for (int i = 0; i < members.length; i++) {
            if (members[i] == pe) {
                return i;
            }
        }
        return -1;
    }

    public int slot() {
        return slot;
    }

    /** Heap offset of the team's slot. */
    public long base() {
        return TeamLayout.slotBase(slot);
    }

    public int numContexts() {
        return numContexts;
    }

    public boolean isDestroyed() {
        return destroyed;
    }

    public void markDestroyed() {
        destroyed = true;
    }

    @Override
    public String toString() {
        return name + " " + Arrays.toString(members);
    }
}
