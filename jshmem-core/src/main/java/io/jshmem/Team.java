package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.ValueLayout;

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
public interface Team extends AutoCloseable {
    /** The two teams of a {@link #split2d}: this PE's row ({@code xTeam}) and column ({@code yTeam}). */
    record Split2d(Team xTeam, Team yTeam) {
    }

    /** Whether this PE is a member of a live team (false for the invalid team and after {@link #destroy()}). */
    boolean isValid();

    /** This PE's number in the team, or -1 for an invalid or destroyed team ({@code shmem_team_my_pe}). */
    int myPe();

    /** Number of PEs in the team, or -1 for an invalid or destroyed team ({@code shmem_team_n_pes}). */
    int nPes();

    /**
     * The number in {@code destTeam} of this team's PE {@code pe}, or -1 when either team is invalid or destroyed,
     * {@code pe} is not a PE of this team, or it is not a member of {@code destTeam} ({@code shmem_team_translate_pe}).
     */
    int translatePe(int pe, Team destTeam);

    /** The configuration the team was created with ({@code shmem_team_get_config}). */
    TeamConfig getConfig();

    /**
     * A communication context created from this team ({@code shmem_team_create_ctx}); {@link Context#team()}
     * returns this team. Not collective. As OpenSHMEM 1.6 requires, its operations take team-relative PE numbers
     * (0..nPes()-1 of this team) and its myPe()/nPes() are the team's. On an invalid team (a PE outside a split)
     * it returns {@link Context#INVALID}. Thread-safe.
     */
    Context createCtx(CtxOption... options);

    /**
     * Collective over this (parent) team: a new team of the parent's PEs {@code start, start+stride, ...},
     * {@code size} of them ({@code shmem_team_split_strided}); PEs outside it receive an invalid team. A negative
     * stride gives the PEs in reverse order (1.6: {@code start} is then the highest); stride 0 needs size 1; every
     * member must lie in the parent (no wrap-around). All members
     * of the parent must call it with the same arguments (checked: otherwise every member throws, naming the PEs
     * that differ). Throws {@link ShmemStateException} on every member when no team slot is free on all new
     * members ({@code JSHMEM_TEAMS_MAX}).
     */
    Team splitStrided(int start, int stride, int size);

    /** {@link #splitStrided(int, int, int)} with a configuration for the new team. */
    Team splitStrided(int start, int stride, int size, TeamConfig config);

    /**
     * Collective over this (parent) team: lays the parent out as rows of {@code xRange} PEs (the last row may be
     * shorter; values above the size act as the size) and returns this PE's row team and column team
     * ({@code shmem_team_split_2d}). Checked for agreement like {@link #splitStrided}.
     */
    Split2d split2d(int xRange);

    /** {@link #split2d(int)} with configurations for the row and column teams. */
    Split2d split2d(int xRange, TeamConfig xConfig, TeamConfig yConfig);

    /**
     * Collective over the team: a barrier over its members, then the team is gone on this PE and its slot free
     * ({@code shmem_team_destroy}). Destroying the invalid team or a destroyed one does nothing; TEAM_WORLD and
     * TEAM_SHARED cannot be destroyed.
     */
    void destroy();

    /** {@link #destroy()}: teams work in try-with-resources. */
    void close();

    /** Collective: waits until every member has arrived ({@code shmem_team_sync}); completes no operations. */
    void sync();

    /**
     * Collective: completes this PE's outstanding operations, then waits for every member (CANN's
     * {@code aclshmem_barrier(team)}); everything members stored before it is visible to every member after it.
     */
    void barrier();

