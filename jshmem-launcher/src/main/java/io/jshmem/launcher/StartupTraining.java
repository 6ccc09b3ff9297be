package io.jshmem.launcher;

import io.jshmem.Cmp;
import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;

/**
 * The program of the training run behind {@code shmemrun --startup-cache} ({@link StartupCache}): one PE that starts
 * the library and makes the calls programs make most (puts and gets from arrays and segments, atomics, put with
 * signal and its wait, a barrier and a reduction), so that the classes and generated method handles behind them are
 * in the cache. Prints nothing; the launcher discards its output.
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    /** Runs the calls a few thousand times, as a short program would, so the cache also holds their profiles. */
    public static void main(String[] args) {
        Shmem.init();
        int me = Shmem.myPe();
        SymmetricMemory data = Shmem.calloc(1024, Long.BYTES);
        SymmetricMemory sum = Shmem.calloc(1, Long.BYTES);
        SymmetricMemory sig = Shmem.calloc(1, Long.BYTES);
        long[] values = new long[1024];
        MemorySegment segment = MemorySegment.ofArray(values);
        for (int i = 1; i <= 2000; i++) {
            values[i & 1023] = i;
            Shmem.putmem(data, 0, segment, 0, 64, me);
            Shmem.getmem(segment, 0, data, 0, 64, me);
            Shmem.p(data, i & 1023, (long) i, me);
            Shmem.gLong(data, i & 1023, me);
            Shmem.atomicFetchAddLong(data, 0, 1, me);
            Shmem.atomicXorLong(data, 1, i, me);
            Shmem.putSignal(data, 8, values, 0, 8, sig, 0, i, SignalOp.SET, me);
            Shmem.signalWaitUntil(sig, 0, Cmp.GE, i);
            Shmem.fence();
            Shmem.quiet();
            if (i % 100 == 0) {
                Shmem.barrierAll();
                Shmem.sumReduce(Shmem.teamWorld(), DataType.LONG, sum, 0, data, 0, 1);
            }
        }
        Shmem.free(sig);
        Shmem.free(sum);
        Shmem.free(data);
        Shmem.finalizeShmem();
    }
}
