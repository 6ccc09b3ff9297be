package io.jshmem.it.pe.fuzz;

import io.jshmem.InitAttributes;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;

import java.lang.foreign.Arena;

/**
 * The collective part of the operand fuzz on its own, for jobs of more PEs than the full fuzz runs on (args: seed,
 * calls): {@code calls} random collectives ({@link FuzzCollectives}) on every kind of team, each followed by a check
 * of every PE's whole heap (blocks and canaries) against the model. Prints the fuzz's statistics line and
 * {@code COLLECTIVE FUZZ OK pe P of N calls C} when there were no problems; otherwise lists them and exits 1.
 */
public final class CollectiveFuzzPe {
    private CollectiveFuzzPe() {
    }

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int calls = Integer.parseInt(args[1]);
        FuzzLedger ledger = new FuzzLedger();
        try (ShmemRuntime rt = Shmem.init(); Arena arena = Arena.ofShared()) {
            ShmemRuntime other = ShmemRuntime.init(InitAttributes.fromEnvironment().instanceId(1)
                    .heapSize(4L << 20));
            Shmem.setInstance(0);
            FuzzHeap heap = new FuzzHeap(rt, other, seed, arena);
            FuzzCollectives coll = new FuzzCollectives(rt, heap, new FuzzArgs(seed), ledger);
            for (int k = 0; k < calls; k++) {
                coll.recent.clear();
                coll.next();
                rt.barrierAll();
                heap.verify("after collective " + k + " " + coll.recent, ledger.problems);
                rt.barrierAll();
            }
            other.close();
            ledger.reportOrExit(rt.myPe(), "");
            System.out.println("COLLECTIVE FUZZ OK pe " + rt.myPe() + " of " + rt.nPes() + " calls " + ledger.calls);
        }
    }
}
