package com.example.starter;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.ValueLayout;

/** Every PE stores its number into the next PE's word, then all PEs sum their numbers with a reduction. */
public final class Main {
    public static void main(String[] args) {
        try (ShmemRuntime rt = Shmem.init()) {                      // collective: every PE of the job
            int me = rt.myPe();
            int n = rt.nPes();
            SymmetricMemory word = rt.calloc(1, Long.BYTES);        // collective: same block on every PE
            SymmetricMemory sum = rt.calloc(1, Long.BYTES);
            rt.p(ValueLayout.JAVA_LONG, word, 0, (long) me, (me + 1) % n);   // one-sided store into the next PE
            rt.barrierAll();                                        // completes and orders every PE's stores
            long fromLeft = word.local().get(ValueLayout.JAVA_LONG, 0);
            rt.teamWorld().reduce(ReduceOp.SUM, DataType.LONG, sum, 0, word, 0, 1);
            long total = sum.local().get(ValueLayout.JAVA_LONG, 0);
            System.out.println("PE " + me + " of " + n + ": PE " + fromLeft + " wrote to me; the sum is " + total);
            rt.free(sum);
            rt.free(word);
        }
    }
}
