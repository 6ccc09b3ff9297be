package io.jshmem.comm;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntConsumer;

/**
 * The target PEs a context has issued operations to since its last quiet, for engines whose operations may still
 * be in flight when the call returns. Quiet then completes only those targets.
 *
 * <p>Callers mark a target after issuing the operation; {@link #drain} clears a word before completing its
 * targets. So an operation issued before a quiet began is always either drained by that quiet or still marked for
 * the next one. Thread-safe (lock-free).
 */
final class OutstandingTargets {
    private final AtomicLongArray words;

    OutstandingTargets(int nPes) {
        this.words = new AtomicLongArray((nPes + 63) >>> 6);
    }

    /** Records an operation to {@code pe}. Cheap when the bit is already set. */
    void mark(int pe) {
        int w = pe >>> 6;
        long bit = 1L << (pe & 63);
        if ((words.getPlain(w) & bit) == 0) {
            words.accumulateAndGet(w, bit, (a, b) -> a | b);
        }
    }

    /** Clears every mark and passes each marked PE to {@code action}. */
    void drain(IntConsumer action) {
        for (int w = 0; w < words.length(); w++) {
            long bits = words.getPlain(w) == 0 ? 0 : words.getAndSet(w, 0);
            while (bits != 0) {
                int b = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                action.accept((w << 6) + b);
            }
        }
    }
}
