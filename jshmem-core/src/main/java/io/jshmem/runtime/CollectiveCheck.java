package io.jshmem.runtime;

import io.jshmem.collectives.Barrier;
import io.jshmem.comm.Comm;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.memory.HeapLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Verifies that every PE entered the same collective heap operation with the same arguments. Each PE publishes
 * (sequence, operation, a, b) in its heap's check slot, all synchronize, each reads every slot, all synchronize
 * again (so no slot is overwritten while someone still reads it), and then every PE reaches the same verdict.
 * Not thread-safe: called with the runtime's collective lock held.
 */
final class CollectiveCheck {
    private final Comm comm;
    private final Barrier barrier;
    private final MemorySegment scratch = MemorySegment.ofArray(new long[4]);
    private long sequence;

    CollectiveCheck(Comm comm, Barrier barrier) {
        this.comm = comm;
        this.barrier = barrier;
    }

    /** Throws on every PE, with the same message, when any PE passed other arguments. */
    void verify(String operation, long a, long b, String aName, String bName) {
        long seq = ++sequence;
        long op = operation.hashCode();
        MemorySegment local = comm.localHeap();
        long slot = HeapLayout.ALLOC_CHECK_OFFSET;
        local.set(ValueLayout.JAVA_LONG, slot, seq);
        local.set(ValueLayout.JAVA_LONG, slot + 8, op);
        local.set(ValueLayout.JAVA_LONG, slot + 16, a);
        local.set(ValueLayout.JAVA_LONG, slot + 24, b);
        barrier.sync();
        int n = comm.nPes();
        long[][] seen = new long[n][];
        for (int pe = 0; pe < n; pe++) {
            comm.get(pe, slot, scratch, 0, HeapLayout.ALLOC_CHECK_LENGTH);
            seen[pe] = scratch.toArray(ValueLayout.JAVA_LONG);
        }
        barrier.sync();
        List<Integer> differ = new ArrayList<>();
        for (int pe = 0; pe < n; pe++) {
            if (seen[pe][0] != seen[0][0] || seen[pe][1] != seen[0][1] || seen[pe][2] != seen[0][2]
                    || seen[pe][3] != seen[0][3]) {
                differ.add(pe);
            }
        }
        if (!differ.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (int pe = 0; pe < n; pe++) {
                sb.append(pe == 0 ? "" : ", ").append("PE ").append(pe).append(": ").append(aName).append('=')
                        .append(seen[pe][2]).append(' ').append(bName).append('=').append(seen[pe][3]);
                if (seen[pe][1] != op) {
                    sb.append(" (another operation)");
                }
            }
            throw new ShmemArgumentException(operation + " is collective and every PE must pass the same "
                    + aName + " and " + bName + ", but PEs " + differ + " differ from PE 0: " + sb
                    + "; call it with identical arguments on all PEs (nothing was allocated or freed)");
        }
    }
}
