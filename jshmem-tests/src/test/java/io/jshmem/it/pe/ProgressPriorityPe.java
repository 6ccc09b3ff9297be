package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.DataOpEngine;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * The UCX engine's progress thread runs in the scheduling class the argument names (what the engine reports), and
 * PEs still pass data around a ring while they wait: each PE adds its number + 1 into its right neighbour's word
 * with a non-fetching atomic, waits for its own word from the left, and checks it, for several rounds.
 */
public final class ProgressPriorityPe {
    private static final int ROUNDS = 50;

    public static void main(String[] args) {
        String expected = args[0];
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            int n = rt.nPes();
            Map<String, Object> rdma = rt.engineSettings(DataOpEngine.RDMA);
            Expect.equal(true, rdma.get("ucxEngine"), "UCX engine: " + rdma);
            Expect.equal(expected, rdma.get("progressScheduling"), "progress thread's class: " + rdma);
            SymmetricMemory word = rt.calloc(1, Long.BYTES);
            int left = (me + n - 1) % n;
            rt.barrierAll();
            for (int round = 1; round <= ROUNDS; round++) {
                rt.atomicAdd(DataType.LONG, word, 0, me + 1L, (me + 1) % n);
                long want = (long) round * (left + 1);
                rt.waitUntil(DataType.LONG, word, 0, Cmp.GE, want);
                Expect.equal(want, word.local().get(ValueLayout.JAVA_LONG, 0), "round " + round);
                rt.barrierAll();
            }
            rt.free(word);
            System.out.println("PROGRESS OK pe " + me + " " + expected);
        }
    }
}
