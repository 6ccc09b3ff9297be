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
    /** Largest transfer served by the reused bounce buffer. */
    static final long BOUNCE_MAX = 1 << 16;

    /** A {@code ucp_request_param_t} sized block (larger than any UCX version's struct). */
    final MemorySegment param;
    final MemorySegment operand;
    final MemorySegment reply;
    private MemorySegment bounce = MemorySegment.NULL;

    private NativeScratch() {
        // ofAuto: freed by the GC once the thread (and so its ThreadLocal) is gone.
        MemorySegment all = Arena.ofAuto().allocate(Ucp.paramBlock().byteSize() + 64, 64);
        param = all.asSlice(0, Ucp.paramBlock().byteSize());
        operand = all.asSlice(Ucp.paramBlock().byteSize(), 8);
        reply = all.asSlice(Ucp.paramBlock().byteSize() + 8, 8);
    }

    /**
     * This thread's native bounce buffer of at least {@code bytes} (16-byte aligned), for puts from and gets into
     * Java heap segments up to {@link #BOUNCE_MAX} bytes; reused, so such transfers allocate nothing after the
     * first. Larger ones get a buffer of their own (its cost is small against the copy). UCX may still use a
     * bounce buffer after a timed-out wait: {@link #abandonCurrent()} then retires it with the scratch.
     */
    MemorySegment bounce(long bytes) {
        if (bytes > BOUNCE_MAX) {
            return Arena.ofAuto().allocate(bytes, 16);
        }
        if (bounce.byteSize() < bytes) {
            bounce = Arena.ofAuto().allocate(Math.max(bytes, Math.min(BOUNCE_MAX, 2 * bounce.byteSize())), 16);
        }
        return bounce;
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
