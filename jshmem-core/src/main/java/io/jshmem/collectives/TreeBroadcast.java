package io.jshmem.collectives;

/**
 * Binomial-tree broadcast, pull-based. With v the member's distance from the root (v = (me - root) mod n), the
 * parent of v is v with its highest bit cleared and its children are v + 2^k for every 2^k above v. A member waits
 * until its parent raises its round-0 flag (the parent then holds the data), copies the data out of the parent's
 * heap (the root's source, or the parent's dest), and raises its children's flags, largest subtree first. The
 * root raises its children's flags first and then copies its source into its own dest, in parallel with them. An exit sync keeps every member's dest and the root's source
 * untouched by their owners until all children have read them. log2(n) steps of one copy each.
 */
final class TreeBroadcast {
    private TreeBroadcast() {
    }

    static void run(TeamChannel ch, long dest, long source, long bytes, int root) {
        int n = ch.size();
        int v = Math.floorMod(ch.me() - root, n);
        if (v != 0) {
            int parentV = v & ~Integer.highestOneBit(v);
            ch.awaitFlag(0, "data from parent PE %d", ch.pe((parentV + root) % n), 0);
            ch.get((parentV + root) % n, parentV == 0 ? source : dest, ch.local(), dest, bytes);
        }
        for (int step = Integer.highestOneBit(n - 1); step > v; step >>>= 1) {
            if (v + step < n) {
                ch.raiseFlag((v + step + root) % n, 0);
            }
        }
        if (v == 0) {
            // The root's children read its source, ready from the start: they copy while the root copies its own.
            ch.localCopy(source, dest, bytes);
        }
        ch.sync();
    }
}
