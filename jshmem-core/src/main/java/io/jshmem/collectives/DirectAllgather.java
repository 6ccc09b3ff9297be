package io.jshmem.collectives;

/**
 * Allgather (fcollect and collect) by pulling: after an entry sync, every member copies each other member's block
 * straight out of that member's source (starting with its successor, so that members read different peers at
 * once) and its own block locally; an exit sync keeps the sources untouched until everyone has read them. On one
 * host these are plain loads from the mapped peer heaps: n-1 copies per member, none forwarded, which is the least
 * data any allgather moves. Over a network engine the copies are gets.
 */
final class DirectAllgather {
    private DirectAllgather() {
    }

    /**
     * @param sources heap offset of each member's source (the same symmetric offset, or for an in-place call each
     *                member's own block of dest)
     * @param synced  whether the members have just synchronized (collect's size exchange): no entry sync then
     */
    static void run(TeamChannel ch, long dest, long[] sources, Blocks blocks, boolean synced) {
        int n = ch.size();
        int me = ch.me();
        if (!synced) {
            ch.sync();
        }
        for (int s = 1; s < n; s++) {
            int j = (me + s) % n;
            ch.get(j, sources[j], ch.local(), dest + blocks.offsets()[j], blocks.sizes()[j]);
        }
        ch.localCopy(sources[me], dest + blocks.offsets()[me], blocks.sizes()[me]);
        ch.sync();
    }
}
