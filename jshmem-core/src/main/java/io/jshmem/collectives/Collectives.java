package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.team.TeamLayout;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Entry points of the collectives over one team: each takes the team's next epoch and runs the algorithm that the
 * tuning ({@link CollectiveTuning}) selects for the team size and data size. Addresses are symmetric heap offsets,
 * already checked by the API; one-member teams reduce to a local copy. Not thread-safe per channel (the API
 * serializes calls on a team).
 */
public final class Collectives {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private Collectives() {
    }

    /** Synchronizes the team's members ({@code shmem_team_sync}). */
    public static void sync(TeamChannel ch) {
        ch.begin(CollectiveActivity.SYNC);
        ch.sync();
    }

    /** Quiet, then synchronize the team's members. */
    public static void barrier(TeamChannel ch) {
        ch.begin(CollectiveActivity.BARRIER);
        ch.barrier();
    }

    /**
     * The algorithm a broadcast of {@code bytes} uses on this team: "eager", "tree" or "pipeline". auto takes the
     * eager push through the scratch for what fits it when every member is mapped here (its check that a child is
     * ready is then a load, not a network round trip), the pipeline for large data on 3 or more PEs, else the tree.
     */
    public static String broadcastAlgorithm(TeamChannel ch, long bytes) {
        return ch.broadcastChoice().of(bytes).label();
    }

    /** As {@link #broadcastAlgorithm(TeamChannel, long)} for a team of {@code n} members. */
    static String broadcastAlgorithm(CollectiveTuning t, boolean allDirect, int n, long bytes) {
        return broadcastRule(t, allDirect, n, bytes).label();
    }

    static Algorithm broadcastRule(CollectiveTuning t, boolean allDirect, int n, long bytes) {
        return switch (t.broadcast()) {
            case PIPELINE -> Algorithm.PIPELINE;
            case TREE -> Algorithm.TREE;
            case EAGER -> EagerBroadcast.fits(n, bytes) ? Algorithm.EAGER : Algorithm.TREE;
            case AUTO -> allDirect && EagerBroadcast.fits(n, bytes) ? Algorithm.EAGER
                    : n >= 3 && bytes >= t.pipelineMin() ? Algorithm.PIPELINE : Algorithm.TREE;
        };
    }

    public static void broadcast(TeamChannel ch, long dest, long source, long bytes, int root) {
        ch.begin(CollectiveActivity.BROADCAST, root, bytes);
        if (ch.size() == 1) {
            ch.localCopy(source, dest, bytes);
            return;
        }
        Algorithm algorithm = ch.broadcastChoice().of(bytes);
        switch (algorithm) {
            case EAGER -> EagerBroadcast.run(ch, dest, source, bytes, root);
            case PIPELINE -> PipelinedBroadcast.run(ch, dest, source, bytes, root, ch.tuning().chunk());
            default -> TreeBroadcast.run(ch, dest, source, bytes, root);
        }
    }

    /**
     * The algorithm an fcollect of blocks of {@code blockBytes} uses: "eager", "direct", "ring" or "rd". auto takes
     * the eager push through the scratch for blocks that fit it when every member is mapped here, the direct
     * allgather for the rest of such teams, else recursive doubling (power-of-two teams, small blocks) or the ring.
     */
    public static String fcollectAlgorithm(TeamChannel ch, long blockBytes) {
        return ch.fcollectChoice().of(blockBytes).label();
    }

    /** As {@link #fcollectAlgorithm(TeamChannel, long)} for a team of {@code n} members. */
    static String fcollectAlgorithm(CollectiveTuning t, boolean allDirect, int n, long blockBytes) {
        return fcollectRule(t, allDirect, n, blockBytes).label();
    }

    static Algorithm fcollectRule(CollectiveTuning t, boolean allDirect, int n, long blockBytes) {
        boolean pow2 = RecursiveDoublingFcollect.applies(n);
        return switch (t.fcollect()) {
            case EAGER -> EagerFcollect.fits(n, blockBytes) ? Algorithm.EAGER
                    : allDirect ? Algorithm.DIRECT : Algorithm.RING;
            case DIRECT -> Algorithm.DIRECT;
            case RING -> Algorithm.RING;
            case RD -> pow2 ? Algorithm.RD : Algorithm.RING;
            case AUTO -> allDirect ? EagerFcollect.fits(n, blockBytes) ? Algorithm.EAGER : Algorithm.DIRECT
                    : pow2 && blockBytes <= t.fcollectRdMax() ? Algorithm.RD : Algorithm.RING;
        };
    }

