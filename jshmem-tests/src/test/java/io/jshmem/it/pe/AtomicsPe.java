package io.jshmem.it.pe;

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
            fetched[i] = shmem.atomicFetchAddLong(longs, 0, 1, 0);
            fetchedInts[i] = shmem.atomicFetchIncInt(ints, 0, n - 1);
        }
        for (int i = 0; i < ITERATIONS; i++) {
            shmem.atomicAddLong(longs, 1, 3, 0);
            shmem.atomicIncInt(ints, 1, n - 1);
        }
        shmem.put(gathered, (long) me * ITERATIONS, fetched, 0, ITERATIONS, 0);
        shmem.put(gatheredInts, (long) me * ITERATIONS, fetchedInts, 0, ITERATIONS, n - 1);
        shmem.barrierAll();
        long total = (long) n * ITERATIONS;
        Expect.equal(total, shmem.atomicFetchLong(longs, 0, 0), "fetchAdd total");
        Expect.equal((int) total, shmem.atomicFetchInt(ints, 0, n - 1), "fetchInc total");
        Expect.equal(3 * total, shmem.atomicFetchLong(longs, 1, 0), "add total");
        Expect.equal((int) total, shmem.atomicFetchInt(ints, 1, n - 1), "inc total");
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
        long old = shmem.atomicCompareSwapLong(longs, 10, 0, me + 1, target);
        int oldInt = shmem.atomicCompareSwapInt(ints, 10, 0, me + 100, 0);
        if (old == 0) {
            shmem.atomicIncLong(longs, 11, 0);
        }
        if (oldInt == 0) {
            shmem.atomicIncLong(longs, 12, 0);
        }
        shmem.barrierAll();
        Expect.equal(1L, shmem.atomicFetchLong(longs, 11, 0), "exactly one long compareSwap winner");
        Expect.equal(1L, shmem.atomicFetchLong(longs, 12, 0), "exactly one int compareSwap winner");
        long winner = shmem.atomicFetchLong(longs, 10, target);
        Expect.isTrue(winner >= 1 && winner <= n, "winner value " + winner + " is some PE's");
        Expect.isTrue(old == 0 ? winner == me + 1 : old == winner, "loser saw the winner's value");
        int winnerInt = shmem.atomicFetchInt(ints, 10, 0);
        Expect.isTrue(oldInt == 0 ? winnerInt == me + 100 : oldInt == winnerInt, "int loser saw the winner");
        // a failing compareSwap leaves the word as it is
        Expect.equal(winner, shmem.atomicCompareSwapLong(longs, 10, -5, 77, target), "failed cswap returns old");
        shmem.barrierAll();
        Expect.equal(winner, shmem.atomicFetchLong(longs, 10, target), "failed cswap changed nothing");
        shmem.barrierAll();
    }

    /** Every PE ors its bit in, ands a high bit out, xors a middle bit: the result combines every PE's masks. */
    private static void bitwise(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me, int n) {
        shmem.atomicOrLong(longs, 20, (1L << me) | (1L << (me + 40)), 0);
        shmem.atomicFetchOrInt(ints, 20, (1 << me) | (1 << (me + 20)), 0);
        shmem.barrierAll();
        long beforeAnd = shmem.atomicFetchAndLong(longs, 20, ~(1L << (me + 40)), 0);
        Expect.isTrue((beforeAnd & (1L << (me + 40))) != 0, "fetchAnd returned a value with my high bit");
        shmem.atomicAndInt(ints, 20, ~(1 << (me + 20)), 0);
        shmem.atomicXorLong(longs, 20, 1L << (me + 16), 0);
        long beforeXor = shmem.atomicFetchXorInt(ints, 20, 1 << (me + 10), 0);
        Expect.isTrue(beforeXor != 0, "fetchXor returned the combined mask");
        shmem.barrierAll();
        long low = (1L << n) - 1;
        Expect.equal(low | (low << 16), shmem.atomicFetchLong(longs, 20, 0), "long and/or/xor of every PE");
        Expect.equal((int) (low | (low << 10)), shmem.atomicFetchInt(ints, 20, 0), "int and/or/xor of every PE");
        shmem.barrierAll();
    }

    private static void floats(ShmemRuntime shmem, int me, int n) {
        SymmetricMemory f = shmem.calloc(4, 4);
        SymmetricMemory d = shmem.calloc(4, 8);
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        shmem.atomicSetFloat(f, 1, me + 0.5f, next);
        shmem.atomicSetDouble(d, 2, me + 0.25, next);
        shmem.barrierAll();
        Expect.equal(prev + 0.5f, shmem.atomicFetchFloat(f, 1, me), "float set/fetch");
        Expect.equal(prev + 0.25, shmem.atomicFetchDouble(d, 2, me), "double set/fetch");
        shmem.barrierAll();
        Expect.equal(me + 0.5f, shmem.atomicSwapFloat(f, 1, -1f, next), "float swap returns old");
        Expect.equal(me + 0.25, shmem.atomicSwapDouble(d, 2, -2.0, next), "double swap returns old");
        float nan = Float.intBitsToFloat(0x7fc0_1234);
        shmem.atomicSetFloat(f, 3, nan, next);
        shmem.barrierAll();
        Expect.equal(-1f, shmem.atomicFetchFloat(f, 1, me), "float after swap");
        Expect.equal(-2.0, shmem.atomicFetchDouble(d, 2, me), "double after swap");
        Expect.equal(0x7fc0_1234, Float.floatToRawIntBits(shmem.atomicFetchFloat(f, 3, me)), "NaN payload kept");
        shmem.barrierAll();
        shmem.free(d);
        shmem.free(f);
    }

    /** Nbi fetching forms into arrays and segments: the old values are there after quiet. */
    private static void nbi(ShmemRuntime shmem, SymmetricMemory longs, SymmetricMemory ints, int me, int n) {
        int next = (me + 1) % n;
        SymmetricMemory dbl = shmem.calloc(2, 8);
        shmem.atomicSetLong(longs, 30, 1000L + me, next);
        shmem.atomicSetInt(ints, 30, 2000 + me, next);
        shmem.barrierAll();
        int prev = (me + n - 1) % n;
        long[] fl = new long[4];
        int[] fi = new int[4];
        double[] fd = new double[2];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(64, 8);
            // Each PE works on its own slots of its next PE, so the expected old values are known; a quiet
            // after each completes it (nbi atomics are not ordered with each other before that).
            shmem.atomicFetchAddLongNbi(fl, 1, longs, 30, 5, next);
            shmem.quiet();
            shmem.atomicFetchLongNbi(fl, 2, longs, 30, next);
            shmem.quiet();
            shmem.atomicCompareSwapIntNbi(fi, 3, ints, 30, 2000 + me, 7, next);
            shmem.quiet();
            shmem.atomicFetchIncIntNbi(seg, 2, ints, 30, next);
            shmem.quiet();
            shmem.atomicSwapLongNbi(seg, 3, longs, 30, 42, next);
            shmem.quiet();
            shmem.atomicFetchOrLongNbi(seg, 4, longs, 30, 1L << 40, next);
            shmem.atomicSetDouble(dbl, 0, 3.5, next);
            shmem.quiet();
            shmem.atomicSwapDoubleNbi(fd, 1, dbl, 0, 4.5, next);
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
        Expect.equal(42L | (1L << 40), shmem.atomicFetchLong(longs, 30, me), "value left by prev " + prev);
        Expect.equal(8, shmem.atomicFetchInt(ints, 30, me), "int value left by prev");
        Expect.equal(4.5, shmem.atomicFetchDouble(dbl, 0, me), "double left by prev");
        shmem.barrierAll();
        shmem.free(dbl);
    }
}
