package io.jshmem.collectives;

import io.jshmem.ReduceOp;

import io.jshmem.comm.Comm;
import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.team.TeamLayout;
import io.jshmem.team.TeamState;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * One team's means of communication for the collective algorithms: its members, the words of its slot (barrier
 * flags, round flags, arrival counter, recursive-doubling scratch, see {@link TeamLayout}), its dissemination
 * barrier, its collective epoch, and a private staging buffer.
 *
 * <p>Epochs: every collective call on the team takes the next epoch ({@link #begin}), on every member alike, since
 * members call collectives in the same order. Flags are written with the epoch and waited for with "at least the
 * epoch", so they never need resetting; the arrival counter only grows and each member tracks how many arrivals
 * it has been promised so far. Every algorithm synchronizes the whole team at least once (an entry or exit
 * {@link #sync()}, or, for recursive doubling, through its data dependencies). That alone does not keep collective
 * c+1's words out of a member still in collective c: when c ends with waits (an allgather or alltoall, entry sync
 * only) and c+1 writes before its first sync (a pipelined or tree broadcast, exit sync only), a member that left c
 * can signal one still waiting in c, whose wait then counts the wrong signal and returns before its data arrived.
 * So until the current collective has synchronized, and unless the previous one ended with a sync, a write into
 * a member's words ({@link #arrive}, {@link #raiseFlag}, ...) first waits until that member has begun the current
 * epoch ({@code awaitFinishedPrevious}). The eager broadcast and fcollect and the recursive-doubling reduce write
 * their own scratch words through the engine and keep their own rules (epoch parity, {@code awaitScratchFree}).
 *
 * <p>Matching: {@link #begin} also records the call (operation, root, size) in the team's {@link CollectiveMatch},
 * whose published words let a slow wait of any algorithm here tell a late member from one that called another
 * collective, and fail at once in the second case; finalize and {@link #destroy} compare the members' calls.
 *
 * <p>Not thread-safe: the API serializes collective calls on a team.
 */
public final class TeamChannel {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final System.Logger LOG = io.jshmem.config.ShmemLog.logger(TeamChannel.class);

    private final Comm comm;
    private final TeamState team;
    private final CollectiveTuning tuning;
    private final int n;
    private final int me;
    private final int[] members;
    private final long base;
    private final MemorySegment local;
    private final MemorySegment[] peers;
    private final boolean allDirect;
    private final Barrier barrier;
    private final PrivateBuffers buffers = new PrivateBuffers();
    private long epoch;
    private long promisedArrivals;
    /** The {@link CollectiveActivity} code of the collective in progress (or last run). */
    private int code = CollectiveActivity.NONE;
    private final java.util.function.Supplier<String> mismatch;
    private final CollectiveMatch match;
    private final LocalWordWait word = new LocalWordWait(this);
    private final BegunWait begun;
    /**
     * Bit k: the collective k epochs before the current one was an eager broadcast, after which members may lag
     * behind (bit 0: the current one).
     */
    private long eagerHistory;
    /** Whether this PE's last step in its collectives was a sync (set by sync/barrier, cleared by waits and begin). */
    private boolean lastWasSync = true;
    /** Whether the previous collective ended with a sync (then every member has left its waits). */
    private boolean previousEndedSynced = true;
    /** Whether the current collective has synchronized the team (every member has begun it). */
    private boolean syncedThisEpoch;
    /**
     * Per member, the highest epoch {@link #awaitScratchFree} has read from it: a member that was seen ahead (an
     * eager root that is the slower side) needs no second read, since each read moves the member's EPOCH line here.
     */
    private final long[] begunSeen;
    private Blocks equalBlocks;
    private final AlgorithmChoice broadcastChoice;
    private final AlgorithmChoice fcollectChoice;
    private final AlgorithmChoice reduceChoice;

    public TeamChannel(Comm comm, TeamState team, CollectiveTuning tuning) {
        this.comm = comm;
        this.team = team;
        this.tuning = tuning;
        this.n = team.size();
        this.me = team.myIndex();
        this.members = team.members();
        this.base = team.base();
        this.local = comm.localHeap();
        this.peers = new MemorySegment[n];
        this.begunSeen = new long[n];
        this.begun = new BegunWait(this, begunSeen);
        boolean all = tuning.direct();
        for (int i = 0; i < n; i++) {
            peers[i] = tuning.direct() ? comm.direct(members[i]) : null;
            all &= peers[i] != null;
        }
        this.allDirect = all;
        this.broadcastChoice = new AlgorithmChoice(b -> Collectives.broadcastRule(tuning, allDirect, n, b),
                this::logAlgorithm);
        this.fcollectChoice = new AlgorithmChoice(b -> Collectives.fcollectRule(tuning, allDirect, n, b),
                (a, b) -> logAlgorithm(a, b * n));
        this.reduceChoice = new AlgorithmChoice(b -> Collectives.reduceRule(tuning, n, b), this::logAlgorithm);
        if (DisseminationBarrier.roundsFor(n) > TeamLayout.MAX_ROUNDS) {
            throw new IllegalArgumentException("teams of more than 65536 PEs are not supported");
        }
        this.mismatch = () -> CollectiveActivity.mismatch(comm, members, comm.myPe(), code, epoch);
        this.match = new CollectiveMatch(comm, team);
        this.barrier = Barrier.over(comm, members, me, base + TeamLayout.BARRIER_FLAGS, 8,
                base + TeamLayout.ARRIVED, mismatch, this::diverged);
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "PE " + comm.myPe() + ": team " + team.name() + " in slot "
                    + team.slot() + ", " + n + " members " + java.util.Arrays.toString(members) + ", my index " + me
                    + (allDirect ? ", direct access to every member's heap" : ", transfers through the engines"));
        }
    }

    /**
     * Logs (debug) which algorithm a collective of {@code bytes} takes on this team, when the choice is made: later
     * calls of the same size take it too, without a line each.
     */
    private void logAlgorithm(Algorithm algorithm, long bytes) {
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "PE " + comm.myPe() + ": " + operation() + " epoch " + epoch + " of "
                    + bytes + " bytes uses " + algorithm.label() + " (and so do later calls of this size)");
        }
    }

    /** The broadcast's algorithm by data size on this team (for {@link Collectives}). */
    AlgorithmChoice broadcastChoice() {
        return broadcastChoice;
    }

    /** The fcollect's algorithm by block size on this team. */
    AlgorithmChoice fcollectChoice() {
        return fcollectChoice;
    }

    /** The reduction's algorithm by data size on this team. */
    AlgorithmChoice reduceChoice() {
        return reduceChoice;
    }

    public Comm comm() {
        return comm;
    }

    public TeamState team() {
        return team;
    }

    public CollectiveTuning tuning() {
        return tuning;
    }

    /** Team size. */
    public int size() {
        return n;
    }

    /** This PE's index in the team. */
    public int me() {
        return me;
    }

    /** Global PE of member {@code index}. */
    public int pe(int index) {
        return members[index];
    }

    /** The members' global PEs in team order: the channel's own array, not to be modified. */
    int[] memberPes() {
        return members;
    }

    /** This PE's heap. */
    public MemorySegment local() {
        return local;
    }

    /** Member {@code index}'s heap mapped here when direct access is enabled, else null. */
    public MemorySegment peer(int index) {
        return peers[index];
    }

    /** Whether every member's heap is mapped here (and direct access is enabled). */
    public boolean allDirect() {
        return allDirect;
    }

    /** Heap offset of word {@code offset} of the team's slot. */
    public long slotWord(long offset) {
        return base + offset;
    }

    /**
     * Starts a collective: takes the next epoch and publishes it with the collective's code (read by others only to
     * report late PEs and collectives called in different orders) and its match record ({@link CollectiveMatch}).
     * Allocation-free: a few stores.
     *
     * @param op a team operation of {@link CollectiveActivity} (SYNC, BARRIER, BROADCAST, ...) whose arguments
     *           need not agree between members
     */
    public long begin(int op) {
        return enter(CollectiveActivity.team(op, team.slot()), -1, 0, 0);
    }

    /**
     * {@link #begin(int)} for a collective whose root ({@code root}, a team index, or -1 for none) and size in bytes
     * ({@code bytes}) must be the same on every member.
     */
    public long begin(int op, int root, long bytes) {
        return enter(CollectiveActivity.team(op, team.slot()), root, bytes, 0);
    }

    /** {@link #begin(int, int, long)} with a data type ({@code type}: its ordinal + 1) that must agree too. */
    public long beginTyped(int op, long bytes, int type) {
        return enter(CollectiveActivity.team(op, team.slot()), -1, bytes, type);
    }

    /** {@link #begin(int)} for a reduction with {@code operator} of {@code bytes} of data type {@code type}. */
    public long beginReduction(ReduceOp operator, long bytes, int type) {
        return enter(CollectiveActivity.reduction(operator, team.slot()), -1, bytes, type);
    }

    private long enter(int newCode, int root, long bytes, int type) {
        int digest = match.enter(epoch + 1, newCode, root, bytes, type);
        code = newCode;
        previousEndedSynced = lastWasSync;
        lastWasSync = false;
        syncedThisEpoch = false;
        epoch++;
        eagerHistory <<= 1;
        LONG.setRelease(local, base + TeamLayout.EPOCH, TeamLayout.epochWord(epoch, digest));
        CollectiveActivity.enter(local, newCode, epoch);
        return epoch;
    }

    /**
     * For a slow wait of this team's collective: a message when the members are known to have called different
     * collectives (and a record of it in every member's slot), else null. Reads two words of each member.
     */
    String diverged() {
        String found = match.diverged();
        return found == null ? null : found + match.waitingIn(CallSite.caller());
    }

    /**
     * Destroys the team's collective state on this member: a barrier, then a comparison of the members' calls (all
     * final: each published its destroy call before the barrier), then a sync so that no member reuses the slot
     * while another still reads it. Returns a message when the members' calls differ (every member finds one),
     * else null.
     */
    public String destroy() {
        begin(CollectiveActivity.TEAM_DESTROY);
        barrier();
        String diverged = match.atFinalize();
        sync();
        if (diverged != null) {
            comm.waitLoop().failures().collectivesDiverged(true);
        }
        return diverged;
    }

    /** As a slow wait's check, from finalize (see {@link LiveTeams#probe}). */
    String probeDiverged() {
        return match.diverged();
    }

    /** At finalize, with every PE in it: whether the members made other calls on this team; a message, or null. */
    public String verifyAtFinalize() {
        return match.atFinalize();
    }

    /** What the collective in progress is, for messages: {@code sum reduction on TEAM_WORLD}. */
    String operation() {
        return CollectiveActivity.name(code) + " on " + team.name();
    }

    public long epoch() {
        return epoch;
    }

    /**
     * Records that the current collective synchronizes nobody (an eager broadcast): members may return while others
     * are still in it, so the next collective's first writes into a member's scratch must check
     * {@link #awaitScratchFree}.
     */
    void markEager() {
        eagerHistory |= 1;
    }

    /** Whether the collective {@code back} epochs before the current one (1 to 63) was an eager broadcast. */
    boolean wasEager(int back) {
        return (eagerHistory >>> back & 1) != 0;
    }

    /**
     * Before this PE writes member {@code index}'s scratch half of the current epoch: waits until that member has
     * begun the previous collective, hence finished the one before it, the last that used the same half. Every
     * collective but the eager broadcast depends on every member having begun it, so only after an eager broadcast
     * can that not be taken for granted: otherwise this returns at once, without reading anything.
     */
    void awaitScratchFree(int index) {
        awaitBegun(index, epoch - 1);
    }

    /**
     * As {@link #awaitScratchFree}, for a write that only needs member {@code index} to have begun epoch
     * {@code needed} (at most the previous one): the eager broadcast's quarter of the scratch, last used two or four
     * epochs ago, or its ring entry, last used sixteen or more epochs ago.
     */
    void awaitBegun(int index, long needed) {
        if (!wasEager(1) || index == me) {
            return;
        }
        if (begunSeen[index] >= needed) {
            // Epochs only grow: an epoch seen earlier still holds, and the member's line need not move here.
            return;
        }
        begun.set(index, needed);
        if (!begun.satisfied()) {
            comm.waitLoop().await(begun, begun);
        }
    }

    /**
     * Before this collective writes into member {@code index}'s words or heap: when neither the previous collective
     * ended with a sync nor this one has synchronized yet, waits until that member has begun the current epoch, so
     * that it has left every wait of the previous one. Returns at once otherwise, and for a member seen there before.
     */
    private void awaitFinishedPrevious(int index) {
        if (syncedThisEpoch || previousEndedSynced || index == me || begunSeen[index] >= epoch) {
            return;
        }
        begun.set(index, epoch);
        if (!begun.satisfied()) {
            comm.waitLoop().await(begun, begun);
        }
    }

    /** Synchronizes every member (no quiet). */
    public void sync() {
        try {
            barrier.sync();
        } catch (ShmemTimeoutException e) {
            throw relabel(e);
        }
        synced();
    }

    /** Completes this PE's outstanding operations, then synchronizes every member. */
    public void barrier() {
        try {
            barrier.barrier();
        } catch (ShmemTimeoutException e) {
            throw relabel(e);
        }
        synced();
    }

    private void synced() {
        syncedThisEpoch = true;
        lastWasSync = true;
    }

    /** For a wait of this team's collective: why the members may be in another collective, or null. */
    String mismatch() {
        return mismatch.get();
    }

    /** For a wait of this team's collective that timed out: recorded in the match words. */
    void recordTimeout() {
        match.recordTimeout();
    }

    private ShmemTimeoutException relabel(ShmemTimeoutException e) {
        match.recordTimeout();
        return new ShmemTimeoutException(operation() + ": " + e.getMessage(), e.missingPes());
    }

    // ---- flags and counters ---------------------------------------------------------------------------------

    /** Heap offset of round flag {@code round}. */
    public long roundFlag(int round) {
        return base + TeamLayout.ROUND_FLAGS + 8L * round;
    }

    /** Stores the current epoch into member {@code index}'s round flag {@code round} (release). */
    public void raiseFlag(int index, int round) {
        awaitFinishedPrevious(index);
        comm.putLongRelease(members[index], roundFlag(round), epoch);
    }

    /** Puts {@code bytes} from this PE's heap into member {@code index}'s heap, then raises its round flag. */
    public void putAndRaise(int index, long destOff, long srcOff, long bytes, int round) {
        awaitFinishedPrevious(index);
        comm.putSignal(members[index], destOff, local, srcOff, bytes, roundFlag(round), epoch, false);
    }

    /**
     * Waits until this PE's round flag {@code round} holds the current epoch. {@code step} is a format with up to
     * two {@code %d} that {@code a} and {@code b} fill, formatted only when the wait times out.
     */
    public void awaitFlag(int round, String step, long a, long b) {
        awaitWord(roundFlag(round), epoch, step, a, b);
    }

    /**
     * Adds {@code count} to member {@code index}'s arrival counter, ordered after everything this PE wrote there: a
     * put-with-signal of no bytes whose signal is an atomic add (the layers above the engines name no engine
     * operation codes).
     */
    public void arrive(int index, long count) {
        awaitFinishedPrevious(index);
        comm.putSignal(members[index], base, local, 0, 0, base + TeamLayout.ARRIVALS, count, true);
    }

    /** Puts from {@code src} (this PE's heap or a private segment) into member {@code index}, then arrives. */
    public void putAndArrive(int index, long destOff, MemorySegment src, long srcOff, long bytes) {
        awaitFinishedPrevious(index);
        comm.putSignal(members[index], destOff, src, srcOff, bytes, base + TeamLayout.ARRIVALS, 1, true);
    }

    /** Waits for {@code count} more arrivals than promised so far; {@code step} as for {@link #awaitFlag}. */
    public void awaitArrivals(long count, String step, long a, long b) {
        promisedArrivals += count;
        awaitWord(base + TeamLayout.ARRIVALS, promisedArrivals, step, a, b);
    }

    /**
     * Waits until the word at heap offset {@code off} of this PE holds at least {@code value} (acquire);
     * {@code step} as for {@link #awaitFlag}. Allocates nothing.
     */
    public void awaitWord(long off, long value, String step, long a, long b) {
        lastWasSync = false;
        if ((long) LONG.getAcquire(local, off) >= value) {
            return;
        }
        word.set(off, value, step, a, b);
        comm.waitLoop().await(word, word);
    }

    // ---- data -----------------------------------------------------------------------------------------------

    /** Copies from member {@code index}'s heap at {@code srcOff} into {@code dst}. */
    public void get(int index, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        if (bytes > 0) {
            comm.get(members[index], srcOff, dst, dstOff, bytes);
        }
    }

    /** Copies into member {@code index}'s heap. */
    public void put(int index, long destOff, MemorySegment src, long srcOff, long bytes) {
        if (bytes > 0) {
            awaitFinishedPrevious(index);
            comm.put(members[index], destOff, src, srcOff, bytes);
        }
    }

    /** Copies within this PE's heap; nothing when the ranges coincide. */
    public void localCopy(long srcOff, long destOff, long bytes) {
        if (bytes > 0 && srcOff != destOff) {
            comm.get(comm.myPe(), srcOff, local, destOff, bytes);
        }
    }

    /** Equal blocks of {@code blockBytes} per member (fcollect's layout); the last one is reused. */
    Blocks equalBlocks(long blockBytes) {
        Blocks b = equalBlocks;
        if (b == null || b.total() != n * blockBytes) {
            b = Blocks.equal(n, blockBytes);
            equalBlocks = b;
        }
        return b;
    }

    /** A private buffer of at least {@code bytes} (64-byte aligned) for data staged from peers; reused. */
    public MemorySegment staging(long bytes) {
        return buffers.staging(bytes);
    }

    /** A second private buffer, for results built while {@link #staging} holds peer data; reused. */
    public MemorySegment accumulator(long bytes) {
        return buffers.accumulator(bytes);
    }
}
