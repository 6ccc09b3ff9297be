package io.jshmem.examples;

import io.jshmem.Shmem;
import io.jshmem.SymmetricMemory;

/**
 * The smallest jshmem program: every PE writes its number into the next PE's symmetric word, waits at a barrier,
 * and prints what its neighbour wrote. The README shows it line for line.
 *
 * <p>Run: {@code shmemrun -np 4 io.jshmem.examples.Hello}
 */
public final class Hello {
    private Hello() {
    }

    public static void main(String[] args) {
        Shmem.init();
        int me = Shmem.myPe();
        int n = Shmem.nPes();
        SymmetricMemory word = Shmem.malloc(Long.BYTES);
        Shmem.p(word, 0, (long) me, (me + 1) % n);
        Shmem.barrierAll();
        long fromLeft = Shmem.gLong(word, 0, me);
        System.out.println("Hello from PE " + me + " of " + n + " (PE " + fromLeft + " wrote to me)");
        Shmem.free(word);
        Shmem.finalizeShmem();
    }
}
