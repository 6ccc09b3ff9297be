package io.jshmem.it.pe;

import io.jshmem.Shmem;

/**
 * Initializes, says {@code READY pe=K pid=P}, then stays in its own code for a minute: PE 1 sleeps, every other
 * PE computes. Used to check that PEs end with their job (launcher or rendezvous host killed) whatever they do.
 */
public final class OwnCodePe {
    public static void main(String[] args) throws Exception {
        Shmem.init();
        int me = Shmem.myPe();
        Shmem.barrierAll();
        System.out.println("READY pe=" + me + " pid=" + ProcessHandle.current().pid());
        System.out.flush();
        long end = System.nanoTime() + 60_000_000_000L;
        if (me == 1) {
            Thread.sleep(60_000);
        } else {
            long x = 1;
            while (System.nanoTime() < end) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            System.out.println("never " + x);
        }
        System.out.println("STILL ALIVE pe=" + me);
        Shmem.finalizeShmem();
    }
}
