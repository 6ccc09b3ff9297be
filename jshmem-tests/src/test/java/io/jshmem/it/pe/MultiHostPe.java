package io.jshmem.it.pe;

import java.lang.foreign.MemorySegment;
import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.PeFailedException;

import java.lang.foreign.ValueLayout;

/**
 * A job spread over several nodes (shmemrun places PEs in blocks of JSHMEM_LOCAL_NPES), selected by args[0]:
 * <ul>
 *   <li>{@code ops}: routing (TEAM_SHARED and ptr cover exactly the PEs of this node), put/get to every PE, every
 *       atomic kind (32 and 64 bit, fetching and not) to targets on both nodes, putSignal pipelines over the ring,
 *       and barriers with counters; prints {@code MULTIHOST OK pe K of N}.</li>
 *   <li>{@code kill}: every PE loops over barriers and fetch-adds to a PE of the other node; the last PE kills itself
 *       with SIGKILL; the others print {@code DETECTED failed PE X after T ms} and exit with 3.</li>
 * </ul>
 */
public final class MultiHostPe {
    private static final int ROUNDS = 16;
    private static final int BLOCK = 64;

    private MultiHostPe() {
    }

    public static void main(String[] args) throws Exception {
        ShmemRuntime shmem = Shmem.init();
        try {
            switch (args[0]) {
                case "ops" -> ops(shmem);
                case "kill" -> kill(shmem);
                default -> throw new IllegalArgumentException("mode = '" + args[0] + "': valid are ops, kill");
            }
        } catch (Throwable t) {
            // No finalize: its barrier would pair with the other PEs' next barrier and hang the job until its
            // deadline. Dying without goodbye tells every PE at once.
            t.printStackTrace();
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }
        shmem.close();
    }

    private static int perNode(ShmemRuntime shmem) {
        return Integer.parseInt(System.getenv().getOrDefault("JSHMEM_LOCAL_NPES", "" + shmem.nPes()));
    }

    private static void ops(ShmemRuntime shmem) {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int perNode = perNode(shmem);
        SymmetricMemory slots = shmem.calloc((long) n * BLOCK, Long.BYTES);
        SymmetricMemory words = shmem.calloc(16, Long.BYTES);
        SymmetricMemory pipe = shmem.calloc((long) ROUNDS * BLOCK, Long.BYTES);
        SymmetricMemory sig = shmem.calloc(1, Long.BYTES);

        routing(shmem, slots, me, n, perNode);
        putGet(shmem, slots, me, n);
        atomics(shmem, words, me, n);
        signals(shmem, pipe, sig, me, n);
        barriers(shmem, words, me, n);

        shmem.free(sig);
        shmem.free(pipe);
        shmem.free(words);
        shmem.free(slots);
        System.out.println("MULTIHOST OK pe " + me + " of " + n + " (node " + me / perNode + ")");
    }

    /** Same-node peers are mapped (SHM engine), the others are not (network engine, or JSHMEM_ENGINE=ucx). */
    private static void routing(ShmemRuntime shmem, SymmetricMemory slots, int me, int n, int perNode) {
        boolean forced = "ucx".equals(System.getenv("JSHMEM_ENGINE"));
        Expect.equal(forced ? 1 : perNode, shmem.teamShared().nPes(), "TEAM_SHARED size (PEs mapped here)");
        for (int p = 0; p < n; p++) {
            boolean mapped = p == me || !forced && p / perNode == me / perNode;
            Expect.equal(mapped, slots.ptr(p).isPresent(), "ptr(" + p + ") present iff PE " + p + " is mapped here");
        }
        shmem.barrierAll();
    }

