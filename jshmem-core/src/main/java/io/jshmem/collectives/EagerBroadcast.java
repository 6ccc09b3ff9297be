package io.jshmem.collectives;

import io.jshmem.team.TeamLayout;

/**
 * Broadcast of a few hundred bytes that synchronizes nobody: a binomial tree that pushes the data through the
 * team's scratch. With v the member's distance from the root, a member waits until the first recursive-doubling
 * slot of its scratch half of this epoch (halves chosen by epoch parity) holds the epoch in its flag word, forwards
 * the data from
 * there (the root: from its source) into its children's halves, largest subtree first, with one put-with-signal
 * each, and copies it into its own dest. Nobody's dest or source is touched by another PE, so no entry or exit
 * sync is needed: the root returns as soon as its puts are issued and the next broadcast overlaps this one, one
 * transfer per level instead of a tree plus a barrier.
 *
 * <p>The price is that members may return while others are still in the collective: before writing a child's half,
 * a parent makes sure the child has begun the previous collective, so it is done with the half from two epochs ago
 * ({@link TeamChannel#awaitScratchFree}); the channel remembers the eager epoch so that the next collective's scratch
 * writes check the same.
 */
final class EagerBroadcast {
    private EagerBroadcast() {
    }

    /**
     * Whether {@code bytes} fit the data of the first recursive-doubling slot of a team of {@code n} (240 bytes at
     * 2 PEs, 144 at 4, 112 at 8). The broadcast keeps to that slot so that the words the reduction uses as flags
     * only ever hold epochs: data written over a later slot's flag could satisfy its "at least the epoch" wait.
     */
    static boolean fits(int n, long bytes) {
        return bytes <= TeamLayout.rdCapacity(n);
    }

    static void run(TeamChannel ch, long dest, long source, long bytes, int root) {
        int n = ch.size();
        int v = Math.floorMod(ch.me() - root, n);
        long epoch = ch.epoch();
        long half = ch.slotWord(TeamLayout.RD_SCRATCH + (epoch & 1) * TeamLayout.RD_HALF_BYTES);
        long data = half + TeamLayout.RD_DATA;
        long from = source;
        if (v != 0) {
            int parentV = v & ~Integer.highestOneBit(v);
            ch.awaitWord(half, epoch, "data from parent PE %d", ch.pe((parentV + root) % n), 0);
            from = data;
        }
        for (int step = Integer.highestOneBit(n - 1); step > v; step >>>= 1) {
            if (v + step < n) {
                int child = (v + step + root) % n;
                ch.awaitScratchFree(child);
                ch.comm().putSignal(ch.pe(child), data, ch.local(), from, bytes, half, epoch, false);
            }
        }
        ch.localCopy(from, dest, bytes);
        ch.markEager();
    }
}
