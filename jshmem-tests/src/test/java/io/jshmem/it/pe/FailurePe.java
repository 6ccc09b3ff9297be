package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.error.PeFailedException;

/**
 * Failure scenarios selected by args[0]:
 * {@code kill} PE 1 kills itself with SIGKILL while the others wait in barriers;
 * {@code exit} PE 0 calls globalExit(7) while the others wait;
 * {@code timeout} PE 1 never enters the barrier, the others time out (JSHMEM_TIMEOUT small);
 * {@code initfail} PE 1 cannot create its heap file, the others must learn it at once;
 * {@code sizemismatch} PE 1 asks for another heap size, every PE fails naming it.
 */
public final class FailurePe {
    public static void main(String[] args) throws Exception {
        boolean peOne = "1".equals(System.getenv("JSHMEM_PE"));
        if (args[0].equals("initfail") && peOne) {
            System.setProperty("jshmem.heap.dir", "/nonexistent-jshmem-dir");
        }
        if (args[0].equals("sizemismatch") && peOne) {
            System.setProperty("shmem.symmetric.size", "8m");
        }
        ShmemRuntime shmem;
        try {
            shmem = Shmem.init();
        } catch (RuntimeException e) {
            System.out.println("INIT FAILED " + e.getClass().getSimpleName() + ": " + e.getMessage());
            System.exit(5);
            return;
        }
        int me = shmem.myPe();
        shmem.barrierAll();
        switch (args[0]) {
            case "kill" -> {
                if (me == 1) {
                    Thread.sleep(300);
                    new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
                    Thread.sleep(10_000);
                }
                long start = System.nanoTime();
                try {
                    while (true) {
                        shmem.barrierAll();
                    }
                } catch (PeFailedException e) {
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    System.out.println("DETECTED failed PE " + e.failedPe() + " after " + ms + " ms: " + e.getMessage());
                    System.exit(3);
                }
            }
            case "exit" -> {
                if (me == 0) {
                    Thread.sleep(300);
                    shmem.globalExit(7);
                }
                while (true) {
                    shmem.barrierAll();
                }
            }
            case "timeout" -> {
                if (me == 1) {
                    Thread.sleep(60_000);
                }
                try {
                    shmem.barrierAll();
                } catch (io.jshmem.error.ShmemTimeoutException e) {
                    System.out.println("TIMEOUT missing " + e.missingPes() + ": " + e.getMessage());
                    System.exit(4);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