    /**
     * Equal blocks of {@code blockBytes} from every member, in team order ({@code shmem_fcollect}). In place, every
     * member passes its own block of dest as source.
     */
    public static void fcollect(TeamChannel ch, long dest, long source, long blockBytes) {
        ch.begin(CollectiveActivity.FCOLLECT, -1, blockBytes);
        int n = ch.size();
        if (n == 1) {
            ch.localCopy(source, dest, blockBytes);
            return;
        }
        Blocks blocks = ch.equalBlocks(blockBytes);
        Algorithm algorithm = ch.fcollectChoice().of(blockBytes);
        switch (algorithm) {
            case EAGER -> EagerFcollect.run(ch, dest, source, blockBytes);
            case DIRECT -> DirectAllgather.run(ch, dest, source, blocks, false);
            case RD -> RecursiveDoublingFcollect.run(ch, dest, source, blockBytes);
            default -> RingAllgather.run(ch, dest, source, blocks, false);
        }
    }

    /**
     * Blocks of possibly different sizes, concatenated in team order from heap offset {@code dest}
     * ({@code shmem_collect}). The members first publish their block sizes, source offsets, dest offsets and dest
     * capacities (the bytes from {@code dest} to the end of its block); every member then checks, from the same
     * data, that all members name the same dest, that the total fits the smallest capacity and that no source
     * overlaps the dest except exactly at its own block (in place), so all members accept or all throw, after a
     * sync, with nothing written on any of them: the total is known only once the sizes are exchanged.
     *
     * @return the total number of bytes gathered
     */
    public static long collect(TeamChannel ch, long dest, long source, long bytes, long destCapacity,
                               long elemSize) {
        ch.begin(CollectiveActivity.COLLECT);
        int n = ch.size();
        LONG.setRelease(ch.local(), ch.slotWord(TeamLayout.COUNT), bytes);
        LONG.setRelease(ch.local(), ch.slotWord(TeamLayout.COUNT_SOURCE), source);
        LONG.setRelease(ch.local(), ch.slotWord(TeamLayout.COLLECT_DEST), dest);
        LONG.setRelease(ch.local(), ch.slotWord(TeamLayout.COLLECT_CAPACITY), destCapacity);
        if (n > 1) {
            ch.sync();
        }
        long[] sizes = new long[n];
        long[] sources = new long[n];
        long[] dests = new long[n];
        long[] capacities = new long[n];
        for (int i = 0; i < n; i++) {
            boolean mine = i == ch.me();
            int pe = ch.pe(i);
            sizes[i] = mine ? bytes : ch.comm().getScalarLong(pe, ch.slotWord(TeamLayout.COUNT));
            sources[i] = mine ? source : ch.comm().getScalarLong(pe, ch.slotWord(TeamLayout.COUNT_SOURCE));
            dests[i] = mine ? dest : ch.comm().getScalarLong(pe, ch.slotWord(TeamLayout.COLLECT_DEST));
            capacities[i] = mine ? destCapacity
                    : ch.comm().getScalarLong(pe, ch.slotWord(TeamLayout.COLLECT_CAPACITY));
        }
        Blocks blocks = Blocks.of(sizes);
        String problem = collectDestProblem(blocks, dests, capacities, elemSize, ch);
        if (problem == null) {
            problem = collectProblem(blocks, sources, dest, ch);
        }
        if (problem != null) {
            if (n > 1) {
                ch.sync();
            }
            throw new ShmemArgumentException(problem);
        }
        if (n == 1) {
            ch.localCopy(source, dest, bytes);
        } else if (!collectByRing(ch.tuning(), ch.allDirect())) {
            DirectAllgather.run(ch, dest, source, blocks, true);
        } else {
            RingAllgather.run(ch, dest, source, blocks, true);
        }
        return blocks.total();
    }

    /**
     * Whether collect takes the ring rather than the direct allgather. Its blocks may differ in size between members,
     * so the choice must not depend on them (members would run different algorithms): forced direct, ring and rd
     * (ring) hold; auto and eager take the direct allgather where every member is mapped here, as fcollect does for
     * blocks that are not eager, and the ring elsewhere.
     */
    static boolean collectByRing(CollectiveTuning t, boolean allDirect) {
        return switch (t.fcollect()) {
            case DIRECT -> false;
            case RING, RD -> true;
            case AUTO, EAGER -> !allDirect;
        };
    }

