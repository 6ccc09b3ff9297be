package io.jshmem.collectives;

/**
 * Pipelined broadcast along a chain (root, root+1, ..., root-1), pull-based and chunked: member v copies chunk c
 * out of member v-1 as soon as v-1 reports it (an arrival on v's counter), then reports chunk c to v+1, so all
 * links of the chain copy different chunks at once. The root reports every chunk at the start (its source is
 * ready). For large data and 3 or more PEs this beats the tree, which copies the whole block log2(n) times in
 * sequence. An exit sync keeps every dest untouched until its successor has read it.
 */
final class PipelinedBroadcast {
    private PipelinedBroadcast() {
    }

    static void run(TeamChannel ch, long dest, long source, long bytes, int root, long chunk) {
        int n = ch.size();
        int v = Math.floorMod(ch.me() - root, n);
        long chunks = (bytes + chunk - 1) / chunk;
        int next = v + 1 < n ? (ch.me() + 1) % n : -1;
        if (v == 0) {
            if (chunks > 0) {
                ch.arrive(next, chunks);
            }
            ch.localCopy(source, dest, bytes);
        } else {
            int prev = Math.floorMod(ch.me() - 1, n);
            long from = v == 1 ? source : dest;
            for (long c = 0; c < chunks; c++) {
                long off = c * chunk;
                long len = Math.min(chunk, bytes - off);
                ch.awaitArrivals(1, "chunk %d from PE %d", c, ch.pe(prev));
                ch.get(prev, from + off, ch.local(), dest + off, len);
                if (next >= 0) {
                    ch.arrive(next, 1);
                }
            }
        }
        ch.sync();
    }
}
