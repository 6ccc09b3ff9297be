package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemTimeoutException;

/**
 * Waits that can never complete, selected by args[0]:
 * {@code kill} PE 1 takes a lock, then kills itself with SIGKILL; PE 0 waits on a variable nobody writes, PE 2
 * waits for the lock: both must report PE 1 as failed within seconds and exit with status 3;
 * {@code timeout} every PE waits on a variable nobody writes with a small JSHMEM_TIMEOUT and must get a timeout
 * exception naming the call, then ends normally.
 */
public final class WaitFailurePe {
    public static void main(String[] args) throws Exception {
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        SymmetricMemory vars = shmem.calloc(4, 8);
        if (args[0].equals("timeout")) {
            long start = System.nanoTime();
            try {
                shmem.waitUntil(DataType.LONG, vars, 0, Cmp.EQ, 42);
                System.out.println("WAIT RETURNED unexpectedly");
                System.exit(1);
            } catch (ShmemTimeoutException e) {
                long ms = (System.nanoTime() - start) / 1_000_000;
                System.out.println("TIMED OUT after " + ms + " ms: " + e.getMessage());
            }
            shmem.close();
            return;
        }
        if (me == 1) {
            shmem.setLock(vars, 1);
        }
        shmem.barrierAll();
        if (me == 1) {
            Thread.sleep(300);
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(10_000);
        }
        long start = System.nanoTime();
        try {
            if (me == 2) {
                shmem.setLock(vars, 1);
            } else {
                shmem.waitUntil(DataType.LONG, vars, 0, Cmp.EQ, 42);
            }
            System.out.println("WAIT RETURNED unexpectedly");
            System.exit(1);
        } catch (PeFailedException e) {
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.println("DETECTED failed PE " + e.failedPe() + " after " + ms + " ms in "
                    + (me == 2 ? "setLock" : "waitUntilLong"));
            System.exit(3);
        }
    }
}
