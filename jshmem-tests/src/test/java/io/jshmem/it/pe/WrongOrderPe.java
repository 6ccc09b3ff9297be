package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.SymmetricMemory;
import io.jshmem.config.LogLevel;
import io.jshmem.config.ShmemLog;
import io.jshmem.error.ShmemTimeoutException;

/**
 * The classic mistake: PE 0 calls a sum reduction that PE 1 never calls (PE 1 goes to barrierAll instead). Run with
 * a short JSHMEM_TIMEOUT on 2 PEs. Each PE records when the wait's warning arrives (through the external-logger
 * hook) and prints it, the exception's message, and how long finalize took afterwards:
 * {@code WARNED <ms> <text>}, {@code CAUGHT <ms> <message>}, {@code FINALIZED <ms>}.
 */
public final class WrongOrderPe {
    private static volatile long warnedAt;
    private static volatile String warning;

    public static void main(String[] args) {
        ShmemLog.setExternalLogger((level, logger, message) -> {
            if (level == LogLevel.WARN && message.contains("has waited") && warning == null) {
                warnedAt = System.nanoTime();
                warning = message;
            }
            System.err.println(level + " [" + logger + "] " + message);
        });
        Shmem.init();
        int me = Shmem.myPe();
        SymmetricMemory src = Shmem.malloc(64);
        SymmetricMemory dst = Shmem.malloc(64);
        long t0 = System.nanoTime();
        ShmemTimeoutException e = Expect.thrown(ShmemTimeoutException.class, () -> {
            if (me == 0) {
                Shmem.sumReduce(Shmem.teamWorld(), DataType.LONG, dst, 0, src, 0, 4);
            } else {
                Shmem.barrierAll();
            }
        }, "did not complete");
        long caught = System.nanoTime();
        if (warning != null) {
            System.out.println("WARNED " + (warnedAt - t0) / 1_000_000 + " " + warning.replace('\n', ' '));
        }
        System.out.println("CAUGHT " + (caught - t0) / 1_000_000 + " " + e.getMessage().replace('\n', ' '));
        long f0 = System.nanoTime();
        Shmem.finalizeShmem();
        System.out.println("FINALIZED " + (System.nanoTime() - f0) / 1_000_000);
    }
}
