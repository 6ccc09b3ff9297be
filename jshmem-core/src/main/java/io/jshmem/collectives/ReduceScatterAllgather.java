package io.jshmem.collectives;

import io.jshmem.ReduceOp;
import io.jshmem.DataType;

import java.lang.foreign.MemorySegment;

/**
 * Allreduce for large inputs: reduce-scatter by pulling, then allgather by pushing. The elements are cut into n
 * parts; after an entry sync each member reduces its own part from every member's source (straight from the
 * mapped peer heaps on one host) into its dest, then puts the finished part into every other member's dest and
 * counts one arrival there; a member returns once the n-1 other parts have arrived. Each member reads (n-1)/n of
 * the data from peers and writes (n-1)/n into peers, against log2(n) whole copies for recursive doubling.
 *
 * <p>One synchronization suffices: a part arrives only after its sender has finished reading every source, so a
 * member holding all n-1 parts knows that no one reads its source any more; and members write only into parts of
 * a dest that no one reads during the call. Each part is combined by one member only, so every member gets
 * identical bits. In place (dest equal to source) works: a member overwrites only its own part of its source,
 * which only it reads, and receives other parts only after their readers are done.
 */
final class ReduceScatterAllgather {
    private ReduceScatterAllgather() {
    }

    static void run(TeamChannel ch, DataType kind, ReduceOp op, long dest, long source, long count) {
        int n = ch.size();
        int me = ch.me();
        long size = kind.byteSize();
        MemorySegment local = ch.local();
        ch.sync();
        long lo = partStart(count, n, me);
        long cnt = partStart(count, n, me + 1) - lo;
        long off = lo * size;
        if (cnt > 0) {
            PeerOperand.combine(ch, kind, op, local, dest + off, local, source + off, (me + 1) % n, source + off,
                    cnt);
            for (int s = 2; s < n; s++) {
                PeerOperand.combine(ch, kind, op, local, dest + off, local, dest + off, (me + s) % n,
                        source + off, cnt);
            }
        }
        for (int s = 1; s < n; s++) {
            ch.putAndArrive((me + s) % n, dest + off, local, dest + off, cnt * size);
        }
        ch.awaitArrivals(n - 1, "reduced parts from the other PEs", 0, 0);
    }

    /** First element of part {@code i} of {@code count} elements cut into {@code n} nearly equal parts. */
    static long partStart(long count, int n, int i) {
        return count / n * i + Math.min(i, count % n);
    }
}