    private static void putGet(ShmemRuntime shmem, SymmetricMemory slots, int me, int n) {
        long[] block = new long[BLOCK];
        for (int p = 0; p < n; p++) {
            for (int i = 0; i < BLOCK; i++) {
                block[i] = me * 1_000_000L + p * 1_000L + i;
            }
            shmem.put(ValueLayout.JAVA_LONG, slots, (long) me * BLOCK, MemorySegment.ofArray(block), 0, BLOCK, p);
        }
        shmem.barrierAll();
        for (int from = 0; from < n; from++) {
            for (int i = 0; i < BLOCK; i++) {
                Expect.equal(from * 1_000_000L + me * 1_000L + i,
                        slots.local().getAtIndex(ValueLayout.JAVA_LONG, (long) from * BLOCK + i),
                        "put from PE " + from + " element " + i);
            }
        }
        long[] back = new long[BLOCK];
        for (int p = 0; p < n; p++) {
            shmem.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, slots, (long) me * BLOCK, BLOCK, p);
            for (int i = 0; i < BLOCK; i++) {
                Expect.equal(me * 1_000_000L + p * 1_000L + i, back[i], "get from PE " + p + " element " + i);
            }
        }
        shmem.barrierAll();
    }

    /**
     * Words on PE 0 (node 0) and on the last PE (another node): 0 fetch-add long, 1 add long, 2 cswap long,
     * 3 or long, 4 xor long, 5 and long, 6 swap long, 8 int fetch-add/add (two ints), 9 int or/xor.
     */
    private static void atomics(ShmemRuntime shmem, SymmetricMemory w, int me, int n) {
        int[] targets = {0, n - 1};
        for (int t : targets) {
            if (me == t) {
                w.local().setAtIndex(ValueLayout.JAVA_LONG, 5, -1L);
            }
        }
        shmem.barrierAll();
        long seenMax = -1;
        for (int t : targets) {
            for (int k = 0; k < ROUNDS; k++) {
                long old = Shmem.atomicFetchAddLong(w, 0, 1, t);
                Expect.isTrue(old >= 0 && old < (long) n * ROUNDS, "fetch-add old value " + old + " in range");
                seenMax = Math.max(seenMax, old);
                Shmem.atomicAddLong(w, 1, me + 1, t);
                Shmem.atomicAddInt(w, 16, 2, t);
                Shmem.atomicFetchAddInt(w, 17, 3, t);
            }
            Shmem.atomicCompareSwapLong(w, 2, 0, me + 1, t);
            Shmem.atomicOrLong(w, 3, 1L << me, t);
            Shmem.atomicXorLong(w, 4, 3L << (2 * me), t);
            Shmem.atomicAndLong(w, 5, ~(1L << me), t);
            Shmem.atomicSwapLong(w, 6, me + 100, t);
            Shmem.atomicFetchOrInt(w, 18, 1 << me, t);
            Shmem.atomicXorInt(w, 19, 1 << (me + 8), t);
        }
        shmem.barrierAll();
        long allBits = (1L << n) - 1;
        long xorBits = 0;
        for (int p = 0; p < n; p++) {
            xorBits ^= 3L << (2 * p);
        }
        for (int t : targets) {
            Expect.equal((long) n * ROUNDS, Shmem.atomicFetchLong(w, 0, t), "fetch-add total on PE " + t);
            Expect.equal((long) ROUNDS * n * (n + 1) / 2, Shmem.atomicFetchLong(w, 1, t), "add total on PE " + t);
            long winner = Shmem.atomicFetchLong(w, 2, t);
            Expect.isTrue(winner >= 1 && winner <= n, "cswap on PE " + t + " won by exactly one PE: " + winner);
            Expect.equal(allBits, Shmem.atomicFetchLong(w, 3, t), "or bits on PE " + t);
            Expect.equal(xorBits, Shmem.atomicFetchLong(w, 4, t), "xor bits on PE " + t);
            Expect.equal(~allBits, Shmem.atomicFetchLong(w, 5, t), "and bits on PE " + t);
            long swapped = Shmem.atomicFetchLong(w, 6, t);
            Expect.isTrue(swapped >= 100 && swapped < 100 + n, "swap left one PE's value on PE " + t);
            Expect.equal(2 * ROUNDS * n, Shmem.atomicFetchInt(w, 16, t), "int add total on PE " + t);
            Expect.equal(3 * ROUNDS * n, Shmem.atomicFetchInt(w, 17, t), "int fetch-add total on PE " + t);
            Expect.equal((int) allBits, Shmem.atomicFetchInt(w, 18, t), "int or bits on PE " + t);
            Expect.equal((int) (allBits << 8), Shmem.atomicFetchInt(w, 19, t), "int xor bits on PE " + t);
        }
        // A losing cswap must not change the word: compare value 0 no longer matches.
        long before = Shmem.atomicFetchLong(w, 2, n - 1);
        shmem.barrierAll();
        long refused = Shmem.atomicCompareSwapLong(w, 2, 0, 999, n - 1);
        Expect.equal(before, refused, "refused cswap returns the current value");
        shmem.barrierAll();
        Expect.equal(before, Shmem.atomicFetchLong(w, 2, n - 1), "refused cswap left the word alone");
        shmem.barrierAll();
    }

    /** Each round: put a block to the next PE with a signal add, and wait for the previous PE's block. */
    private static void signals(ShmemRuntime shmem, SymmetricMemory pipe, SymmetricMemory sig, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        long[] block = new long[BLOCK];
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < BLOCK; i++) {
                block[i] = me * 10_000L + r * 100L + i;
            }
            if (r % 2 == 0) {
                Shmem.putSignal(pipe, (long) r * BLOCK, block, 0, BLOCK, sig, 0, 1, SignalOp.ADD, next);
            } else {
                Shmem.putSignalNbi(pipe, (long) r * BLOCK, block, 0, BLOCK, sig, 0, 1, SignalOp.ADD, next);
            }
            // Without a fence a later round's signal could overtake this round's data at the target.
            shmem.fence();
            long seen = Shmem.signalWaitUntil(sig, 0, Cmp.GE, r + 1);
            Expect.isTrue(seen >= r + 1, "signal value " + seen + " after round " + r);
            // The signal of round r is written after its data: the whole block must be there.
            for (int i = 0; i < BLOCK; i++) {
                Expect.equal(prev * 10_000L + r * 100L + i,
                        pipe.local().getAtIndex(ValueLayout.JAVA_LONG, (long) r * BLOCK + i),
                        "signalled block of round " + r + " element " + i);
            }
        }
        shmem.quiet();
        shmem.barrierAll();
        Expect.equal((long) ROUNDS, Shmem.signalFetch(sig, 0), "signal total");
        shmem.barrierAll();
        Shmem.signalSet(sig, 0, 7, next);
        shmem.barrierAll();
        Expect.equal(7L, Shmem.signalFetch(sig, 0), "signalSet from PE " + prev);
        shmem.barrierAll();
    }

    /** Every PE adds to a counter on PE 0 before each barrier; after it, the counter holds every PE's adds. */
    private static void barriers(ShmemRuntime shmem, SymmetricMemory w, int me, int n) {
        for (int r = 1; r <= ROUNDS; r++) {
            Shmem.atomicAddLong(w, 10, 1, 0);
            shmem.barrierAll();
            Expect.equal((long) n * r, Shmem.atomicFetchLong(w, 10, 0), "counter after barrier " + r);
            shmem.barrierAll();
        }
    }

    private static void kill(ShmemRuntime shmem) throws Exception {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int perNode = perNode(shmem);
        SymmetricMemory w = shmem.calloc(1, Long.BYTES);
        int remote = (me + perNode) % n;
        shmem.barrierAll();
        if (me == n - 1) {
            Thread.sleep(500);
            System.out.println("KILLING pe " + me);
            System.out.flush();
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(30_000);
        }
        long start = System.nanoTime();
        try {
            while (true) {
                Shmem.atomicFetchAddLong(w, 0, 1, remote);
                shmem.barrierAll();
            }
        } catch (PeFailedException e) {
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.println("DETECTED failed PE " + e.failedPe() + " after " + ms + " ms: " + e.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(3);
        }
    }
}
