package io.jshmem.collectives;

import io.jshmem.ReduceOp;

import io.jshmem.comm.Comm;
import io.jshmem.memory.HeapLayout;
import io.jshmem.team.TeamLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * What each PE publishes about the collective it is in, so that a PE that waits too long can tell a slow peer from
 * a mistake: collectives called in different orders (or on only some PEs). Every barrier or collective entry
 * stores a code and an epoch into the PE's heap header ({@link HeapLayout#ACTIVITY_OFFSET}, one word: a release
 * store, no allocation); only a wait that has passed its warning point reads the other members' words.
 *
 * <p>A code packs the operation (bits 0-7), the reduction operator (bits 8-15) and the "mechanism" whose epochs
 * count it (bits 16-31): 0 for the world barrier of barrierAll, syncAll, malloc/free and finalize (whose epoch is
 * the world barrier's), slot + 1 for a team's collectives (whose epoch is the team channel's).
 *
 * <p>A member M is in another collective than this PE when M's published epoch for its mechanism is one this PE
 * has not entered (M cannot leave a collective before every member entered it), or when M is at this PE's own epoch
 * of the same mechanism with another operation. Stateless and thread-safe.
 */
public final class CollectiveActivity {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    public static final int NONE = 0;
    public static final int BARRIER_ALL = 1;
    public static final int SYNC_ALL = 2;
    public static final int MALLOC = 3;
    public static final int FINALIZE = 4;
    /** PEs named one by one in a message before the rest are counted. */
    private static final int MAX_LISTED = 8;
    public static final int SYNC = 5;
    public static final int BARRIER = 6;
    public static final int BROADCAST = 7;
    public static final int FCOLLECT = 8;
    public static final int COLLECT = 9;
    public static final int ALLTOALL = 10;
    public static final int REDUCTION = 11;
    public static final int INSCAN = 12;
    public static final int EXSCAN = 13;
    public static final int SPLIT = 14;
    public static final int TEAM_DESTROY = 15;
    private static final String[] NAMES = {"nothing", "barrier", "sync_all", "malloc/free", "finalize", "sync",
        "barrier", "broadcast", "fcollect", "collect", "alltoall", "reduction", "sum_inscan", "sum_exscan",
        "team split", "team destroy"};
    private static final ReduceOp[] OPERATORS = ReduceOp.values();

    private CollectiveActivity() {
    }

    /** The code of world operation {@code op} (BARRIER_ALL, SYNC_ALL, MALLOC, FINALIZE). */
    public static int world(int op) {
        return op;
    }

    /** The code of team operation {@code op} on the team in {@code slot}. */
    public static int team(int op, int slot) {
        return op | (slot + 1) << 16;
    }

    /** The code of a reduction with {@code operator} on the team in {@code slot}. */
    public static int reduction(ReduceOp operator, int slot) {
        return REDUCTION | operator.ordinal() << 8 | (slot + 1) << 16;
    }

    /** Publishes that this PE entered {@code code} at {@code epoch}: one store into its own heap. */
    public static void enter(MemorySegment localHeap, int code, long epoch) {
        // Release: ordered after the team words this PE published before (CollectiveMatch reads the activity
        // first, then those words, and must not see a new activity with older words). A plain store on x86.
        LONG.setRelease(localHeap, HeapLayout.ACTIVITY_OFFSET, epoch << 32 | code & 0xffff_ffffL);
    }

    /** PE {@code pe}'s activity word (code and epoch): one load of its heap header. */
    public static long read(Comm comm, int pe) {
        return comm.getScalarLong(pe, HeapLayout.ACTIVITY_OFFSET);
    }

    /** The code in activity word {@code word}. */
    public static int codeOf(long word) {
        return (int) word;
    }

    /** The epoch in activity word {@code word}, as the 64-bit epoch nearest {@code near} (see TeamLayout#epochNear). */
    public static long epochOf(long word, long near) {
        return TeamLayout.epochNear(word, near);
    }

    /** {@code sum reduction}, {@code barrier}, {@code broadcast on team slot 3}: for messages only. */
    public static String name(long code) {
        int op = (int) (code & 0xff);
        int slot = (int) (code >>> 16 & 0xffff) - 1;
        String base = op < NAMES.length ? NAMES[op] : "operation " + op;
        if (op == REDUCTION) {
            int o = (int) (code >>> 8 & 0xff);
            base = (o < OPERATORS.length ? OPERATORS[o].name().toLowerCase(Locale.ROOT) : "?") + " " + base;
        }
        if (slot > TeamLayout.SHARED_SLOT) {
            base = base + " on team slot " + slot;
        } else if (slot == TeamLayout.SHARED_SLOT) {
            base = base + " on TEAM_SHARED";
        }
        return base;
    }

    /**
     * Why the wait of this PE ({@code myPe}, in {@code myCode} at {@code myEpoch}) cannot complete, when some of
     * {@code members} are in another collective; null when none is (they are merely late). Reads each member's
     * published words (only on the slow path: at the warning point or the deadline).
     */
    public static String mismatch(Comm comm, int[] members, int myPe, int myCode, long myEpoch) {
        StringBuilder elsewhere = new StringBuilder();
        MemorySegment local = comm.localHeap();
        for (int pe : members) {
            if (pe == myPe) {
                continue;
            }
            long word;
            try {
                word = read(comm, pe);
            } catch (RuntimeException unreachable) {
                continue;
            }
            int code = codeOf(word);
            int mechanism = code >>> 16 & 0xffff;
            boolean sameMechanism = mechanism == (myCode >>> 16 & 0xffff);
            // Within one world operation (malloc: a check, then barriers) the world barrier's epoch runs ahead of
            // the operation's published epoch: compare with the later of the two.
            long mine = sameMechanism ? Math.max(myEpoch, myEpochOf(local, mechanism, myEpoch))
                    : myEpochOf(local, mechanism, 0);
            long epoch = epochOf(word, sameMechanism ? myEpoch : mine);
            if (code == NONE || code == myCode && epoch == myEpoch) {
                continue;
            }
            boolean differs = epoch > mine || sameMechanism && epoch == mine && code != myCode;
            if (differs) {
                elsewhere.append(elsewhere.isEmpty() ? "" : ", ").append("PE ").append(pe).append(" is in ")
                        .append(name(code)).append(" epoch ").append(epoch);
            }
        }
        if (elsewhere.isEmpty()) {
            return null;
        }
        return elsewhere + ", PE " + myPe + " in " + name(myCode) + " epoch " + myEpoch
                + ": collectives called in different orders (every PE of a team must call the same collectives, in"
                + " the same order; raising JSHMEM_TIMEOUT will not help)";
    }

    /**
     * The latest epoch this PE entered for {@code mechanism}: the world barrier's or a team channel's (whose word
     * holds it modulo 2^32: read as the epoch nearest {@code near}, a member's epoch of the same mechanism).
     */
    private static long myEpochOf(MemorySegment local, int mechanism, long near) {
        if (mechanism == 0) {
            return (long) LONG.getAcquire(local, HeapLayout.BARRIER_ARRIVED_OFFSET);
        }
        int slot = mechanism - 1;
        if (slot >= TeamLayout.MAX_SLOTS || TeamLayout.slotBase(slot) + TeamLayout.SLOT_BYTES > local.byteSize()) {
            return Long.MAX_VALUE;
        }
        return TeamLayout.epochNear((long) LONG.getAcquire(local, TeamLayout.slotBase(slot) + TeamLayout.EPOCH), near);
    }

    /** Whether PE {@code pe} has entered finalize, by its activity word; false when it cannot be read. */
    private static boolean inFinalize(Comm comm, int pe) {
        try {
            return codeOf(read(comm, pe)) == FINALIZE;
        } catch (RuntimeException unreachable) {
            return false;
        }
    }

    /**
     * For a wait on this PE's own memory that warns or times out ({@link io.jshmem.comm.WaitLoop.Writers}): the other
     * PEs that have entered finalize and so can no longer write here, or null when none has. Reads one word of every
     * other PE's heap; only the slow path of a wait calls it.
     */
    public static String writersInFinalize(Comm comm) {
        int myPe = comm.myPe();
        int others = comm.nPes() - 1;
        StringBuilder gone = null;
        int count = 0;
        for (int pe = 0; pe < comm.nPes(); pe++) {
            if (pe == myPe) {
                continue;
            }
            if (inFinalize(comm, pe)) {
                if (count < MAX_LISTED) {
                    gone = gone == null ? new StringBuilder("PE ") : gone.append(", PE ");
                    gone.append(pe);
                }
                count++;
            }
        }
        if (gone == null) {
            return null;
        }
        if (count > MAX_LISTED) {
            gone.append(" and ").append(count - MAX_LISTED).append(" more");
        }
        return count == others
                ? "every other PE (" + gone + ") has entered finalize, so no PE can write here any more: only another"
                + " thread of PE " + myPe + " could still satisfy the wait (a PE must not finalize while a partner"
                + " still waits for its writes)"
                : gone + " entered finalize and can no longer write here; the wait needs a write from one of the "
                + (others - count) + " other PE(s)";
    }

    /**
     * For a slow wait of finalize's world barrier: the PEs that finalize after a failure and so skip that barrier
     * ({@link HeapLayout#FINALIZE_SHORT_OFFSET}), or null when none does. Reads one word of every other PE.
     */
    public static String finalizingShort(Comm comm) {
        StringBuilder gone = null;
        for (int pe = 0; pe < comm.nPes(); pe++) {
            if (pe == comm.myPe()) {
                continue;
            }
            try {
                if (comm.getScalarLong(pe, HeapLayout.FINALIZE_SHORT_OFFSET) == 1) {
                    gone = gone == null ? new StringBuilder("PE ") : gone.append(", PE ");
                    gone.append(pe);
                }
            } catch (RuntimeException unreachable) {
                // Its connection is gone: the rendezvous step says so.
            }
        }
        return gone == null ? null : gone + " finalize(s) after a failure, without the world barrier";
    }

    /**
     * The members (other than this PE) that are in finalize while this PE is in another operation, or null. A PE in
     * finalize has left every other collective for good, so a wait of this PE that needs it can never complete:
     * typically its code threw, and a try-with-resources block finalized it on the way out, before a collective the
     * others entered. Only a wait that has lasted a second reads the members' words ({@link
     * io.jshmem.comm.WaitLoop.Stall#abandoned}); allocates only when it finds some.
     */
    public static String finalizing(Comm comm, int[] members) {
        MemorySegment local = comm.localHeap();
        int myPe = comm.myPe();
        long myWord = (long) LONG.get(local, HeapLayout.ACTIVITY_OFFSET);
        int myCode = codeOf(myWord);
        if (myCode == FINALIZE) {
            return null;
        }
        StringBuilder gone = null;
        for (int pe : members) {
            if (pe == myPe) {
                continue;
            }
            if (inFinalize(comm, pe)) {
                gone = gone == null ? new StringBuilder("PE ") : gone.append(", PE ");
                gone.append(pe);
            }
        }
        if (gone == null) {
            return null;
        }
        long myEpoch = myWord >>> 32;
        return gone + " entered finalize while PE " + myPe + " is in " + name(myCode) + " epoch " + myEpoch
                + ", which they did not call first: every PE must call the same collectives, in the same order, before"
                + " finalize (a PE whose code throws out of a try-with-resources block finalizes on the way out)";
    }
}
