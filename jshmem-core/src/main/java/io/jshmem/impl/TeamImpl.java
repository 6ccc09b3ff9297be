package io.jshmem.impl;

import io.jshmem.Context;
import io.jshmem.CtxOption;
import io.jshmem.DataType;
import io.jshmem.ProfFrame;
import io.jshmem.ReduceOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.TeamConfig;
import io.jshmem.operand.CollectiveArgs;
import io.jshmem.operand.KindBlock;
import io.jshmem.operand.Operands;
import io.jshmem.collectives.Collectives;
import io.jshmem.collectives.TeamChannel;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import io.jshmem.runtime.HostProfile;
import io.jshmem.team.TeamState;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * jshmem's {@link Team}: the team's state and channel, with every collective's operands checked through
 * {@link CollectiveArgs} before any communication, then run under the team's lock (the second of two concurrent
 * collectives on a team waits). Queries are lock-free. Calls after warm-up allocate nothing on the checked path.
 */
final class TeamImpl implements Team {
    private final Teams teams;
    private final TeamState state;
    private final TeamChannel channel;
    private final TeamLock lock = new TeamLock();

    TeamImpl(Teams teams, TeamState state, TeamChannel channel) {
        this.teams = teams;
        this.state = state;
        this.channel = channel;
    }

    static TeamImpl invalid(Teams teams) {
        return new TeamImpl(teams, null, null);
    }

    TeamState state() {
        return state;
    }

    TeamChannel channel() {
        return channel;
    }

    // ---- queries --------------------------------------------------------------------------------------------

    /** Whether this PE is a member of a live team (false for the invalid team and after {@link #destroy()}). */
    @Override
    public boolean isValid() {
        return state != null && !state.isDestroyed();
    }

    /** This PE's number in the team, or -1 for an invalid or destroyed team ({@code shmem_team_my_pe}). */
    @Override
    public int myPe() {
        return isValid() ? state.myIndex() : -1;
    }

    /** Number of PEs in the team, or -1 for an invalid or destroyed team ({@code shmem_team_n_pes}). */
    @Override
    public int nPes() {
        return isValid() ? state.size() : -1;
    }

    /**
     * The number in {@code destTeam} of this team's PE {@code pe}, or -1 when either team is invalid or destroyed,
     * {@code pe} is not a PE of this team, or it is not a member of {@code destTeam} ({@code shmem_team_translate_pe}).
     */
    @Override
    public int translatePe(int pe, Team destTeam) {
        if (!isValid() || destTeam == null || !destTeam.isValid() || pe < 0 || pe >= state.size()) {
            return -1;
        }
        return destTeam instanceof TeamImpl t ? t.state.indexOf(state.member(pe)) : -1;
    }

    /** The configuration the team was created with ({@code shmem_team_get_config}). */
    @Override
    public TeamConfig getConfig() {
        usable();
        return new TeamConfig(state.numContexts());
    }

