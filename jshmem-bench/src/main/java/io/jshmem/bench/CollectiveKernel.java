package io.jshmem.bench;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;
import io.jshmem.Team;
import io.jshmem.SymmetricMemory;

/**
 * One collective on the world team per operation, run by every PE back to back (the collectives synchronize
 * internally as far as their semantics need). {@code size} is the per-PE block: the bytes broadcast, each PE's
 * contribution to fcollect/collect, the bytes per PE pair of alltoall, the bytes of longs summed. Not thread-safe.
 */
final class CollectiveKernel extends Kernel {
    private final Team team;
    private final Bench op;
    private final SymmetricMemory dest;
    private final SymmetricMemory source;
    private final long size;
    /** Results go here so that no call looks unused. */
    long sink;

    CollectiveKernel(Team team, Bench op, SymmetricMemory dest, SymmetricMemory source, long size) {
        this.team = team;
        this.op = op;
        this.dest = dest;
        this.source = source;
        this.size = size;
    }

    /** Bytes of the destination buffer {@code op} needs at {@code size} on {@code nPes} PEs. */
    static long destBytes(Bench op, long size, int nPes) {
        return switch (op) {
            case FCOLLECT, COLLECT, ALLTOALL -> size * nPes;
            default -> size;
        };
    }

    /** Bytes of the source buffer {@code op} needs at {@code size} on {@code nPes} PEs. */
    static long sourceBytes(Bench op, long size, int nPes) {
        return op == Bench.ALLTOALL ? size * nPes : size;
    }

    @Override
    void run(long n) {
        switch (op) {
            case BROADCAST -> {
                for (long i = 0; i < n; i++) {
                    team.broadcastmem(dest, 0, source, 0, size, 0);
                }
            }
            case FCOLLECT -> {
                for (long i = 0; i < n; i++) {
                    team.fcollectmem(dest, 0, source, 0, size);
                }
            }
            case COLLECT -> {
                long s = 0;
                for (long i = 0; i < n; i++) {
                    s += team.collectmem(dest, 0, source, 0, size);
                }
                sink += s;
            }
            case ALLTOALL -> {
                for (long i = 0; i < n; i++) {
                    team.alltoallmem(dest, 0, source, 0, size);
                }
            }
            case SUM_REDUCE -> {
                long count = size / Long.BYTES;
                for (long i = 0; i < n; i++) {
                    team.reduce(ReduceOp.SUM, DataType.LONG, dest, 0, source, 0, count);
                }
            }
            default -> throw new IllegalArgumentException("op = " + op + " is not a collective benchmark; pass"
                    + " BROADCAST, FCOLLECT, COLLECT, ALLTOALL or SUM_REDUCE");
        }
    }
}
