package io.jshmem.collectives;

/**
 * Ring allgather (fcollect and collect), push-based: in step s each member puts block (me - s) into its
 * successor's dest and counts one arrival there, then waits for the block its predecessor sends. n-1 steps, each
 * moving one block per link, so every link is busy every step; works for any team size and for blocks of
 * different sizes. The entry sync makes sure no member's dest is written before it entered; no exit sync is
 * needed, since a member's source is read only by itself.
 */
final class RingAllgather {
    private RingAllgather() {
    }

    /** @param synced whether the members have just synchronized (collect's size exchange): no entry sync then */
    static void run(TeamChannel ch, long dest, long source, Blocks blocks, boolean synced) {
        int n = ch.size();
        int me = ch.me();
        int next = (me + 1) % n;
        if (!synced) {
            ch.sync();
        }
        ch.localCopy(source, dest + blocks.offsets()[me], blocks.sizes()[me]);
        for (int s = 0; s < n - 1; s++) {
            int blk = Math.floorMod(me - s, n);
            long from = s == 0 ? source : dest + blocks.offsets()[blk];
            ch.putAndArrive(next, dest + blocks.offsets()[blk], ch.local(), from, blocks.sizes()[blk]);
            ch.awaitArrivals(1, "block %d from PE %d", Math.floorMod(me - s - 1, n), ch.pe(Math.floorMod(me - 1, n)));
        }
    }
}
