package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemTimeoutException;

/**
 * A PE that waits on its own memory for a write its partner never makes: PE 1 finalizes at once, while PE 0 waits
 * with the point-to-point call named by {@code args[0]} ({@code waitUntil}, {@code signalWaitUntil},
 * {@code waitUntilAny}). PE 0 must time out at its deadline (JSHMEM_TIMEOUT) with a message saying that every other
 * PE has entered finalize, then finalize with PE 1. PE 0 prints {@code CAUGHT <ms> <message>} and {@code FINALIZED}.
 */
public final class PartnerFinalizedPe {
    public static void main(String[] args) {
        String what = args[0];
        try (ShmemRuntime rt = Shmem.init()) {
            SymmetricMemory flags = rt.calloc(4, Long.BYTES);
            rt.barrierAll();
            if (rt.myPe() == 1) {
                return;
            }
            long t0 = System.nanoTime();
            ShmemTimeoutException e = Expect.thrown(ShmemTimeoutException.class, () -> {
                switch (what) {
                    case "waitUntil" -> rt.waitUntil(DataType.LONG, flags, 0, Cmp.EQ, 1);
                    case "signalWaitUntil" -> rt.signalWaitUntil(flags, 1, Cmp.GE, 1);
                    case "waitUntilAny" -> rt.waitUntilAny(DataType.LONG, flags, 0, 4, null, Cmp.NE, 0);
                    default -> throw new IllegalArgumentException("unknown case " + what);
                }
            }, "entered finalize");
            System.out.println("CAUGHT " + (System.nanoTime() - t0) / 1_000_000 + " " + e.getMessage()
                    .replace('\n', ' '));
        }
        System.out.println("FINALIZED");
    }
}
