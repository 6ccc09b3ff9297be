package io.jshmem.collectives;

/**
 * Where each member's block goes in the destination of an allgather (fcollect: equal blocks in team order;
 * collect: sizes gathered from the members), as byte offsets relative to the destination. Immutable.
 */
record Blocks(long[] offsets, long[] sizes, long total) {

    static Blocks equal(int n, long blockBytes) {
        long[] off = new long[n];
        long[] size = new long[n];
        for (int i = 0; i < n; i++) {
            off[i] = i * blockBytes;
            size[i] = blockBytes;
        }
        return new Blocks(off, size, n * blockBytes);
    }

    static Blocks of(long[] sizes) {
        long[] off = new long[sizes.length];
        long total = 0;
        for (int i = 0; i < sizes.length; i++) {
            off[i] = total;
            total += sizes[i];
        }
        return new Blocks(off, sizes.clone(), total);
    }
}
