package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.memory.HeapLayout;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamState;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Whether the members of one team called the same collectives in the same order, with the same root and size: each
 * call's descriptor (operation, reduction operator, root, size, data type) is folded into a running 32-bit digest
 * of the team's calls so far, and every member publishes, in its team slot, its call count (the collective epoch)
 * with that digest in one word ({@link TeamLayout#EPOCH}, stored by the team channel) and the current call's
 * descriptor in another
 * ({@link TeamLayout#MATCH_DESC}, for messages). Each member also keeps its own last {@link #HISTORY} digests and
 * descriptors. A member at call {@code t} whose digest differs from this PE's digest after its own call {@code t}
 * made another call somewhere before or at {@code t}: a certain mismatch, found from either side that has reached
 * {@code t}. So is a member in finalize that made fewer calls than this PE is in.
 *
 * <p>Cost: {@link #enter} does the digest arithmetic, two stores into private arrays and one store into this PE's
 * slot (the epoch word that carries the digest is one the channel stores anyway): the channel's entry stays small
 * enough for the JIT to inline it into every collective. Reading the members' words ({@link #diverged}) happens only on the slow
 * path of a wait and at finalize. Once a mismatch is found, the finder writes a record of it into every member's
 * {@link TeamLayout#MISMATCH} word: members waiting on the team see it at their next check, members that are not
 * at their next wait on the team or at finalize. Not thread-safe: the API serializes collectives on a team.
 */
public final class CollectiveMatch {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Calls remembered here; a member further behind than this cannot be compared (it is then just "late"). */
    static final int HISTORY = 64;
    private static final int MASK = HISTORY - 1;
    private static final long NO_ROOT = 0xffff;
    private static final long SIZE_MASK = 0xffff_ffffL;
    /**
     * Set in a mismatch word instead of a mismatch record: a member's collective on the team passed its deadline
     * (and threw there). The members' calls then no longer agree, and that was reported where it happened.
     */
    private static final long TIMED_OUT = 1L << 63;

    private final Comm comm;
    private final TeamState team;
    private final int[] members;
    private final int me;
    private final long base;
    private final MemorySegment local;
    /** TEAM_WORLD, whose calls are also ordered with the world operations (barrierAll, syncAll, malloc/free). */
    private final boolean worldTeam;
    private final long[] descs = new long[HISTORY];
    private final int[] digests = new int[HISTORY];
    private long calls;
    private int digest;

    CollectiveMatch(Comm comm, TeamState team) {
        this.comm = comm;
        this.team = team;
        this.members = team.members();
        this.me = team.myIndex();
        this.base = team.base();
        this.local = comm.localHeap();
        this.worldTeam = team.slot() == TeamLayout.WORLD_SLOT;
    }

    /** barrierAll, syncAll or malloc/free: an operation of every PE through the world barrier, not finalize. */
    private static boolean inWorldOperation(long code) {
        return code != CollectiveActivity.NONE && code != CollectiveActivity.FINALIZE && (code >>> 16) == 0;
    }

    /**
     * For a slow wait of a world operation (barrierAll, syncAll, malloc/free): the mismatch a member recorded on
     * TEAM_WORLD (it waits in a TEAM_WORLD collective this PE passed over for the world operation), or null. One
     * load of this PE's heap.
     */
    public static String recordedOnWorld(Comm comm) {
        long flag = (long) LONG.getAcquire(comm.localHeap(), TeamLayout.slotBase(TeamLayout.WORLD_SLOT)
                + TeamLayout.MISMATCH);
        if (flag <= 0) {
            return null;
        }
        int finder = (int) ((flag & 0xff_ffffL) - 1);
        return "PE " + finder + " found that the PEs called TEAM_WORLD's collectives and the world operations"
                + " (barrierAll, syncAll, malloc/free) in different orders, from TEAM_WORLD call " + (flag >>> 24)
                + " on; every PE must call them in the same order (raising JSHMEM_TIMEOUT will not help)";
    }

    /**
     * Records call {@code epoch} (the previous one plus one) and publishes its descriptor; returns the digest of the
     * calls up to it, which the caller publishes with the epoch ({@link TeamLayout#epochWord}) by a release store
     * after this. {@code code} is its {@link CollectiveActivity} code (slot bits ignored), {@code root} the root's
     * team index or -1, {@code size} the bytes every member must pass alike (0 where they may differ), {@code type}
     * a further value that must agree (the data type of a reduction) or 0. Kept small (one store, no check): a
     * member's record of a mismatch is read on the slow path of a wait and at finalize.
     */
    int enter(long epoch, int code, int root, long size, int type) {
        long desc = describe(code, root, size);
        int d = fold(digest, desc, size, type);
        int i = (int) epoch & MASK;
        descs[i] = desc;
        digests[i] = d;
        digest = d;
        calls = epoch;
        LONG.set(local, base + TeamLayout.MATCH_DESC, desc);
        return d;
    }

    private static long describe(int code, int root, long size) {
        long r = root < 0 ? NO_ROOT : root & 0xffffL;
        return (code & 0xffffL) | r << 16 | Math.min(size, SIZE_MASK) << 32;
    }

    /**
     * The digest after a call: one multiply of the previous digest, the descriptor, the full size and the type.
     * Equal call sequences give equal digests; unequal ones collide with a chance of about 2^-32 (a missed report,
     * never a false one).
     */
    private static int fold(int previous, long desc, long size, int type) {
        long x = ((long) previous << 32 ^ desc ^ Long.rotateLeft(size, 17) ^ (long) type << 48)
                * 0x9E3779B97F4A7C15L;
        return (int) (x >>> 32) ^ (int) x;
    }

    /**
     * Whether the team's collectives are known to have diverged, for a wait of this PE that has been slow: a
     * message naming the diverging calls, after recording it in every member's mismatch word; null when no member
     * is known to be in another call (they may be merely late). Reads three words of each member.
     */
    String diverged() {
        long flag = (long) LONG.getAcquire(local, base + TeamLayout.MISMATCH);
        if (flag > 0) {
            return flagged(flag);
        }
        return flag == 0 ? compare(false) : null;
    }

    /**
     * At finalize, every PE having entered it: whether any member made other calls on this team than this PE (a
     * lone collective that completed without its peers shows here), or a member recorded a mismatch. A message, or
     * null when the team's calls matched.
     */
    String atFinalize() {
        long flag = (long) LONG.getAcquire(local, base + TeamLayout.MISMATCH);
        if (flag < 0) {
            return null;
        }
        // This PE's own comparison first: it names both sides, where a record names only the finder.
        String found = compare(true);
        return found != null || flag == 0 ? found : flagged(flag);
    }

    /**
     * After a collective of this PE on the team passed its deadline: marks the team in every member's slot (unless
     * a mismatch is recorded there), so that finalize does not report again, as a mismatch, the calls that the
     * timeout left unequal (the member that was late made fewer calls). Slow path only.
     */
    void recordTimeout() {
        if ((long) LONG.getAcquire(local, base + TeamLayout.MISMATCH) > 0) {
            return;
        }
        write(TIMED_OUT | calls << 24 | (comm.myPe() + 1L) & 0xff_ffffL);
    }

    /**
     * Compares every member's published call count and digest with this PE's; on a certain mismatch records it in
     * every member's mismatch word and returns its description. {@code final}: every member has stopped calling
     * collectives (finalize), so any difference in the count is a mismatch.
     */
    private String compare(boolean complete) {
        for (int i = 0; i < members.length; i++) {
            if (i == me) {
                continue;
            }
            int pe = members[i];
            long word;
            long desc;
            long activity;
            long activityEpoch;
            try {
                // Its activity before its team words: it published them in the other order.
                long activityWord = complete ? CollectiveActivity.NONE : CollectiveActivity.read(comm, pe);
                activity = CollectiveActivity.codeOf(activityWord);
                activityEpoch = worldTeam && inWorldOperation(activity) ? CollectiveActivity.epochOf(activityWord,
                        (long) LONG.getAcquire(local, HeapLayout.BARRIER_ARRIVED_OFFSET)) : 0;
                word = comm.getScalarLong(pe, base + TeamLayout.EPOCH);
                desc = comm.getScalarLong(pe, base + TeamLayout.MATCH_DESC);
                if (comm.getScalarLong(pe, base + TeamLayout.EPOCH) != word) {
                    continue; // it moved on while read: the next check sees where it is
                }
            } catch (RuntimeException unreachable) {
                continue;
            }
            boolean finalizing = activity == CollectiveActivity.FINALIZE;
            long theirs = TeamLayout.epochNear(word, calls);
            int theirDigest = (int) word;
            String why = null;
            long at = Math.min(theirs, calls) + 1;
            if (theirs <= calls && calls - theirs < HISTORY && theirDigest != digestAt(theirs)) {
                why = differ(pe, theirs, desc);
                at = theirs;
            } else if (theirs < calls && finalizing) {
                why = "PE " + pe + " entered finalize while PE " + comm.myPe() + " is in call " + calls + " on "
                        + team.name() + " (" + nameAt(calls) + "), after only " + theirs + " call(s) there"
                        + (theirs == 0 ? "" : " (the last " + name(desc, -1) + ")") + ", the next of PE "
                        + comm.myPe() + "'s being " + nameAt(theirs + 1);
            } else if (theirs < calls && activityEpoch > (long) LONG.getAcquire(local,
                    HeapLayout.BARRIER_ARRIVED_OFFSET)) {
                // barrierAll, syncAll and malloc/free are collectives of every PE too, ordered with TEAM_WORLD's:
                // PE pe entered one after its call `theirs`, which this PE passed without entering it.
                why = "PE " + pe + " is in " + CollectiveActivity.name(activity) + " (after " + theirs + " call(s) on"
                        + " TEAM_WORLD) while PE " + comm.myPe() + " is in call " + calls + " on TEAM_WORLD ("
                        + nameAt(calls) + ") without having entered that " + CollectiveActivity.name(activity);
            } else if (theirs < calls && complete) {
                why = "PE " + pe + " made " + theirs + " call(s) on " + team.name() + " before finalize"
                        + (theirs == 0 ? "" : " (the last " + name(desc, -1) + ")") + " where PE " + comm.myPe()
                        + " made " + calls + " (call " + (theirs + 1) + ": " + nameAt(theirs + 1) + ")";
            } else if (complete && theirs > calls) {
                why = "PE " + pe + " made " + theirs + " call(s) on " + team.name() + " before finalize (the last "
                        + name(desc, -1) + ") where PE " + comm.myPe() + " made " + calls
                        + (calls == 0 ? "" : " (the last " + nameAt(calls) + ")");
            }
            if (why != null) {
                String message = "collectives on " + team.name() + " were called in different orders, or with other"
                        + " roots or sizes: " + why + "; every PE of a team must call the same collectives, in the"
                        + " same order, with the same root and size (raising JSHMEM_TIMEOUT will not help)";
                record(at);
                return message;
            }
        }
        return null;
    }

    private String differ(int pe, long call, long theirDesc) {
        if (call == 0) {
            return "PE " + pe + " has made no call on " + team.name() + " yet";
        }
        long mineDesc = descs[(int) call & MASK];
        if (mineDesc == theirDesc && call > 1) {
            return "call " + call + " is " + name(theirDesc, -1) + " on both PE " + pe + " and PE " + comm.myPe()
                    + ", but their earlier calls on " + team.name() + " differ (PE " + comm.myPe() + "'s call "
                    + (call - 1) + ": " + nameAt(call - 1) + ")";
        }
        return "call " + call + " on " + team.name() + " is " + name(theirDesc, -1) + " on PE " + pe + " but "
                + name(mineDesc, -1) + " on PE " + comm.myPe();
    }

    private int digestAt(long call) {
        return call == 0 ? 0 : digests[(int) call & MASK];
    }

    private String nameAt(long call) {
        if (call < 1 || call > calls || calls - call >= HISTORY) {
            return "?";
        }
        return name(descs[(int) call & MASK], -1);
    }

    /** What this PE waits in, called at {@code location} (or null), for the end of a message. */
    String waitingIn(String location) {
        return "; PE " + comm.myPe() + " waits in call " + calls + " on " + team.name() + " (" + nameAt(calls) + ")"
                + (location == null ? "" : " called at " + location);
    }

    /** Writes the mismatch record (from call {@code call}, found by this PE) into every member's mismatch word. */
    private void record(long call) {
        write(Math.max(1, call) << 24 | (comm.myPe() + 1L) & 0xff_ffffL);
    }

    private void write(long value) {
        for (int i = 0; i < members.length; i++) {
            try {
                if (i == me) {
                    LONG.setRelease(local, base + TeamLayout.MISMATCH, value);
                } else {
                    comm.putLongRelease(members[i], base + TeamLayout.MISMATCH, value);
                }
            } catch (RuntimeException unreachable) {
                // A member that cannot be written learns of it at its own next check or at finalize.
            }
        }
    }

    private String flagged(long flag) {
        int finder = (int) ((flag & 0xff_ffffL) - 1);
        long call = flag >>> 24;
        return "PE " + finder + " found that the collectives on " + team.name() + " were called in different orders,"
                + " or with other roots or sizes, from call " + call + " on (PE " + comm.myPe() + "'s call " + call
                + ": " + nameAt(call) + where(finder) + "); every PE of a team must call the same collectives, in the same order, with"
                + " the same root and size (raising JSHMEM_TIMEOUT will not help)";
    }

    /** {@code ; PE 0's last call: 1, barrier}, from its published words; empty when they cannot be read. */
    private String where(int pe) {
        if (pe == comm.myPe()) {
            return "";
        }
        try {
            long word = comm.getScalarLong(pe, base + TeamLayout.EPOCH);
            long desc = comm.getScalarLong(pe, base + TeamLayout.MATCH_DESC);
            long theirs = TeamLayout.epochNear(word, calls);
            return theirs == 0 ? "; PE " + pe + " has made no call" : "; PE " + pe + "'s last call: " + theirs + ", "
                    + name(desc, -1);
        } catch (RuntimeException unreachable) {
            return "";
        }
    }

    /** {@code broadcast (root 0, 8 bytes)}; {@code fullSize} the exact size when known here, else -1. */
    private String name(long desc, long fullSize) {
        int code = (int) (desc & 0xffff);
        long root = desc >>> 16 & 0xffff;
        long size = fullSize >= 0 ? fullSize : desc >>> 32;
        StringBuilder sb = new StringBuilder(CollectiveActivity.name(code));
        String args = "";
        if (root != NO_ROOT) {
            args = "root PE " + (root < members.length ? members[(int) root] : root);
        }
        if (size != 0) {
            args = args + (args.isEmpty() ? "" : ", ") + (size == SIZE_MASK && fullSize < 0 ? "4 GiB or more"
                    : size + " bytes");
        }
        return args.isEmpty() ? sb.toString() : sb.append(" (").append(args).append(')').toString();
    }
}