    /**
     * A communication context created from this team ({@code shmem_team_create_ctx}); {@link Context#team()}
     * returns this team. Not collective. As OpenSHMEM 1.6 requires, its operations take team-relative PE numbers
     * (0..nPes()-1 of this team) and its myPe()/nPes() are the team's; {@link Context#INVALID} for TEAM_INVALID.
     */
    @Override
    public Context createCtx(CtxOption... options) {
        if (state == null) {
            teams.instance().ensureLive();
            Operands.notNull("options", options);
            return Context.INVALID; // 1.6: shmem_team_create_ctx on SHMEM_TEAM_INVALID gives SHMEM_CTX_INVALID
        }
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
    @Override
    public Team splitStrided(int start, int stride, int size) {
        return splitStrided(start, stride, size, TeamConfig.DEFAULT);
    }

    /** {@link #splitStrided(int, int, int)} with a configuration for the new team. */
    @Override
    public Team splitStrided(int start, int stride, int size, TeamConfig config) {
        Operands.notNull("config", config);
        usable();
        lock();
        try {
            return teams.splitStrided(this, start, stride, size, config);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Collective over this (parent) team: lays the parent out as rows of {@code xRange} PEs (the last row may be
     * shorter; values above the size act as the size) and returns this PE's row team and column team
     * ({@code shmem_team_split_2d}). Checked for agreement like {@link #splitStrided}.
     */
    @Override
    public Split2d split2d(int xRange) {
        return split2d(xRange, TeamConfig.DEFAULT, TeamConfig.DEFAULT);
    }

    /** {@link #split2d(int)} with configurations for the row and column teams. */
    @Override
    public Split2d split2d(int xRange, TeamConfig xConfig, TeamConfig yConfig) {
        Operands.notNull("xConfig", xConfig);
        Operands.notNull("yConfig", yConfig);
        usable();
        lock();
        try {
            return teams.split2d(this, xRange, xConfig, yConfig);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Collective over the team: a barrier over its members, then the team is gone on this PE and its slot free
     * ({@code shmem_team_destroy}). Destroying the invalid team or a destroyed one does nothing; TEAM_WORLD and
     * TEAM_SHARED cannot be destroyed.
     */
    @Override
    public void destroy() {
        if (state == null || state.isDestroyed()) {
            return;
        }
        if (this == teams.world() || this == teams.shared()) {
            throw new ShmemArgumentException(state.name() + " is predefined and cannot be destroyed: destroy only "
                    + "teams created by a split");
        }
        lock.lock();
        try {
            if (!state.isDestroyed()) {
                teams.instance().ensureLive();
                teams.destroy(this);
            }
        } finally {
            lock.unlock();
        }
    }

    /** {@link #destroy()}: teams work in try-with-resources. */
    @Override
    public void close() {
        destroy();
    }

    // ---- synchronization ----------------------------------------------------------------------------------

    @Override
    public void sync() {
        TeamChannel ch = usable();
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            Collectives.sync(ch);
            HostProfile.end(span, ProfFrame.BARRIER, "sync", -1, 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void barrier() {
        TeamChannel ch = usable();
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            Collectives.barrier(ch);
            HostProfile.end(span, ProfFrame.BARRIER, "barrier", -1, 0);
        } finally {
            lock.unlock();
        }
    }

    // ---- broadcast, collect, fcollect ---------------------------------------------------------------------

    @Override
    public void broadcastmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long bytes, int root) {
        broadcastElements(dest, "destOffset", destOffset, source, "sourceOffset", sourceOffset, "bytes", bytes, 1,
                root);
    }

    @Override
    public void broadcast(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long nelems, int root) {
        broadcastElements(dest, "destIndex", destIndex, source, "sourceIndex", sourceIndex, "nelems", nelems,
                CollectiveArgs.elementSize(type), root);
    }

    private void broadcastElements(SymmetricMemory dest, String destName, long destIndex, SymmetricMemory source,
                                   String sourceName, long sourceIndex, String countName, long count, long size,
                                   int root) {
        TeamChannel ch = usable();
        Operands.count(countName, count);
        CollectiveArgs.root(root, state.size());
        Object owner = owner();
        long d = CollectiveArgs.range(owner, dest, "dest", destName, destIndex, countName, count, size);
        long s = CollectiveArgs.range(owner, source, "source", sourceName, sourceIndex, countName, count, size);
        long bytes = count * size;
        CollectiveArgs.noOverlap("broadcast", d, bytes, s, bytes, d, "separate buffers or the same one (in place)");
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            Collectives.broadcast(ch, d, s, bytes, root);
            HostProfile.end(span, ProfFrame.COLLECTIVE, "broadcast", -1, bytes);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void fcollectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes) {
        fcollectElements(dest, "destOffset", destOffset, source, "sourceOffset", sourceOffset, "bytes", bytes, 1);
    }

    @Override
    public void fcollect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems) {
        fcollectElements(dest, "destIndex", destIndex, source, "sourceIndex", sourceIndex, "nelems", nelems,
                CollectiveArgs.elementSize(type));
    }

    private void fcollectElements(SymmetricMemory dest, String destName, long destIndex, SymmetricMemory source,
                                  String sourceName, long sourceIndex, String countName, long count, long size) {
        TeamChannel ch = usable();
        // A constant, not countName + " * nPes": the concatenation allocated whenever the JIT did not inline past it.
        String allName = "bytes".equals(countName) ? "bytes * nPes" : "nelems * nPes";
        long all = CollectiveArgs.product(allName, count, state.size());
        Object owner = owner();
        long d = CollectiveArgs.range(owner, dest, "dest", destName, destIndex, allName, all, size);
        long s = CollectiveArgs.range(owner, source, "source", sourceName, sourceIndex, countName, count, size);
        long bytes = count * size;
        CollectiveArgs.noOverlap("fcollect", d, all * size, s, bytes, d + state.myIndex() * bytes,
                "separate buffers or this PE's own block of dest (in place)");
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            Collectives.fcollect(ch, d, s, bytes);
            HostProfile.end(span, ProfFrame.COLLECTIVE, "fcollect", -1, bytes);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long collectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                           long bytes) {
        return collectElements(dest, "destOffset", destOffset, source, "sourceOffset", sourceOffset, "bytes", bytes, 1);
    }

    @Override
    public long collect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                        long sourceIndex, long nelems) {
        long size = CollectiveArgs.elementSize(type);
        return collectElements(dest, "destIndex", destIndex, source, "sourceIndex", sourceIndex, "nelems", nelems,
                size) / size;
    }

    private long collectElements(SymmetricMemory dest, String destName, long destIndex, SymmetricMemory source,
                                 String sourceName, long sourceIndex, String countName, long count, long size) {
        TeamChannel ch = usable();
        Operands.count(countName, count);
        Object owner = owner();
        // The total (and so dest's range) is known only once the members' sizes are exchanged: here the start is
        // checked and kept, and Collectives.collect checks the total against the room on every member before any
        // write.
        long d = CollectiveArgs.start(owner, dest, "dest", destName, destIndex, size);
        long s = CollectiveArgs.range(owner, source, "source", sourceName, sourceIndex, countName, count, size);
        long capacity = CollectiveArgs.room(dest, destIndex, size);
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            long r = Collectives.collect(ch, d, s, count * size, capacity, size);
            HostProfile.end(span, ProfFrame.COLLECTIVE, "collect", -1, count * size);
            return r;
        } finally {
            lock.unlock();
        }
    }

    // ---- alltoall -----------------------------------------------------------------------------------------

    @Override
    public void alltoallmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes) {
        alltoallElements(dest, "destOffset", destOffset, source, "sourceOffset", sourceOffset, 1, 1, bytes, 1);
    }

    @Override
    public void alltoall(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems) {
        alltoallElements(dest, "destIndex", destIndex, source, "sourceIndex", sourceIndex, 1, 1, nelems,
                CollectiveArgs.elementSize(type));
    }

    @Override
    public void alltoalls(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long dst, long sst, long nelems) {
        alltoallElements(dest, "destIndex", destIndex, source, "sourceIndex", sourceIndex, dst, sst, nelems,
                CollectiveArgs.elementSize(type));
    }

    @Override
    public void alltoallsmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long dst, long sst, long bytes) {
        alltoallElements(dest, "destOffset", destOffset, source, "sourceOffset", sourceOffset, dst, sst, bytes, 1);
    }

    private void alltoallElements(SymmetricMemory dest, String destName, long destIndex, SymmetricMemory source,
                                  String sourceName, long sourceIndex, long dst, long sst, long count, long size) {
        TeamChannel ch = usable();
        Operands.stride("dst", dst);
        Operands.stride("sst", sst);
        long all = CollectiveArgs.product("nelems * nPes", count, state.size());
        Object owner = owner();
        long d = Operands.stridedInBlock(Operands.block("dest", dest, owner), "dest", destName, destIndex, "dst", dst,
                "nelems * nPes", all, size);
        long s = Operands.stridedInBlock(Operands.block("source", source, owner), "source", sourceName, sourceIndex,
                "sst", sst, "nelems * nPes", all, size);
        long destSpan = all == 0 ? 0 : ((all - 1) * dst + 1) * size;
        long srcSpan = all == 0 ? 0 : ((all - 1) * sst + 1) * size;
        CollectiveArgs.noOverlap("alltoall", d, destSpan, s, srcSpan, -1, "separate buffers");
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            Collectives.alltoall(ch, d, s, count, size, dst, sst);
            HostProfile.end(span, ProfFrame.COLLECTIVE, "alltoall", -1, 0);
        } finally {
            lock.unlock();
        }
    }