    /**
     * Collective: copies {@code bytes} from {@code source + sourceOffset} on team PE {@code root} to
     * {@code dest + destOffset} on every member, root included ({@code shmem_broadcastmem}). dest and source may be
     * the same buffer; other overlaps are rejected.
     */
    void broadcastmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long bytes, int root);

    /** Typed {@link #broadcastmem}: {@code nelems} elements of {@code type} ({@code shmem_TYPE_broadcast}). */
    void broadcast(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long nelems, int root);

    /**
     * Collective: concatenates every member's {@code bytes} from {@code source} in team order into {@code dest}
     * on every member ({@code shmem_fcollectmem}); dest needs nPes() * bytes. In place, every member passes its own
     * block of dest ({@code destOffset + myPe() * bytes}) as source; other overlaps are rejected.
     */
    void fcollectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes);

    /** Typed {@link #fcollectmem}: {@code nelems} elements of {@code type} per member. */
    void fcollect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems);

    /**
     * Collective: concatenates every member's block, of sizes that may differ between members, in team order into
     * {@code dest} from {@code destOffset} on every member ({@code shmem_collectmem}); the bytes of dest before
     * {@code destOffset} and after the total are left as they were. Every member checks, from the sizes, sources and
     * dests all of them published, that every member passed the same dest position, that the total fits in dest from
     * {@code destOffset} and that no source overlaps dest except as its owner's own block; if not, all throw with
     * nothing written on any of them.
     *
     * @return the total number of bytes gathered (the same on every member)
     */
    long collectmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                           long bytes);

    /**
     * Typed {@link #collectmem}: {@code nelems} elements of {@code type} from this PE.
     *
     * @return the total number of elements gathered
     */
    long collect(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                        long sourceIndex, long nelems);

    /**
     * Collective: block j ({@code bytes} long) of this PE's source goes to block myPe() of team PE j's dest
     * ({@code shmem_alltoallmem}); source and dest each span nPes() blocks and must not overlap.
     */
    void alltoallmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                            long bytes);

    /** Typed {@link #alltoallmem}: {@code nelems} elements of {@code type} per PE pair. */
    void alltoall(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                         long sourceIndex, long nelems);

    /**
     * Collective, strided alltoall ({@code shmem_TYPE_alltoalls}): element m of the block for team PE j is
     * {@code source[sourceIndex + sst*(j*nelems + m)]} and lands at {@code dest[destIndex + dst*(myPe()*nelems + m)]}
     * on PE j. Strides are in elements, 1 or more.
     */
    void alltoalls(ValueLayout type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long dst, long sst, long nelems);

    /** {@code shmem_alltoallsmem}: {@link #alltoalls} on bytes. */
    void alltoallsmem(SymmetricMemory dest, long destOffset, SymmetricMemory source, long sourceOffset,
                             long dst, long sst, long bytes);

    /**
     * Collective: {@code dest[i] = source_0[i] op ... op source_{n-1}[i]} for {@code count} elements of {@code type}
     * on every member ({@code shmem_TYPE_OP_reduce}); every member receives identical bits. dest and source may be
     * the same buffer; other overlaps are rejected.
     */
    void reduce(ReduceOp op, DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                       long sourceIndex, long count);

    /**
     * Collective inclusive prefix sum ({@code shmem_TYPE_sum_inscan}, OpenSHMEM 1.6): team PE i receives
     * {@code source_0 + ... + source_i}, element-wise, summed in team order. dest may be source.
     */
    void sumInscan(DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count);

    /**
     * Collective exclusive prefix sum ({@code shmem_TYPE_sum_exscan}): team PE i receives
     * {@code source_0 + ... + source_{i-1}}; team PE 0 receives zeros. dest may be source.
     */
    void sumExscan(DataType type, SymmetricMemory dest, long destIndex, SymmetricMemory source,
                          long sourceIndex, long count);

    String toString();

    /**
     * Team PE {@code pe}'s copy of {@code dest} as a segment of this process ({@code shmem_team_ptr}): {@code pe} is
     * numbered in this team and translated to the world PE. Empty when that PE's memory is not reachable here with
     * loads and stores (another host, a network engine), and for TEAM_INVALID (what a split gives non-members), as
     * OpenSHMEM returns a null pointer. The segment is the one {@link SymmetricMemory#ptr(int)} gives for the world
     * PE: plain loads and stores (order them with VarHandle modes, quiet and barriers), inaccessible after
     * {@code dest} is freed. Local, not collective; any thread.
     *
     * @throws ShmemArgumentException when {@code pe} is outside {@code 0..nPes()-1}, or {@code dest} is null or of
     *                                another instance
     * @throws ShmemStateException    when the team is destroyed or {@code dest} is freed
     */
    java.util.Optional<java.lang.foreign.MemorySegment> ptr(SymmetricMemory dest, int pe);
}
