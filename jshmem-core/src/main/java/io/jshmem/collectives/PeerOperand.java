package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import java.lang.foreign.MemorySegment;

/**
 * Combines with data that lives in another member's heap: straight from the mapped peer heap when direct access is
 * on (loads from the peer's memory, no copy), otherwise through gets into the channel's staging buffer, a chunk at
 * a time. Stateless.
 */
final class PeerOperand {
    private static final long STAGE_BYTES = 1L << 20;

    private PeerOperand() {
    }

    /** {@code d[dOff..] = a[aOff..] op (member's heap at srcOff)} for {@code count} elements. */
    static void combine(TeamChannel ch, DataType kind, ReduceOp op, MemorySegment d, long dOff,
                        MemorySegment a, long aOff, int member, long srcOff, long count) {
        if (count == 0) {
            return;
        }
        MemorySegment peer = member == ch.me() ? ch.local() : ch.peer(member);
        if (peer != null) {
            Combine.apply(kind, op, d, dOff, a, aOff, peer, srcOff, count);
            return;
        }
        long size = kind.byteSize();
        long per = Math.max(1, STAGE_BYTES / size);
        MemorySegment stage = ch.staging(Math.min(count, per) * size);
        for (long done = 0; done < count; done += per) {
            long c = Math.min(per, count - done);
            ch.get(member, srcOff + done * size, stage, 0, c * size);
            Combine.apply(kind, op, d, dOff + done * size, a, aOff + done * size, stage, 0, c);
        }
    }
}