    // ---- reductions and scans -----------------------------------------------------------------------------

    @Override
    public void reduce(ReduceOp op, DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                       long sourceIndex, long count) {
        Operands.notNull("op", op);
        DataType kind = Operands.notNull("type", type);
        CollectiveArgs.operatorOnType(op, kind);
        combine(op, false, kind, dest, destIndex, source, sourceIndex, count);
    }

    @Override
    public void sumInscan(DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        combine(null, true, Operands.notNull("type", type), dest, destIndex, source, sourceIndex, count);
    }

    @Override
    public void sumExscan(DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count) {
        combine(null, false, Operands.notNull("type", type), dest, destIndex, source, sourceIndex, count);
    }

    /** A reduction with {@code op}, or (op null) a sum scan, inclusive or exclusive; type already checked. */
    private void combine(ReduceOp op, boolean inclusive, DataType type, SymmetricMemory dest, long destIndex,
                         SymmetricMemory source, long sourceIndex, long count) {
        TeamChannel ch = usable();
        long d = CollectiveArgs.reduction(owner(), type, dest, destIndex, source, sourceIndex, count);
        if (count == 0) {
            return; // every member passes the same count: nothing to combine, on any of them
        }
        long s = source.heapOffset() + sourceIndex * type.byteSize(); // in range: checked above
        lock();
        try {
            HostProfile.Span span = teams.runtime().prof().begin();
            if (op != null) {
                Collectives.reduce(ch, type, op, d, s, count);
            } else {
                Collectives.scan(ch, type, inclusive, d, s, count);
            }
            HostProfile.end(span, ProfFrame.COLLECTIVE, op != null ? "reduce" : "scan", -1, 0);
        } finally {
            lock.unlock();
        }
    }

