package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A put/get/atomic ring for an engine plugged in through the SPI: each PE puts a block to the next PE, gets it back
 * from there, stores and loads scalars, adds to a counter on PE 0 and swaps and compare-swaps a word of the next PE,
 * checking every value. Prints {@code PLUGGED OK pe N}.
 */
public final class PluggedEnginePe {
    private static final int LONGS = 1024;
    private static final int ROUNDS = 50;

    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int n = shmem.nPes();
                int next = (me + 1) % n;
                int prev = (me + n - 1) % n;
                SymmetricMemory block = shmem.calloc(LONGS, 8);
                SymmetricMemory words = shmem.calloc(8, 8);
                long[] mine = new long[LONGS];
                for (int i = 0; i < LONGS; i++) {
                    mine[i] = me * 1_000_000L + i;
                }
                shmem.put(ValueLayout.JAVA_LONG, block, 0, MemorySegment.ofArray(mine), 0, LONGS, next);
                shmem.barrierAll();
                for (int i = 0; i < LONGS; i++) {
                    Expect.equal(prev * 1_000_000L + i, block.local().get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i),
                            "element " + i + " put by PE " + prev);
                }
                long[] back = new long[LONGS];
                shmem.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, block, 0, LONGS, next);
                for (int i = 0; i < LONGS; i++) {
                    Expect.equal(me * 1_000_000L + i, back[i], "element " + i + " got back from PE " + next);
                }
                Shmem.p(words, 1, 7000L + me, next);
                shmem.barrierAll();
                Expect.equal(7000L + prev, Shmem.gLong(words, 1, me), "scalar p from the previous PE");
                Expect.equal(7000L + me, Shmem.gLong(words, 1, next), "scalar g from the next PE");
                shmem.barrierAll();
                for (int r = 0; r < ROUNDS; r++) {
                    shmem.atomicFetchAdd(DataType.LONG, words, 0, 1, 0);
                }
                long old = shmem.atomicSwap(DataType.LONG, words, 2, 100L + me, next);
                Expect.equal(0L, old, "swap's old value at PE " + next);
                shmem.barrierAll();
                Expect.equal(100L + prev, shmem.atomicCompareSwap(DataType.LONG, words, 2, 100L + prev, 5L, me),
                        "compare-swap on my own word");
                if (me == 0) {
                    Expect.equal((long) n * ROUNDS, shmem.atomicFetch(DataType.LONG, words, 0, 0), "counter");
                }
                shmem.barrierAll();
                Expect.equal(5L, shmem.atomicFetch(DataType.LONG, words, 2, next), "next PE's swapped word");
                shmem.barrierAll();
                shmem.free(words);
                shmem.free(block);
                System.out.println("PLUGGED OK pe " + me);
            });
        }
    }
}
