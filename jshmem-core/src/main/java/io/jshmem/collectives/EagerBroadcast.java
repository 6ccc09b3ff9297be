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
 * <p>Data of up to 8 bytes (a scalar, the common case) goes through the team's eager ring instead
 * ({@link TeamLayout#EAGER_RING}): sixteen entries of flag and data that no other collective writes, so a parent may
 * run up to fifteen broadcasts ahead of a child, reads the child's epoch far less often, and a child that lags
 * finds the data of up to four broadcasts in one cache line (2 PEs on one host, 8 B: about 105 to 60 ns).
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
     * Whether {@code bytes} fit a ring entry (8 bytes) or the data of the first recursive-doubling slot of a team of
     * {@code n} (240 bytes at 2 PEs, 144 at 4, 112 at 8). The broadcast keeps to that slot so that the words the
     * reduction uses as flags only ever hold epochs: data written over a later slot's flag could satisfy its "at
     * least the epoch" wait.
     */
    static boolean fits(int n, long bytes) {
        return bytes <= TeamLayout.EAGER_RING_DATA_BYTES || bytes <= TeamLayout.rdCapacity(n);
    }

    static void run(TeamChannel ch, long dest, long source, long bytes, int root) {
        int n = ch.size();
        int v = Math.floorMod(ch.me() - root, n);
        long epoch = ch.epoch();
        long flag;
        long data;
        long needed;
        if (bytes <= TeamLayout.EAGER_RING_DATA_BYTES) {
            flag = ch.slotWord(TeamLayout.EAGER_RING
                    + (epoch & (TeamLayout.EAGER_RING_ENTRIES - 1)) * TeamLayout.EAGER_RING_ENTRY_BYTES);
            data = flag + TeamLayout.EAGER_RING_DATA;
            // Only this broadcast writes the ring, so the entry was last used EAGER_RING_ENTRIES epochs ago or
            // earlier: the child is done with it once it has begun the epoch after that.
            needed = epoch - (TeamLayout.EAGER_RING_ENTRIES - 1);
        } else {
            flag = ch.slotWord(TeamLayout.RD_SCRATCH + (epoch & 1) * TeamLayout.RD_HALF_BYTES
                    + (epoch >>> 1 & 1) * TeamLayout.rdSlotBytes(n));
            data = flag + TeamLayout.RD_DATA;
            // The quarter was last used two epochs ago only when that collective used its whole half (anything but
            // an eager broadcast, whose quarter then was the other one of the half, or the ring); else four epochs
            // ago or earlier.
            needed = ch.wasEager(2) ? epoch - 3 : epoch - 1;
        }
        long from = source;
        if (v != 0) {
            int parentV = v & ~Integer.highestOneBit(v);
            ch.awaitWord(flag, epoch, "data from parent PE %d", ch.pe((parentV + root) % n), 0);
            from = data;
        }
        for (int step = Integer.highestOneBit(n - 1); step > v; step >>>= 1) {
            if (v + step < n) {
                int child = (v + step + root) % n;
                ch.awaitBegun(child, needed);
                ch.comm().putSignal(ch.pe(child), data, ch.local(), from, bytes, flag, epoch, false);
            }
        }
        ch.localCopy(from, dest, bytes);
        ch.markEager();
    }
}
