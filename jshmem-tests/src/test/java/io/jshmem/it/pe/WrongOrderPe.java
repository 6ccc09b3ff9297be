package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.SymmetricMemory;
import io.jshmem.config.LogLevel;
import io.jshmem.config.ShmemLog;
import io.jshmem.Team;
import io.jshmem.error.ShmemStateException;
import io.jshmem.error.ShmemTimeoutException;

/**
 * The classic mistake: PE 0 calls a sum reduction that PE 1 never calls (PE 1 goes to barrierAll instead). Run with
 * a short JSHMEM_TIMEOUT on 2 PEs. With {@code world} the reduction is on TEAM_WORLD, whose collectives are ordered
 * with barrierAll: a certain mismatch, so both PEs must fail at once ({@code ShmemStateException}); with {@code
 * split} it is on a team split from TEAM_WORLD (the same two PEs), which other threads could use while one calls
 * barrierAll, so the PEs warn and fail at the deadline ({@code ShmemTimeoutException}). Each PE records when the
 * wait's warning arrives (through the external-logger hook) and prints it, the exception's message, and how long
 * finalize took afterwards: {@code WARNED <ms> <text>}, {@code CAUGHT <ms> <type> <message>}, {@code FINALIZED <ms>}.
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
        boolean world = args[0].equals("world");
        SymmetricMemory src = Shmem.malloc(64);
        SymmetricMemory dst = Shmem.malloc(64);
        Team team = world ? Shmem.teamWorld() : Shmem.teamWorld().splitStrided(0, 1, 2);
        long t0 = System.nanoTime();
        Class<? extends RuntimeException> expected = world ? ShmemStateException.class : ShmemTimeoutException.class;
        RuntimeException e = Expect.thrown(expected, () -> {
            if (me == 0) {
                Shmem.sumReduce(team, DataType.LONG, dst, 0, src, 0, 4);
            } else {
                Shmem.barrierAll();
            }
        }, world ? "cannot complete" : "did not complete");
        long caught = System.nanoTime();
        if (warning != null) {
            System.out.println("WARNED " + (warnedAt - t0) / 1_000_000 + " " + warning.replace('\n', ' '));
        }
        System.out.println("CAUGHT " + (caught - t0) / 1_000_000 + " " + e.getClass().getSimpleName() + " "
                + e.getMessage().replace('\n', ' '));
        long f0 = System.nanoTime();
        Shmem.finalizeShmem();
        System.out.println("FINALIZED " + (System.nanoTime() - f0) / 1_000_000);
    }
}