    // ---- direct access ----

    /**
     * Team PE {@code pe}'s copy of {@code dest} ({@code shmem_team_ptr}): the world PE's view from
     * {@link SymmetricMemory#ptr(int)}, empty when not mapped here or when this is TEAM_INVALID. Lock-free.
     */
    @Override
    public Optional<MemorySegment> ptr(SymmetricMemory dest, int pe) {
        teams.instance().ensureLive();
        if (dest instanceof KindBlock) {
            Operands.kindBlock("dest", dest, owner());
        } else {
            Operands.block("dest", dest, owner());
        }
        if (state == null) {
            return Optional.empty();
        }
        if (state.isDestroyed()) {
            throw destroyed();
        }
        Operands.pe("pe", pe, state.size());
        return dest.ptr(state.member(pe));
    }

    // ---- plumbing -----------------------------------------------------------------------------------------

    private Object owner() {
        return teams.instance();
    }

    /** The channel of a team this PE may use; throws for the invalid team, a destroyed one, or after finalize. */
    private TeamChannel usable() {
        teams.instance().ensureLive();
        teams.runtime().checkThread();
        if (state == null) {
            throw new ShmemArgumentException("team is TEAM_INVALID: this PE is not a member of it (a split gives "
                    + "PEs outside the new team an invalid team); call team operations only on teams this PE "
                    + "belongs to (check isValid())");
        }
        if (state.isDestroyed()) {
            throw destroyed();
        }
        return channel;
    }

    private ShmemStateException destroyed() {
        return new ShmemStateException(state.name() + " has been destroyed: it cannot be used after destroy();"
                + " split a new team");
    }

    /** Takes the team's lock; throws (unlocked) when the team was destroyed meanwhile. */
    private void lock() {
        lock.lock();
        if (state.isDestroyed()) {
            lock.unlock();
            throw destroyed();
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
