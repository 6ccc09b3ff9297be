package io.jshmem.collectives;

import io.jshmem.team.TeamLayout;

/**
 * Broadcast of a few hundred bytes that synchronizes nobody: a binomial tree that pushes the data through the
 * team's scratch. With v the member's distance from the root, a member waits until its quarter of the scratch for
 * this epoch holds the epoch in its flag word, forwards the data from there (the root: from its source) into its
 * children's quarters, largest subtree first, with one put-with-signal each, and copies it into its own dest. The
 * quarters are the first two recursive-doubling slots of the two scratch halves: the half by epoch parity, as for
 * every scratch user, and the slot by the next bit, so that back-to-back broadcasts cycle through four buffers and a
 * parent may run up to three broadcasts ahead of a child instead of one (2 PEs on one host, 64 B: 300 to 205 ns
 * per broadcast). Each quarter starts with a slot's flag word, so the words other collectives wait on still hold
 * only epochs. Nobody's dest or source is touched by another PE, so no entry or exit
 * sync is needed: the root returns as soon as its puts are issued and the next broadcast overlaps this one, one
 * transfer per level instead of a tree plus a barrier.
 *
 * <p>The price is that members may return while others are still in the collective: before writing a child's
 * quarter, a parent makes sure the child is done with the last collective that used it: two epochs ago when that one
 * used its whole half (the child must have begun the previous collective), four when it was an eager broadcast too
 * (the child must have begun the one three epochs ago) ({@link TeamChannel#awaitBegun}); the channel remembers the
 * eager epochs so that the next collective's scratch writes check that the child has begun the previous one.
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
        long quarter = ch.slotWord(TeamLayout.RD_SCRATCH + (epoch & 1) * TeamLayout.RD_HALF_BYTES
                + (epoch >>> 1 & 1) * TeamLayout.rdSlotBytes(n));
        long data = quarter + TeamLayout.RD_DATA;
        // The quarter was last used two epochs ago only when that collective used its whole half (anything but an
        // eager broadcast, whose quarter then was the other one of the half); else four epochs ago.
        long needed = ch.wasEager(2) ? epoch - 3 : epoch - 1;
        long from = source;
        if (v != 0) {
            int parentV = v & ~Integer.highestOneBit(v);
            ch.awaitWord(quarter, epoch, "data from parent PE %d", ch.pe((parentV + root) % n), 0);
            from = data;
        }
        for (int step = Integer.highestOneBit(n - 1); step > v; step >>>= 1) {
            if (v + step < n) {
                int child = (v + step + root) % n;
                ch.awaitBegun(child, needed);
                ch.comm().putSignal(ch.pe(child), data, ch.local(), from, bytes, quarter, epoch, false);
            }
        }
        ch.localCopy(from, dest, bytes);
        ch.markEager();
    }
}
