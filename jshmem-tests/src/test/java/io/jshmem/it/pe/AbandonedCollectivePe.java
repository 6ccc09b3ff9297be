package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemStateException;

/**
 * The mistake of a PE whose code throws inside a try-with-resources block: the block's close() finalizes it while
 * the other PEs enter a collective it never calls. PE 1 throws after the allocations; PE 0 enters the collective
 * named by {@code args[0]} ({@code broadcast} from root 1, {@code barrierAll} or {@code reduce}) and must fail in
 * seconds with the reason, not at the deadline, and then finalize with PE 1. PE 0 prints
 * {@code CAUGHT <ms> <message>} and {@code FINALIZED <ms>}; PE 1 exits with its own exception.
 */
public final class AbandonedCollectivePe {
    public static void main(String[] args) {
        String what = args[0];
        long t0;
        try (ShmemRuntime rt = Shmem.init()) {
            int me = rt.myPe();
            SymmetricMemory src = rt.calloc(8, Long.BYTES);
            SymmetricMemory dst = rt.calloc(8, Long.BYTES);
            rt.barrierAll();
            if (me == 1) {
                throw new IllegalStateException("PE 1's simulated application failure");
            }
            t0 = System.nanoTime();
            ShmemStateException e = Expect.thrown(ShmemStateException.class, () -> {
                switch (what) {
                    case "broadcast" -> rt.teamWorld().broadcastmem(dst, 0, src, 0, 64, 1);
                    case "barrierAll" -> rt.barrierAll();
                    case "reduce" -> rt.teamWorld().reduce(io.jshmem.ReduceOp.SUM, DataType.LONG, dst, 0, src, 0, 8);
                    default -> throw new IllegalArgumentException("unknown case " + what);
                }
            }, "entered finalize");
            System.out.println("CAUGHT " + (System.nanoTime() - t0) / 1_000_000 + " " + e.getMessage()
                    .replace('\n', ' '));
            t0 = System.nanoTime();
        }
        System.out.println("FINALIZED " + (System.nanoTime() - t0) / 1_000_000);
    }
}
