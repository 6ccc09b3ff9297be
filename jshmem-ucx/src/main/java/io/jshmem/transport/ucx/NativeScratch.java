package io.jshmem.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Per-thread native memory for one operation at a time: a zeroed request-parameter block and 8-byte operand and
 * reply words for atomics. Reused across calls on the same thread so the hot path allocates nothing.
 *
 * <p>UCX may keep writing a reply word after a wait has timed out (the request is released, not cancelled), so a
 * thread that gives up on a request {@link #abandonCurrent() abandons} its scratch: it is kept reachable forever
 * and never reused. Each instance is confined to the thread that obtained it.
 */
final class NativeScratch {
    private static final ThreadLocal<NativeScratch> CURRENT = ThreadLocal.withInitial(NativeScratch::new);
    private static final Queue<NativeScratch> ABANDONED = new ConcurrentLinkedQueue<>();

    /** A {@code ucp_request_param_t} sized block (larger than any UCX version's struct). */
    final MemorySegment param;
    final MemorySegment operand;
    final MemorySegment reply;

    private NativeScratch() {
        // ofAuto: freed by the GC once the thread (and so its ThreadLocal) is gone.
        MemorySegment all = Arena.ofAuto().allocate(Ucp.paramBlock().byteSize() + 64, 64);
        param = all.asSlice(0, Ucp.paramBlock().byteSize());
        operand = all.asSlice(Ucp.paramBlock().byteSize(), 8);
        reply = all.asSlice(Ucp.paramBlock().byteSize() + 8, 8);
    }

    static NativeScratch get() {
        return CURRENT.get();
    }

    /** Retires this thread's scratch because UCX may still write into it. */
    static void abandonCurrent() {
        ABANDONED.add(CURRENT.get());
        CURRENT.remove();
    }
}
