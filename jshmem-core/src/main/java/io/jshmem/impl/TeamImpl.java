package io.jshmem;

import io.jshmem.collectives.Collectives;
import io.jshmem.collectives.ElementKind;
import io.jshmem.collectives.ReduceOperator;
import io.jshmem.collectives.TeamChannel;
import io.jshmem.error.Checks;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.team.TeamState;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A team: an ordered subset of the PEs with its own numbering (0..nPes()-1) and its own synchronization words, over
 * which the collectives run ({@code shmem_team_t}). {@link ShmemRuntime#teamWorld()} and
 * {@link ShmemRuntime#teamShared()} are predefined; {@link #splitStrided} and {@link #split2d} create others.
 *
 * <p><b>Collective rules.</b> Splits, {@link #destroy()} and every collective must be called by every member of
 * the team (the parent, for splits), in the same order on every member, with the same arguments (for collect,
 * the block size may differ). Splits check that their members agree: a member that makes another split call, or
 * passes other arguments, makes every member throw {@link ShmemArgumentException} naming the PEs that differ. A
 * member that never arrives makes the others throw {@link io.jshmem.error.ShmemTimeoutException} at the deadline
 * ({@code JSHMEM_TIMEOUT}), naming the PEs that have not arrived. A PE outside the new team receives an invalid team
 * ({@link #isValid()} false, {@code myPe()} and {@code nPes()} -1); collectives on it throw. A team that a
 * collective failed on (timeout, dead PE) is in an undefined state: destroy it.
 *
 * <p><b>Collectives and ordering.</b> On return, this PE's dest holds the result and its source may be reused;
 * collectives need no pSync, and back-to-back collectives on a team never interfere (per-team epochs). Symmetric
 * memory a collective reads or writes must not be accessed by any PE until that PE's call returns. Collectives
 * neither complete nor order earlier puts (use {@link #barrier()}, which quiets first, or {@link Context#quiet()});
 * every result is visible to its PE's ordinary loads on return. Bad arguments throw before anything is written.
 * Algorithms and crossovers come from the settings table ({@code JSHMEM_BCAST_*}, {@code JSHMEM_FCOLLECT_*},
 * {@code JSHMEM_REDUCE_*}, {@code JSHMEM_COLL_DIRECT}).
 *
 * <p>Thread-safety: any thread may call; calls on one team are serialized (OpenSHMEM forbids concurrent
 * collectives on a team; here the second simply waits). Queries are lock-free.
 */
public final class Team implements AutoCloseable {
    /** The two teams of a {@link #split2d}: this PE's row ({@code xTeam}) and column ({@code yTeam}). */
    public record Split2d(Team xTeam, Team yTeam) {
    }

    private final Teams teams;
    private final TeamState state;
    private final TeamChannel channel;
    private final ReentrantLock lock = new ReentrantLock();

    Team(Teams teams, TeamState state, TeamChannel channel) {
        this.teams = teams;
        this.state = state;
        this.channel = channel;
    }

    static Team invalid(Teams teams) {
        return new Team(teams, null, null);
    }

    TeamState state() {
        return state;
    }

    TeamChannel channel() {
        return channel;
    }

    // ---- queries --------------------------------------------------------------------------------------------

    /** Whether this PE is a member of a live team (false for the invalid team and after {@link #destroy()}). */
    public boolean isValid() {
        return state != null && !state.isDestroyed();
    }

    /** This PE's number in the team, or -1 for an invalid or destroyed team ({@code shmem_team_my_pe}). */
    public int myPe() {
        return isValid() ? state.myIndex() : -1;
    }

    /** Number of PEs in the team, or -1 for an invalid or destroyed team ({@code shmem_team_n_pes}). */
    public int nPes() {
        return isValid() ? state.size() : -1;
    }

    /**
     * The number in {@code destTeam} of this team's PE {@code pe}, or -1 when either team is invalid or destroyed,
     * {@code pe} is not a PE of this team, or it is not a member of {@code destTeam} ({@code shmem_team_translate_pe}).
     */
    public int translatePe(int pe, Team destTeam) {
        if (!isValid() || destTeam == null || !destTeam.isValid() || pe < 0 || pe >= state.size()) {
            return -1;
        }
        return destTeam.state.indexOf(state.member(pe));
    }

    /** The configuration the team was created with ({@code shmem_team_get_config}). */
    public TeamConfig getConfig() {
        usable();
        return new TeamConfig(state.numContexts());
    }

    /**
     * A communication context created from this team ({@code shmem_team_create_ctx}); {@link Context#team()}
     * returns this team. Not collective. Its RMA calls take global PE numbers (as every {@link Context} does):
     * {@code translatePe(pe, runtime.teamWorld())} gives them.
     */
    public Context createCtx(CtxOption... options) {
        usable();
        return teams.runtime().createCtx(this, options);
    }

    // ---- creation and destruction ---------------------------------------------------------------------------

    /**
     * Collective over this (parent) team: a new team of the parent's PEs {@code start, start+stride, ...},
     * {@code size} of them ({@code shmem_team_split_strided}); PEs outside it receive an invalid team. All members
     * of the parent must call it with the same arguments (checked: otherwise every member throws, naming the PEs
     * that differ). Throws {@link ShmemStateException} on every member when no team slot is free on all new
     * members ({@code JSHMEM_TEAMS_MAX}).
     */
    public Team splitStrided(int start, int stride, int size) {
        return splitStrided(start, stride, size, TeamConfig.DEFAULT);
    }

    /** {@link #splitStrided(int, int, int)} with a configuration for the new team. */
    public Team splitStrided(int start, int stride, int size, TeamConfig config) {
        Checks.notNull("config", config);
        usable();
        return locked(() -> teams.splitStrided(this, start, stride, size, config));
    }

    /**
     * Collective over this (parent) team: lays the parent out as rows of {@code xRange} PEs (the last row may be
     * shorter; values above the size act as the size) and returns this PE's row team and column team
     * ({@code shmem_team_split_2d}). Checked for agreement like {@link #splitStrided}.
     */
    public Split2d split2d(int xRange) {
        return split2d(xRange, TeamConfig.DEFAULT, TeamConfig.DEFAULT);
    }

    /** {@link #split2d(int)} with configurations for the row and column teams. */
    public Split2d split2d(int xRange, TeamConfig xConfig, TeamConfig yConfig) {
        Checks.notNull("xConfig", xConfig);
        Checks.notNull("yConfig", yConfig);
        usable();
        return locked(() -> teams.split2d(this, xRange, xConfig, yConfig));
    }

    /**
     * Collective over the team: a barrier over its members, then the team is gone on this PE and its slot free
     * ({@code shmem_team_destroy}). Destroying the invalid team or a destroyed one does nothing; TEAM_WORLD and
     * TEAM_SHARED cannot be destroyed.
     */
    public void destroy() {
        if (state == null || state.isDestroyed()) {
            return;
        }
        if (this == teams.world() || this == teams.shared()) {
            throw new ShmemArgumentException(state.name() + " is predefined and cannot be destroyed: destroy only "
                    + "teams created by a split");
        }
        locked(() -> {
            if (!state.isDestroyed()) {
                teams.instance().ensureLive();
                teams.destroy(this);
            }
            return null;
        });
    }

    /** {@link #destroy()}: teams work in try-with-resources. */
    @Override
    public void close() {
        destroy();
    }

    // ---- synchronization ------------------------------------------------------------------------------------

    /** Collective: waits until every member has arrived ({@code shmem_team_sync}); completes no operations. */
    public void sync() {
        TeamChannel ch = usable();
        locked(() -> {
            Collectives.sync(ch);
            return null;
        });
    }

    /**
     * Collective: completes this PE's outstanding operations, then waits for every member (CANN's
     * {@code aclshmem_barrier(team)}); everything members stored before it is visible to every member after it.
     */
    public void barrier() {
        TeamChannel ch = usable();
        locked(() -> {
            Collectives.barrier(ch);
            return null;
        });
    }

    // ---- broadcast ------------------------------------------------------------------------------------------

    /**
     * Collective: copies {@code bytes} from {@code source + sourceOffset} on team PE {@code root} to
     * {@code dest + destOffset} on every member, root included ({@code shmem_broadcastmem}). dest and source may be
     * the same buffer; other overlaps are rejected.
     */
    public void broadcastmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long bytes, int root) {
        TeamChannel ch = usable();
        Checks.nonNegative("bytes", bytes);
        CollectiveArgs.root(root, state.size());
        long d = CollectiveArgs.range(rt(), dest, "dest", destOffset, "destOffset", bytes, "bytes");
        long s = CollectiveArgs.range(rt(), source, "source", sourceOffset, "sourceOffset", bytes, "bytes");
        CollectiveArgs.noOverlap("broadcast", d, bytes, s, bytes, d, "separate buffers or the same one (in place)");
        locked(() -> {
            Collectives.broadcast(ch, d, s, bytes, root);
            return null;
        });
    }

    /** Typed {@link #broadcastmem}: {@code nelems} elements of {@code type} ({@code shmem_TYPE_broadcast}). */
    public void broadcast(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long nelems, int root) {
        long size = CollectiveArgs.elementSize(type);
        broadcastmem(dest, CollectiveArgs.index("destIndex", destIndex, size), source,
                CollectiveArgs.index("sourceIndex", sourceIndex, size), CollectiveArgs.bytes("nelems", nelems, size),
                root);
    }

    // ---- collect and fcollect -------------------------------------------------------------------------------

    /**
     * Collective: concatenates every member's {@code bytes} from {@code source} in team order into {@code dest}
     * on every member ({@code shmem_fcollectmem}); dest needs nPes() * bytes. In place, every member passes its own
     * block of dest ({@code destOffset + myPe() * bytes}) as source; other overlaps are rejected.
     */
    public void fcollectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes) {
        TeamChannel ch = usable();
        Checks.nonNegative("bytes", bytes);
        long total = CollectiveArgs.bytes("bytes * nPes", bytes, state.size());
        long d = CollectiveArgs.range(rt(), dest, "dest", destOffset, "destOffset", total, "bytes*nPes");
        long s = CollectiveArgs.range(rt(), source, "source", sourceOffset, "sourceOffset", bytes, "bytes");
        CollectiveArgs.noOverlap("fcollect", d, total, s, bytes, d + state.myIndex() * bytes,
                "separate buffers or this PE's own block of dest (in place)");
        locked(() -> {
            Collectives.fcollect(ch, d, s, bytes);
            return null;
        });
    }

    /** Typed {@link #fcollectmem}: {@code nelems} elements of {@code type} per member. */
    public void fcollect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems) {
        long size = CollectiveArgs.elementSize(type);
        fcollectmem(dest, CollectiveArgs.index("destIndex", destIndex, size), source,
                CollectiveArgs.index("sourceIndex", sourceIndex, size), CollectiveArgs.bytes("nelems", nelems, size));
    }

    /**
     * Collective: concatenates every member's block, of sizes that may differ between members, in team order into
     * {@code dest} on every member ({@code shmem_collectmem}). Every member checks, from the sizes all of them
     * published, that the total fits in dest from {@code destOffset} and that no source overlaps dest except as its
     * owner's own block; if not, all throw with nothing written.
     *
     * @return the total number of bytes gathered (the same on every member)
     */
    public long collectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                           long bytes) {
        return collectBytes(dest, destOffset, source, sourceOffset, bytes, 1);
    }

    /**
     * Typed {@link #collectmem}: {@code nelems} elements of {@code type} from this PE.
     *
     * @return the total number of elements gathered
     */
    public long collect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                        long sourceIndex, long nelems) {
        long size = CollectiveArgs.elementSize(type);
        return collectBytes(dest, CollectiveArgs.index("destIndex", destIndex, size), source,
                CollectiveArgs.index("sourceIndex", sourceIndex, size), CollectiveArgs.bytes("nelems", nelems, size),
                size) / size;
    }

    private long collectBytes(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                              long bytes, long size) {
        TeamChannel ch = usable();
        Checks.nonNegative("bytes", bytes);
        long d = CollectiveArgs.range(rt(), dest, "dest", destOffset, "destOffset", 0, "bytes");
        long s = CollectiveArgs.range(rt(), source, "source", sourceOffset, "sourceOffset", bytes, "bytes");
        long capacity = (dest.byteSize() - destOffset) / size * size;
        return locked(() -> Collectives.collect(ch, d, s, bytes, capacity, size));
    }

    // ---- alltoall -------------------------------------------------------------------------------------------

    /**
     * Collective: block j ({@code bytes} long) of this PE's source goes to block myPe() of team PE j's dest
     * ({@code shmem_alltoallmem}); source and dest each span nPes() blocks and must not overlap.
     */
    public void alltoallmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes) {
        alltoallsBytes(dest, destOffset, source, sourceOffset, 1, 1, bytes, 1, "bytes");
    }

    /** Typed {@link #alltoallmem}: {@code nelems} elements of {@code type} per PE pair. */
    public void alltoall(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems) {
        alltoalls(type, dest, destIndex, source, sourceIndex, 1, 1, nelems);
    }

    /**
     * Collective, strided alltoall ({@code shmem_TYPE_alltoalls}): element m of the block for team PE j is
     * {@code source[sourceIndex + sst*(j*nelems + m)]} and lands at {@code dest[destIndex + dst*(myPe()*nelems + m)]}
     * on PE j. Strides are in elements, 1 or more.
     */
    public void alltoalls(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long dst, long sst, long nelems) {
        long size = CollectiveArgs.elementSize(type);
        alltoallsBytes(dest, CollectiveArgs.index("destIndex", destIndex, size), source,
                CollectiveArgs.index("sourceIndex", sourceIndex, size), dst, sst, nelems, size, "nelems");
    }

    /** {@code shmem_alltoallsmem}: {@link #alltoalls} on bytes. */
    public void alltoallsmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long dst, long sst, long bytes) {
        alltoallsBytes(dest, destOffset, source, sourceOffset, dst, sst, bytes, 1, "bytes");
    }

    private void alltoallsBytes(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                                long dst, long sst, long nelems, long size, String countName) {
        TeamChannel ch = usable();
        CollectiveArgs.stride("dst", dst);
        CollectiveArgs.stride("sst", sst);
        Checks.nonNegative(countName, nelems);
        long all = CollectiveArgs.bytes(countName + " * nPes", nelems, state.size());
        long destSpan = all == 0 ? 0 : CollectiveArgs.bytes("dest span", spanElements(all, dst), size);
        long srcSpan = all == 0 ? 0 : CollectiveArgs.bytes("source span", spanElements(all, sst), size);
        long d = CollectiveArgs.range(rt(), dest, "dest", destOffset, "destOffset", destSpan,
                "((nPes*" + countName + "-1)*dst+1)*" + size);
        long s = CollectiveArgs.range(rt(), source, "source", sourceOffset, "sourceOffset", srcSpan,
                "((nPes*" + countName + "-1)*sst+1)*" + size);
        CollectiveArgs.noOverlap("alltoall", d, destSpan, s, srcSpan, -1, "separate buffers");
        locked(() -> {
            Collectives.alltoall(ch, d, s, nelems, size, dst, sst);
            return null;
        });
    }

    private static long spanElements(long count, long stride) {
        long last = CollectiveArgs.bytes("(count-1)*stride", count - 1, stride);
        if (last == Long.MAX_VALUE) {
            throw new ShmemArgumentException("count*stride overflows: pass a smaller count or stride");
        }
        return last + 1;
    }

    // ---- reductions and scans -------------------------------------------------------------------------------

    /**
     * Collective: {@code dest[i] = source_0[i] op ... op source_{n-1}[i]} for {@code count} elements of {@code type}
     * on every member ({@code shmem_TYPE_OP_reduce}); every member receives identical bits. dest and source may be
     * the same buffer; other overlaps are rejected.
     */
    public void reduce(ReduceOp op, ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                       long sourceIndex, long count) {
        Checks.notNull("op", op);
        Checks.notNull("type", type);
        ElementKind kind = ElementKind.valueOf(type.name());
        ReduceOperator operator = ReduceOperator.valueOf(op.name());
        if (!kind.supports(operator)) {
            throw new ShmemArgumentException("op = " + op + " is not defined on type = " + type + ": AND, OR and XOR "
                    + "take integer types, MAX and MIN every type but COMPLEXF and COMPLEXD, SUM and PROD every type; "
                    + "pick a matching operator or type");
        }
        TeamChannel ch = usable();
        long[] ds = operands(type, dest, destIndex, source, sourceIndex, count);
        locked(() -> {
            Collectives.reduce(ch, kind, operator, ds[0], ds[1], count);
            return null;
        });
    }

    /** {@code shmem_TYPE_and_reduce}. */
    public void andReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        reduce(ReduceOp.AND, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_or_reduce}. */
    public void orReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long count) {
        reduce(ReduceOp.OR, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_xor_reduce}. */
    public void xorReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        reduce(ReduceOp.XOR, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_max_reduce}. */
    public void maxReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        reduce(ReduceOp.MAX, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_min_reduce}. */
    public void minReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        reduce(ReduceOp.MIN, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_sum_reduce}. */
    public void sumReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        reduce(ReduceOp.SUM, type, dest, destIndex, source, sourceIndex, count);
    }

    /** {@code shmem_TYPE_prod_reduce}. */
    public void prodReduce(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                           long sourceIndex, long count) {
        reduce(ReduceOp.PROD, type, dest, destIndex, source, sourceIndex, count);
    }

    /**
     * Collective inclusive prefix sum ({@code shmem_TYPE_sum_inscan}, OpenSHMEM 1.6): team PE i receives
     * {@code source_0 + ... + source_i}, element-wise, summed in team order. dest may be source.
     */
    public void sumInscan(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        scan(true, type, dest, destIndex, source, sourceIndex, count);
    }

    /**
     * Collective exclusive prefix sum ({@code shmem_TYPE_sum_exscan}): team PE i receives
     * {@code source_0 + ... + source_{i-1}}; team PE 0 receives zeros. dest may be source.
     */
    public void sumExscan(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        scan(false, type, dest, destIndex, source, sourceIndex, count);
    }

    private void scan(boolean inclusive, ReduceType type, SymmetricMemory dest, long destIndex,
                      SymmetricMemory source, long sourceIndex, long count) {
        Checks.notNull("type", type);
        ElementKind kind = ElementKind.valueOf(type.name());
        TeamChannel ch = usable();
        long[] ds = operands(type, dest, destIndex, source, sourceIndex, count);
        locked(() -> {
            Collectives.scan(ch, kind, inclusive, ds[0], ds[1], count);
            return null;
        });
    }

    /** Checks dest and source of a reduction or scan; returns their heap offsets. */
    private long[] operands(ReduceType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                            long sourceIndex, long count) {
        long size = type.byteSize();
        long bytes = CollectiveArgs.bytes("count", count, size);
        long d = CollectiveArgs.range(rt(), dest, "dest", CollectiveArgs.index("destIndex", destIndex, size),
                "destIndex*" + size, bytes, "count*" + size);
        long s = CollectiveArgs.range(rt(), source, "source", CollectiveArgs.index("sourceIndex", sourceIndex, size),
                "sourceIndex*" + size, bytes, "count*" + size);
        CollectiveArgs.noOverlap("reduction", d, bytes, s, bytes, d, "separate buffers or the same one (in place)");
        return new long[] {d, s};
    }

    // ---- plumbing -------------------------------------------------------------------------------------------

    private ShmemRuntime rt() {
        return teams.runtime();
    }

    /** The channel of a team this PE may use; throws for the invalid team, a destroyed one, or after finalize. */
    private TeamChannel usable() {
        teams.instance().ensureLive();
        if (state == null) {
            throw new ShmemArgumentException("team is TEAM_INVALID: this PE is not a member of it (a split gives "
                    + "PEs outside the new team an invalid team); call team operations only on teams this PE "
                    + "belongs to (check isValid())");
        }
        if (state.isDestroyed()) {
            throw new ShmemStateException(state.name() + " has been destroyed: it cannot be used after destroy();"
                    + " split a new team");
        }
        return channel;
    }

    private <T> T locked(java.util.function.Supplier<T> body) {
        lock.lock();
        try {
            if (state.isDestroyed()) {
                throw new ShmemStateException(state.name() + " has been destroyed: it cannot be used after "
                        + "destroy(); split a new team");
            }
            return body.get();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        if (state == null) {
            return "Team[TEAM_INVALID]";
        }
        return "Team[" + state + (state.isDestroyed() ? ", destroyed" : ", my PE " + state.myIndex()) + "]";
    }
}
