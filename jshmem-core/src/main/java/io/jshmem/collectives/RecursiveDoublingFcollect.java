package io.jshmem.collectives;

/**
 * Recursive-doubling fcollect for teams whose size is a power of two: in round k each member exchanges the 2^k
 * blocks it holds (a contiguous run of the dest) with member me XOR 2^k, a put followed by that partner's round-k
 * flag. log2(n) rounds, so fewer steps than the ring for small blocks. Entry sync as for the ring.
 */
final class RecursiveDoublingFcollect {
    private RecursiveDoublingFcollect() {
    }

    static boolean applies(int n) {
        return Integer.bitCount(n) == 1;
    }

    static void run(TeamChannel ch, long dest, long source, long blockBytes) {
        int n = ch.size();
        int me = ch.me();
        ch.sync();
        ch.localCopy(source, dest + me * blockBytes, blockBytes);
        for (int k = 0; (1 << k) < n; k++) {
            int partner = me ^ (1 << k);
            long first = (long) (me >> k << k) * blockBytes;
            ch.putAndRaise(partner, dest + first, dest + first, blockBytes << k, k);
            ch.awaitFlag(k, "round %d blocks from PE %d", k, ch.pe(partner));
        }
    }
}