    /**
     * Whether every member names the same dest and the total fits every member's capacity; computed from the
     * published words alone, so every member reaches the same verdict.
     */
    private static String collectDestProblem(Blocks b, long[] dests, long[] capacities, long elemSize,
                                             TeamChannel ch) {
        int smallest = 0;
        for (int i = 0; i < dests.length; i++) {
            if (dests[i] != dests[0]) {
                return "collect: dest differs between members: team PE 0 (PE " + ch.pe(0) + ") passed "
                        + "heap offset " + dests[0] + ", team PE " + i + " (PE " + ch.pe(i) + ") heap offset "
                        + dests[i] + "; every member must pass the same dest and destIndex (nothing was written)";
            }
            if (capacities[i] < capacities[smallest]) {
                smallest = i;
            }
        }
        long capacity = capacities[smallest];
        if (b.total() > capacity) {
            return "collect gathers " + b.total() / elemSize + " elements (" + b.total() + " bytes: the members "
                    + "contribute " + java.util.Arrays.toString(b.sizes()) + " bytes) but dest holds only "
                    + capacity / elemSize + " elements (" + capacity + " bytes) from destIndex"
                    + (smallest == ch.me() ? "" : " on team PE " + smallest)
                    + "; pass a larger dest or a smaller destIndex (nothing was written)";
        }
        return null;
    }

    private static String collectProblem(Blocks b, long[] sources, long dest, TeamChannel ch) {
        for (int i = 0; i < b.sizes().length; i++) {
            long s = sources[i];
            long len = b.sizes()[i];
            boolean overlaps = len > 0 && s < dest + b.total() && dest < s + len;
            if (overlaps && s != dest + b.offsets()[i]) {
                return "collect: the source of PE " + ch.pe(i) + " (heap offset " + s + ", " + len + " bytes) "
                        + "overlaps dest (heap offset " + dest + ", " + b.total() + " bytes) other than exactly at "
                        + "its own block (offset " + (dest + b.offsets()[i]) + "): valid are separate buffers or "
                        + "an in-place source at the member's block; nothing was written";
            }
        }
        return null;
    }

    /** {@code nelems} elements of {@code elemSize} bytes to and from every member ({@code shmem_alltoall[s]}). */
    public static void alltoall(TeamChannel ch, long dest, long source, long nelems, long elemSize, long dst,
                                long sst) {
        ch.begin(CollectiveActivity.ALLTOALL, -1, nelems * elemSize);
        PairwiseAlltoall.run(ch, dest, source, nelems, elemSize, dst, sst);
    }

    /** The algorithm a reduction of {@code bytes} uses on this team: "rd" or "rsag". */
    public static String reduceAlgorithm(TeamChannel ch, long bytes) {
        return ch.reduceChoice().of(bytes).label();
    }

    static Algorithm reduceRule(CollectiveTuning t, int n, long bytes) {
        boolean fits = RecursiveDoublingReduce.fits(n, bytes);
        return switch (t.reduce()) {
            case RD -> fits ? Algorithm.RD : Algorithm.RSAG;
            case RSAG -> Algorithm.RSAG;
            case AUTO -> fits && bytes <= t.reduceRdMax() ? Algorithm.RD : Algorithm.RSAG;
        };
    }

    /** Element-wise reduction of {@code count} elements over the team into every member's dest. */
    public static void reduce(TeamChannel ch, DataType kind, ReduceOp op, long dest, long source,
                              long count) {
        ch.beginReduction(op, count * kind.byteSize(), kind.ordinal() + 1);
        if (ch.size() == 1) {
            ch.localCopy(source, dest, count * kind.byteSize());
            return;
        }
        Algorithm algorithm = ch.reduceChoice().of(count * kind.byteSize());
        if (algorithm == Algorithm.RD) {
            RecursiveDoublingReduce.run(ch, kind, op, dest, source, count);
        } else {
            ReduceScatterAllgather.run(ch, kind, op, dest, source, count);
        }
    }

    /** Inclusive or exclusive prefix sum over the team, in team order. */
    public static void scan(TeamChannel ch, DataType kind, boolean inclusive, long dest, long source,
                            long count) {
        ch.beginTyped(inclusive ? CollectiveActivity.INSCAN : CollectiveActivity.EXSCAN, count * kind.byteSize(),
                kind.ordinal() + 1);
        if (ch.size() == 1) {
            if (inclusive) {
                ch.localCopy(source, dest, count * kind.byteSize());
            } else {
                ch.local().asSlice(dest, count * kind.byteSize()).fill((byte) 0);
            }
            return;
        }
        LinearScan.run(ch, kind, inclusive, dest, source, count);
    }
}
