package io.jshmem.collectives;

/**
 * Allgather (fcollect and collect) by direct stores: after an entry sync every member puts its block straight into
 * every other member's dest (starting with its successor, so that members write to different peers at once) and
 * counts one arrival there, copies it into its own dest, and returns once the n-1 other blocks have arrived. On one
 * host these are plain copies into the mapped peer heaps: n-1 copies per member, none forwarded, the least data any
 * allgather moves, and a single synchronization (a member's source is read only by itself; its dest is written
 * only after it entered).
 */
final class DirectAllgather {
    private DirectAllgather() {
    }

    /**
     * @param source this member's block (its own block of dest when in place)
     * @param synced whether the members have just synchronized (collect's size exchange): no entry sync then
     */
    static void run(TeamChannel ch, long dest, long source, Blocks blocks, boolean synced) {
        int n = ch.size();
        int me = ch.me();
        if (!synced) {
            ch.sync();
        }
        long at = dest + blocks.offsets()[me];
        long bytes = blocks.sizes()[me];
        for (int s = 1; s < n; s++) {
            ch.putAndArrive((me + s) % n, at, ch.local(), source, bytes);
        }
        ch.localCopy(source, at, bytes);
        ch.awaitArrivals(n - 1, "blocks from the other PEs", 0, 0);
    }
}
