package io.jshmem.it.pe;

import io.jshmem.DataType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Atomics under contention and in every form: exact fetchAdd totals with distinct fetched values, compareSwap
 * election, bitwise combining of every PE's mask, fetch/set/swap for float and double, nbi fetching forms.
 */
public final class AtomicsPe {
    static final int ITERATIONS = 10_000;

    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int n = shmem.nPes();
                SymmetricMemory longs = shmem.calloc(64, 8);
                SymmetricMemory ints = shmem.calloc(64, 4);
                exactCounters(shmem, longs, ints, me, n);
                election(shmem, longs, ints, me, n);
                bitwise(shmem, longs, ints, me, n);
                floats(shmem, me, n);
                nbi(shmem, longs, ints, me, n);
                shmem.free(ints);
                shmem.free(longs);
                System.out.println("ATOMICS OK pe " + me);
            });
        }
    }

    /** Every PE does 10 000 fetchAdd on one long of PE 0 and fetchInc on one int of the last PE. */
    private static void exactCounters(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me,
                                      int n) {
        SymmetricMemory gathered = shmem.calloc((long) n * ITERATIONS, 8);
        SymmetricMemory gatheredInts = shmem.calloc((long) n * ITERATIONS, 4);
        long[] fetched = new long[ITERATIONS];
        int[] fetchedInts = new int[ITERATIONS];
        shmem.barrierAll();
        for (int i = 0; i < ITERATIONS; i++) {
            fetched[i] = shmem.atomicFetchAdd(DataType.LONG, longs, 0, 1, 0);
            fetchedInts[i] = (int) shmem.atomicFetchInc(DataType.INT, ints, 0, n - 1);
        }
        for (int i = 0; i < ITERATIONS; i++) {
            shmem.atomicAdd(DataType.LONG, longs, 1, 3, 0);
            shmem.atomicInc(DataType.INT, ints, 1, n - 1);
        }
        shmem.put(ValueLayout.JAVA_LONG, gathered, (long) me * ITERATIONS, MemorySegment.ofArray(fetched), 0,
                ITERATIONS, 0);
        shmem.put(ValueLayout.JAVA_INT, gatheredInts, (long) me * ITERATIONS, MemorySegment.ofArray(fetchedInts), 0,
                ITERATIONS, n - 1);
        shmem.barrierAll();
        long total = (long) n * ITERATIONS;
        Expect.equal(total, shmem.atomicFetch(DataType.LONG, longs, 0, 0), "fetchAdd total");
        Expect.equal((int) total, (int) shmem.atomicFetch(DataType.INT, ints, 0, n - 1), "fetchInc total");
        Expect.equal(3 * total, shmem.atomicFetch(DataType.LONG, longs, 1, 0), "add total");
        Expect.equal((int) total, (int) shmem.atomicFetch(DataType.INT, ints, 1, n - 1), "inc total");
        if (me == 0) {
            long[] all = new long[(int) total];
            gathered.local().asByteBuffer().order(java.nio.ByteOrder.nativeOrder()).asLongBuffer().get(all);
            Arrays.sort(all);
            for (int i = 0; i < all.length; i++) {
                Expect.equal((long) i, all[i], "sorted fetched values are 0..total-1 (distinct, none lost)");
            }
        }
        if (me == n - 1) {
            int[] all = new int[(int) total];
            gatheredInts.local().asByteBuffer().order(java.nio.ByteOrder.nativeOrder()).asIntBuffer().get(all);
            Arrays.sort(all);
            for (int i = 0; i < all.length; i++) {
                Expect.equal(i, all[i], "sorted fetched int values");
            }
        }
        shmem.barrierAll();
        shmem.free(gatheredInts);
        shmem.free(gathered);
    }

    /** compareSwap from 0 to me+1 on one word: exactly one winner, and every loser saw the winner's value. */
    private static void election(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me, int n) {
        int target = n - 1;
        long old = shmem.atomicCompareSwap(DataType.LONG, longs, 10, 0, me + 1, target);
        int oldInt = (int) shmem.atomicCompareSwap(DataType.INT, ints, 10, 0, me + 100, 0);
        if (old == 0) {
            shmem.atomicInc(DataType.LONG, longs, 11, 0);
        }
        if (oldInt == 0) {
            shmem.atomicInc(DataType.LONG, longs, 12, 0);
        }
        shmem.barrierAll();
        Expect.equal(1L, shmem.atomicFetch(DataType.LONG, longs, 11, 0), "exactly one long compareSwap winner");
        Expect.equal(1L, shmem.atomicFetch(DataType.LONG, longs, 12, 0), "exactly one int compareSwap winner");
        long winner = shmem.atomicFetch(DataType.LONG, longs, 10, target);
        Expect.isTrue(winner >= 1 && winner <= n, "winner value " + winner + " is some PE's");
        Expect.isTrue(old == 0 ? winner == me + 1 : old == winner, "loser saw the winner's value");
        int winnerInt = (int) shmem.atomicFetch(DataType.INT, ints, 10, 0);
        Expect.isTrue(oldInt == 0 ? winnerInt == me + 100 : oldInt == winnerInt, "int loser saw the winner");
        // a failing compareSwap leaves the word as it is
        Expect.equal(winner, shmem.atomicCompareSwap(DataType.LONG, longs, 10, -5, 77, target),
                "failed cswap returns old");
        shmem.barrierAll();
        Expect.equal(winner, shmem.atomicFetch(DataType.LONG, longs, 10, target), "failed cswap changed nothing");
        shmem.barrierAll();
    }

    /** Every PE ors its bit in, ands a high bit out, xors a middle bit: the result combines every PE's masks. */
    private static void bitwise(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me, int n) {
        shmem.atomicOr(DataType.LONG, longs, 20, (1L << me) | (1L << (me + 40)), 0);
        shmem.atomicFetchOr(DataType.INT, ints, 20, (1 << me) | (1 << (me + 20)), 0);
        shmem.barrierAll();
        long beforeAnd = shmem.atomicFetchAnd(DataType.LONG, longs, 20, ~(1L << (me + 40)), 0);
        Expect.isTrue((beforeAnd & (1L << (me + 40))) != 0, "fetchAnd returned a value with my high bit");
        shmem.atomicAnd(DataType.INT, ints, 20, ~(1 << (me + 20)), 0);
        shmem.atomicXor(DataType.LONG, longs, 20, 1L << (me + 16), 0);
        long beforeXor = (int) shmem.atomicFetchXor(DataType.INT, ints, 20, 1 << (me + 10), 0);
        Expect.isTrue(beforeXor != 0, "fetchXor returned the combined mask");
        shmem.barrierAll();
        long low = (1L << n) - 1;
        Expect.equal(low | (low << 16), shmem.atomicFetch(DataType.LONG, longs, 20, 0), "long and/or/xor of every PE");
        Expect.equal((int) (low | (low << 10)), (int) shmem.atomicFetch(DataType.INT, ints, 20, 0),
                "int and/or/xor of every PE");
        shmem.barrierAll();
    }

    private static void floats(ShmemRuntime shmem, int me, int n) {
        SymmetricMemory f = shmem.calloc(4, 4);
        SymmetricMemory d = shmem.calloc(4, 8);
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        shmem.atomicSet(DataType.FLOAT, f, 1, Float.floatToRawIntBits(me + 0.5f), next);
        shmem.atomicSet(DataType.DOUBLE, d, 2, Double.doubleToRawLongBits(me + 0.25), next);
        shmem.barrierAll();
        Expect.equal(prev + 0.5f, Float.intBitsToFloat((int) shmem.atomicFetch(DataType.FLOAT, f, 1, me)),
                "float set/fetch");
        Expect.equal(prev + 0.25, Double.longBitsToDouble(shmem.atomicFetch(DataType.DOUBLE, d, 2, me)),
                "double set/fetch");
        shmem.barrierAll();
        Expect.equal(me + 0.5f,
                Float.intBitsToFloat((int) shmem.atomicSwap(DataType.FLOAT, f, 1, Float.floatToRawIntBits(-1f),
                next)), "float swap returns old");
        Expect.equal(me + 0.25,
                Double.longBitsToDouble(shmem.atomicSwap(DataType.DOUBLE, d, 2, Double.doubleToRawLongBits(-2.0),
                next)), "double swap returns old");
        float nan = Float.intBitsToFloat(0x7fc0_1234);
        shmem.atomicSet(DataType.FLOAT, f, 3, Float.floatToRawIntBits(nan), next);
        shmem.barrierAll();
        Expect.equal(-1f, Float.intBitsToFloat((int) shmem.atomicFetch(DataType.FLOAT, f, 1, me)), "float after swap");
        Expect.equal(-2.0, Double.longBitsToDouble(shmem.atomicFetch(DataType.DOUBLE, d, 2, me)), "double after swap");
        Expect.equal(0x7fc0_1234,
                Float.floatToRawIntBits(Float.intBitsToFloat((int) shmem.atomicFetch(DataType.FLOAT, f, 3, me))),
                "NaN payload kept");
        shmem.barrierAll();
        shmem.free(d);
        shmem.free(f);
    }

    /** Nbi fetching forms into arrays and segments: the old values are there after quiet. */
    private static void nbi(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me, int n) {
        int next = (me + 1) % n;
        SymmetricMemory dbl = shmem.calloc(2, 8);
        shmem.atomicSet(DataType.LONG, longs, 30, 1000L + me, next);
        shmem.atomicSet(DataType.INT, ints, 30, 2000 + me, next);
        shmem.barrierAll();
        int prev = (me + n - 1) % n;
        long[] fl = new long[4];
        int[] fi = new int[4];
        double[] fd = new double[2];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(64, 8);
            // Each PE works on its own slots of its next PE, so the expected old values are known; a quiet
            // after each completes it (nbi atomics are not ordered with each other before that).
            shmem.atomicFetchAddNbi(DataType.LONG, MemorySegment.ofArray(fl), 1, longs, 30, 5, next);
            shmem.quiet();
            shmem.atomicFetchNbi(DataType.LONG, MemorySegment.ofArray(fl), 2, longs, 30, next);
            shmem.quiet();
            shmem.atomicCompareSwapNbi(DataType.INT, MemorySegment.ofArray(fi), 3, ints, 30, 2000 + me, 7, next);
            shmem.quiet();
            shmem.atomicFetchIncNbi(DataType.INT, seg, 2, ints, 30, next);
            shmem.quiet();
            shmem.atomicSwapNbi(DataType.LONG, seg, 3, longs, 30, 42, next);
            shmem.quiet();
            shmem.atomicFetchOrNbi(DataType.LONG, seg, 4, longs, 30, 1L << 40, next);
            shmem.atomicSet(DataType.DOUBLE, dbl, 0, Double.doubleToRawLongBits(3.5), next);
            shmem.quiet();
            shmem.atomicSwapNbi(DataType.DOUBLE, MemorySegment.ofArray(fd), 1, dbl, 0,
                    Double.doubleToRawLongBits(4.5), next);
            shmem.quiet();
            Expect.equal(1000L + me, fl[1], "fetchAdd nbi old value");
            Expect.equal(1005L + me, fl[2], "fetch nbi");
            Expect.equal(2000 + me, fi[3], "compareSwap nbi old value");
            Expect.equal(7, seg.getAtIndex(ValueLayout.JAVA_INT, 2), "fetchInc nbi into a segment");
            Expect.equal(1005L + me, seg.getAtIndex(ValueLayout.JAVA_LONG, 3), "swap nbi into a segment");
            Expect.equal(42L, seg.getAtIndex(ValueLayout.JAVA_LONG, 4), "fetchOr nbi into a segment");
            Expect.equal(3.5, fd[1], "double swap nbi");
        }
        shmem.barrierAll();
        Expect.equal(42L | (1L << 40), shmem.atomicFetch(DataType.LONG, longs, 30, me), "value left by prev " + prev);
        Expect.equal(8, (int) shmem.atomicFetch(DataType.INT, ints, 30, me), "int value left by prev");
        Expect.equal(4.5, Double.longBitsToDouble(shmem.atomicFetch(DataType.DOUBLE, dbl, 0, me)),
                "double left by prev");
        shmem.barrierAll();
        shmem.free(dbl);
    }
}
