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
    private static final Queue<MemorySegment> ABANDONED_BUFFERS = new ConcurrentLinkedQueue<>();
    /**
     * Size of the bounce buffer, reused per thread; larger puts go through it in pieces, each completed before the
     * next (larger gets use a buffer of their own, so that a failed get writes nothing). A buffer allocated per transfer cost more than the copy (each 1-2 MiB put from a Java array paid a
     * zeroed mapping, its page faults and a later unmapping), and so did small pieces (each waits for its
     * completion): over tcp loopback, 2 PEs, Transpose's 2 MiB puts took 6.3-6.4 ms per iteration with a buffer per
     * put, 5.6-7.3 in 1 MiB pieces, 5.3-5.5 through one 4 MiB buffer.
     */
    static final long BOUNCE_BYTES = 4L << 20;

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
     * This thread's native bounce buffer (16-byte aligned) for puts from and gets into Java heap segments, with room
     * for {@code min(bytes, BOUNCE_BYTES)}: callers move larger puts through it piece by piece. Grown by doubling
     * and reused, so such transfers allocate nothing once it has its size. UCX may still use it after a timed-out
     * wait: {@link #abandonCurrent()} then retires it with the scratch.
     */
    MemorySegment bounce(long bytes) {
        long want = Math.min(bytes, BOUNCE_BYTES);
        if (bounce.byteSize() < want) {
            bounce = Arena.ofAuto().allocate(Math.max(want, Math.min(BOUNCE_BYTES, 2 * bounce.byteSize())), 16);
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

    /** Keeps a buffer of one transfer reachable forever (never freed) because UCX may still write into it. */
    static void abandon(MemorySegment buffer) {
        ABANDONED_BUFFERS.add(buffer);
    }
}
