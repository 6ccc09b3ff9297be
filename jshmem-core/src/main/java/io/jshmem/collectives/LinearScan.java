package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import java.lang.foreign.MemorySegment;

/**
 * Prefix sums (OpenSHMEM 1.6 sum_inscan / sum_exscan) by pulling: after an entry sync member i adds the sources of
 * members 0..i (inclusive) or 0..i-1 (exclusive; member 0 gets zeros) into a private buffer, straight from the
 * mapped peer heaps on one host; after a second sync, when no one reads sources any more, it writes the result to
 * its dest, which may be its source. Member i reads i sources; on one host that is the cheapest correct order for
 * the team sizes of a node, and over a network engine the reads are gets. Results are summed in team order, the
 * same order on every member.
 */
final class LinearScan {
    private LinearScan() {
    }

    static void run(TeamChannel ch, DataType kind, boolean inclusive, long dest, long source, long count) {
        int me = ch.me();
        long bytes = count * kind.byteSize();
        MemorySegment local = ch.local();
        ch.sync();
        int last = inclusive ? me : me - 1;
        MemorySegment acc = ch.accumulator(Math.max(16, bytes));
        if (last < 0) {
            acc.asSlice(0, bytes).fill((byte) 0);
        } else {
            ch.get(0, source, acc, 0, bytes);
            for (int j = 1; j <= last; j++) {
                PeerOperand.combine(ch, kind, ReduceOp.SUM, acc, 0, acc, 0, j, source, count);
            }
        }
        ch.sync();
        MemorySegment.copy(acc, 0, local, dest, bytes);
    }
}
