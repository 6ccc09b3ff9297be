package io.jshmem.examples;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A ring of array transfers: every PE puts its number into the next PE's input buffer and gets the next PE's output
 * buffer, ten times with quiet in between, then checks both. ({@link RmaD2hDemo} is CANN SHMEM's rma_d2h_demo itself,
 * with scalar p/g.)
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.examples.RmaRing}
 */
public final class RmaRing {
    private static final int ELEMENTS = 16;
    private static final int ROUNDS = 10;

    private RmaRing() {
    }

    public static void main(String[] args) {
        boolean ok = true;
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            SymmetricMemory input = shmem.malloc(ELEMENTS * Integer.BYTES);
            SymmetricMemory output = shmem.malloc(ELEMENTS * Integer.BYTES);
            int[] send = new int[ELEMENTS];
            int[] fetched = new int[ELEMENTS];
            for (int round = 0; round < ROUNDS; round++) {
                output.local().fill((byte) 0);
                for (int i = 0; i < ELEMENTS; i++) {
                    output.local().setAtIndex(ValueLayout.JAVA_INT, i, me * 1000 + round * 10 + i % 10);
                }
                Arrays.fill(send, me + round);
                shmem.barrierAll();
                shmem.put(ValueLayout.JAVA_INT, input, 0, MemorySegment.ofArray(send), 0, ELEMENTS, next);
                shmem.get(ValueLayout.JAVA_INT, MemorySegment.ofArray(fetched), 0, output, 0, ELEMENTS, next);
                shmem.quiet();
                shmem.barrierAll();
                for (int i = 0; i < ELEMENTS; i++) {
                    int got = input.local().getAtIndex(ValueLayout.JAVA_INT, i);
                    int expectIn = prev + round;
                    int expectOut = next * 1000 + round * 10 + i % 10;
                    if (got != expectIn || fetched[i] != expectOut) {
                        ok = false;
                        System.out.printf("round %d element %d: input %d (expected %d), fetched %d (expected %d)%n",
                                round, i, got, expectIn, fetched[i], expectOut);
                    }
                }
            }
            shmem.free(output);
            shmem.free(input);
            System.out.println(ok ? "[SUCCESS] run success in pe " + me : "[ERROR] run result incorrect in pe " + me);
        }
        if (!ok) {
            System.exit(1);
        }
    }
}
