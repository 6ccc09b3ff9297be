package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import io.jshmem.team.TeamLayout;

import java.lang.foreign.MemorySegment;

/**
 * Recursive-doubling allreduce for small inputs, push-based through the team's scratch slots. With p the largest
 * power of two not above n, members p..n-1 first fold their data into member me-p; then in round k each of the
 * first p members puts its partial result into slot k+1 of member me XOR 2^k (data, then the slot's flag set to
 * the epoch) and combines the partner's partial into its own; finally the folded members get the result back.
 * log2(p) rounds plus two for the fold, one short message each.
 *
 * <p>No entry or exit sync is needed: every member's result depends on every member's contribution to this call,
 * so a member can be at most one collective ahead of any other; the scratch has two halves chosen by the epoch's
 * parity, so that one-ahead member writes the other half. After an eager broadcast, which lets members run
 * further ahead, each first write into a member's half waits until that member is done with the half
 * ({@link TeamChannel#awaitScratchFree}). Partners combine the same two operands in opposite
 * order, which is exact for every operator, so all members end with identical bits.
 */
final class RecursiveDoublingReduce {
    private RecursiveDoublingReduce() {
    }

    /** Whether {@code bytes} fit one scratch slot of a team of {@code n}. */
    static boolean fits(int n, long bytes) {
        return bytes <= TeamLayout.rdCapacity(n);
    }

    static void run(TeamChannel ch, DataType kind, ReduceOp op, long dest, long source, long count) {
        int n = ch.size();
        int me = ch.me();
        long bytes = count * kind.byteSize();
        long epoch = ch.epoch();
        int p = TeamLayout.floorPowerOfTwo(n);
        long half = ch.slotWord(TeamLayout.RD_SCRATCH + (epoch & 1) * TeamLayout.RD_HALF_BYTES);
        long slotBytes = TeamLayout.rdSlotBytes(n);
        MemorySegment local = ch.local();
        MemorySegment acc = ch.staging(Math.max(16, bytes));
        MemorySegment.copy(local, source, acc, 0, bytes);
        if (me >= p) {
            send(ch, me - p, half, acc, bytes, epoch);
            ch.awaitWord(half, epoch, "result from PE %d", ch.pe(me - p), 0);
            MemorySegment.copy(local, half + TeamLayout.RD_DATA, local, dest, bytes);
            return;
        }
        if (me + p < n) {
            ch.awaitWord(half, epoch, "folded data from PE %d", ch.pe(me + p), 0);
            Combine.apply(kind, op, acc, 0, acc, 0, local, half + TeamLayout.RD_DATA, count);
        }
        for (int k = 0; (1 << k) < p; k++) {
            int partner = me ^ (1 << k);
            long slot = half + (k + 1) * slotBytes;
            send(ch, partner, slot, acc, bytes, epoch);
            ch.awaitWord(slot, epoch, "round %d from PE %d", k, ch.pe(partner));
            Combine.apply(kind, op, acc, 0, acc, 0, local, slot + TeamLayout.RD_DATA, count);
        }
        if (me + p < n) {
            send(ch, me + p, half, acc, bytes, epoch);
        }
        MemorySegment.copy(acc, 0, local, dest, bytes);
    }

    private static void send(TeamChannel ch, int member, long slot, MemorySegment acc, long bytes, long epoch) {
        ch.awaitScratchFree(member);
        ch.comm().putSignal(ch.pe(member), slot + TeamLayout.RD_DATA, acc, 0, bytes, slot, epoch, false);
    }
}
