package io.jshmem.collectives;

import java.lang.foreign.MemorySegment;

/**
 * Allreduce for large inputs: reduce-scatter, then allgather, both by pulling. The elements are cut into n parts;
 * after an entry sync each member reduces its own part from every member's source (straight from the mapped peer
 * heaps on one host) into its dest; after a second sync it copies every other part out of its owner's dest; an
 * exit sync keeps sources and dests untouched until all have read them. Each member reads n-1 parts of each other
 * member once and the finished parts once: about 2(n-1)/n of the data per member, against log2(n) whole copies for
 * recursive doubling. Each part is combined by one member only, so every member gets identical bits. In place
 * (dest equal to source) works: a member overwrites only its own part, which no one else reads.
 */
final class ReduceScatterAllgather {
    private ReduceScatterAllgather() {
    }

    static void run(TeamChannel ch, ElementKind kind, ReduceOperator op, long dest, long source, long count) {
        int n = ch.size();
        int me = ch.me();
        long size = kind.size();
        MemorySegment local = ch.local();
        ch.sync();
        long lo = partStart(count, n, me);
        long cnt = partStart(count, n, me + 1) - lo;
        if (cnt > 0) {
            long off = lo * size;
            PeerOperand.combine(ch, kind, op, local, dest + off, local, source + off, (me + 1) % n, source + off,
                    cnt);
            for (int s = 2; s < n; s++) {
                PeerOperand.combine(ch, kind, op, local, dest + off, local, dest + off, (me + s) % n,
                        source + off, cnt);
            }
        }
        ch.sync();
        for (int s = 1; s < n; s++) {
            int j = (me + s) % n;
            long jlo = partStart(count, n, j);
            long jcnt = partStart(count, n, j + 1) - jlo;
            ch.get(j, dest + jlo * size, local, dest + jlo * size, jcnt * size);
        }
        ch.sync();
    }

    /** First element of part {@code i} of {@code count} elements cut into {@code n} nearly equal parts. */
    static long partStart(long count, int n, int i) {
        return count / n * i + Math.min(i, count % n);
    }
}
