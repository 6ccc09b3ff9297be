package io.jshmem.apps;

import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;

/**
 * Integer bucket sort of the ISx kind (ParRes/ISx, SHMEM version): every PE draws its keys with PCG32 seeded by its
 * PE number ({@code srandom(pe, pe)}, keys {@code boundedrand(maxKey)}), counts them per bucket (bucket b, of width
 * {@code ceil(maxKey / nPes)}, belongs to PE b), computes the bucket offsets, bucketizes the keys, and exchanges
 * them: for each destination in round-robin order starting with itself, an atomic fetch-add on the destination's
 * receive counter reserves space and one put sends the bucket (a local copy for itself); a barrier ends the
 * exchange. Each PE then counts its received keys per key value (the counting sort: the counts are the sorted
 * sequence). One untimed burn-in iteration precedes the timed ones, as ISx does.
 *
 * <p>Verification (after the last iteration): every received key lies in this PE's bucket, the counts add up to the
 * number of keys received, the keys received on all PEs add up to {@code keysPerPe * nPes}, and the sum of the key
 * values received equals the sum of the values generated (a checksum ISx does not have).
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.apps.BucketSort [-keys 2097152] [-scaling weak|strong]
 * [-iterations 1] [-max-key 268435456]}. {@code -keys} is keys per PE (weak scaling) or the total (strong scaling,
 * {@code ceil(keys / nPes)} per PE). Output as ISx's, per-phase averages over PEs and timed iterations, then
 * "Verification: PASSED|FAILED" and the RESULT line (docs/apps.md). Exit status: 0, 1 when verification fails,
 * 2 for bad arguments.
 */
public final class BucketSort {
    private static final ValueLayout.OfInt KEY = ValueLayout.JAVA_INT;
    private static final int BURN_IN = 1;
    /** Received keys the counting sort reads per block: 8 KiB, well inside L1. */
    private static final int KEY_BLOCK = 2048;
    static final String USAGE = """
            usage: shmemrun -np N io.jshmem.apps.BucketSort [flags]
              -keys K         keys per PE (weak) or in total (strong); default 2097152 (2 Mi)
              -scaling S      weak | strong; default weak
              -iterations I   timed iterations after one burn-in iteration; default 1
              -max-key M      keys are drawn in [0, M); default 268435456 (2^28); M must exceed N""";

    /** Phase timers, in ISx's order; the accumulated seconds of the timed iterations on this PE. */
    private enum Phase { INPUT, COUNT, OFFSETS, BUCKETIZE, EXCHANGE, SORT, TOTAL }

    private BucketSort() {
    }

    public static void main(String[] args) {
        AppMain.run("BucketSort", USAGE, args, List.of("keys", "scaling", "iterations", "max-key"), List.of(),
                BucketSort::run);
    }

    private static int run(ShmemRuntime shmem, Flags flags) {
        int me = shmem.myPe();
        int nPes = shmem.nPes();
        long keysArg = flags.integer("keys", 1L << 21, 1, Integer.MAX_VALUE, "the number of keys");
        String scaling = flags.choice("scaling", "weak", "strong");
        int iterations = (int) flags.integer("iterations", 1, 1, 1_000_000, "the number of timed iterations");
        long maxKey = flags.integer("max-key", 1L << 28, 1, Integer.MAX_VALUE, "the key range");
        if (maxKey <= nPes) {
            throw new BadArgument("-max-key", Long.toString(maxKey), "must exceed the number of PEs (" + nPes
                    + "): valid range [" + (nPes + 1) + ", " + Integer.MAX_VALUE + "]");
        }
        int keysPerPe = (int) (scaling.equals("weak") ? keysArg : (keysArg + nPes - 1) / nPes);
        int bucketWidth = (int) ((maxKey + nPes - 1) / nPes);
        // The receive buffer holds this PE's bucket: about keysPerPe keys when keys are uniform; the margin covers
        // the spread of a uniform draw (several standard deviations) with room for tiny runs.
        long capacity = keysPerPe + keysPerPe / 4 + 4096;
        if (capacity * Integer.BYTES > shmem.heapSize() / 4 * 3) {
            throw new BadArgument("-keys", Long.toString(keysArg), "the receive buffer needs " + capacity
                    * Integer.BYTES + " bytes per PE, more than 3/4 of the symmetric heap (" + shmem.heapSize()
                    + " bytes): lower -keys or raise SHMEM_SYMMETRIC_SIZE");
        }

        long counterBytes = (long) bucketWidth * Integer.BYTES;
        long keyBytes = 2L * keysPerPe * Integer.BYTES;
        long javaHeap = Runtime.getRuntime().maxMemory();
        if (counterBytes + keyBytes > javaHeap / 4 * 3 || bucketWidth > Integer.MAX_VALUE - 8
                || keysPerPe > Integer.MAX_VALUE - 8) {
            throw new BadArgument(counterBytes > keyBytes ? "-max-key" : "-keys",
                    counterBytes > keyBytes ? Long.toString(maxKey) : Long.toString(keysArg),
                    "a PE's key counters (" + counterBytes + " bytes) and its two key arrays (" + keyBytes
                    + " bytes) need more than 3/4 of the JVM's maximum heap (" + javaHeap + " bytes) or more than an"
                    + " int[] holds: lower -max-key or -keys, use more PEs, or raise the heap"
                    + " (shmemrun --jvm-arg=-Xmx...)");
        }
        if (me == 0) {
            System.out.println("ISx v1.3 (jshmem Java twin)");
            System.out.println("  Number of Keys per PE: " + keysPerPe);
            System.out.println("  Max Key Value: " + maxKey);
            System.out.println("  Bucket Width: " + bucketWidth);
            System.out.println("  Number of Iterations: " + iterations);
            System.out.println("  Number of PEs: " + nPes);
            System.out.println("  " + scaling.toUpperCase(Locale.ROOT) + " Scaling!");
        }
        SymmetricMemory received = shmem.malloc(capacity * Integer.BYTES);
        SymmetricMemory receiveOffset = shmem.calloc(1, Long.BYTES);
        double[] seconds = new double[Phase.values().length];
        // The exchange and the whole iteration over the second half of the timed iterations (SecondHalf's reason).
        double[] late = new double[2];
        int firstLate = BURN_IN + iterations / 2;
        boolean ok;
        try (Stats stats = new Stats(shmem)) {
            // The private arrays are int[] (ISx's are malloc'd): C2 compiles the phases' loops over arrays to the C's
            // speed, and over off-heap segments slower (docs/performance.md, "Private data in arrays"). Only the
            // receive buffer, which peers write, is symmetric memory.
            int[] keys = new int[keysPerPe];
            int[] bucketed = new int[keysPerPe];
            int[] keyCounts = new int[bucketWidth];
            int[] bucketSizes = new int[nPes];
            int[] bucketOffsets = new int[nPes];
            int[] sendOffsets = new int[nPes];
            MemorySegment bucketedSegment = MemorySegment.ofArray(bucketed);
            int[] block = new int[KEY_BLOCK];
            Sorter sorter = new Sorter(shmem, keysPerPe, bucketWidth, (int) maxKey, received, receiveOffset, capacity);
            long myBucketSize = 0;
            for (int it = 0; it < iterations + BURN_IN; it++) {
                boolean timed = it >= BURN_IN;
                java.util.Arrays.fill(keyCounts, 0);
                shmem.barrierAll();
                long t0 = System.nanoTime();
                sorter.makeInput(keys);
                long t1 = System.nanoTime();
                sorter.countBuckets(keys, bucketSizes);
                long t2 = System.nanoTime();
                sorter.offsets(bucketSizes, bucketOffsets, sendOffsets);
                long t3 = System.nanoTime();
                sorter.bucketize(keys, bucketed, bucketOffsets);
                long t4 = System.nanoTime();
                myBucketSize = sorter.exchange(bucketedSegment, bucketSizes, sendOffsets);
                long t5 = System.nanoTime();
                sorter.countKeys(myBucketSize, keyCounts, block);
                long t6 = System.nanoTime();
                shmem.barrierAll();
                long t7 = System.nanoTime();
                if (timed) {
                    long[] marks = {t0, t1, t2, t3, t4, t5, t6};
                    for (int p = 0; p < Phase.TOTAL.ordinal(); p++) {
                        seconds[p] += (marks[p + 1] - marks[p]) * 1e-9;
                    }
                    seconds[Phase.TOTAL.ordinal()] += (t7 - t0) * 1e-9;
                }
                if (it >= firstLate) {
                    late[0] += (t5 - t4) * 1e-9;
                    late[1] += (t7 - t0) * 1e-9;
                }
                if (it == iterations + BURN_IN - 1) {
                    ok = sorter.verify(myBucketSize, keyCounts, stats);
                    report(shmem, stats, seconds, late, iterations, nPes, scaling, keysPerPe, maxKey, ok);
                    shmem.barrierAll();
                    shmem.free(receiveOffset);
                    shmem.free(received);
                    return ok ? AppMain.OK : AppMain.VERIFICATION_FAILED;
                }
                receiveOffset.local().set(ValueLayout.JAVA_LONG, 0, 0L);
                shmem.barrierAll();
            }
        }
        throw new AssertionError("unreachable: the last iteration returns");
    }

    private static void report(ShmemRuntime shmem, Stats stats, double[] seconds, double[] late, int iterations,
                               int nPes, String scaling, int keysPerPe, long maxKey, boolean ok) {
        double[] perIteration = new double[seconds.length + late.length];
        for (int p = 0; p < seconds.length; p++) {
            perIteration[p] = seconds[p] / iterations;
        }
        int lateIterations = iterations - iterations / 2;
        for (int p = 0; p < late.length; p++) {
            perIteration[seconds.length + p] = late[p] / lateIterations;
        }
        double[] sum = stats.sum(perIteration);
        if (shmem.myPe() != 0) {
            return;
        }
        double[] avg = new double[sum.length];
        for (int p = 0; p < sum.length; p++) {
            avg[p] = sum[p] / nPes;
        }
        System.out.printf(Locale.ROOT, "Average time to make input (per PE): %f seconds%n", avg[Phase.INPUT.ordinal()]);
        System.out.printf(Locale.ROOT, "Average time to count bucket sizes (per PE): %f seconds%n",
                avg[Phase.COUNT.ordinal()]);
        System.out.printf(Locale.ROOT, "Average time to compute bucket offsets (per PE): %f seconds%n",
                avg[Phase.OFFSETS.ordinal()]);
        System.out.printf(Locale.ROOT, "Average time to bucketize keys (per PE): %f seconds%n",
                avg[Phase.BUCKETIZE.ordinal()]);
        System.out.printf(Locale.ROOT, "Average all2all time (per PE): %f seconds%n", avg[Phase.EXCHANGE.ordinal()]);
        System.out.printf(Locale.ROOT, "Average time to sort local keys (per PE): %f seconds%n",
                avg[Phase.SORT.ordinal()]);
        System.out.printf(Locale.ROOT, "Average total time (per PE): %f seconds%n", avg[Phase.TOTAL.ordinal()]);
        System.out.println("Verification: " + (ok ? "PASSED" : "FAILED"));
        ResultLine r = new ResultLine("BucketSort", nPes).add("scaling", scaling).add("keys_per_pe", keysPerPe)
                .add("max_key", maxKey).add("iterations", iterations);
        String[] names = {"input", "count", "offsets", "bucketize", "exchange", "sort", "total", "exchange_late",
            "total_late"};
        for (int p = 0; p < names.length; p++) {
            r.seconds(names[p], avg[p]);
        }
        System.out.println(r.verified(ok));
    }

    /** The phases of one sort; buffers are allocated once by the caller and reused by every iteration. */
    private static final class Sorter {
        private final ShmemRuntime shmem;
        private final int keysPerPe;
        private final int bucketWidth;
        private final int maxKey;
        private final SymmetricMemory received;
        private final SymmetricMemory receiveOffset;
        private final long capacity;
        private long generatedSum;

        Sorter(ShmemRuntime shmem, int keysPerPe, int bucketWidth, int maxKey, SymmetricMemory received,
               SymmetricMemory receiveOffset, long capacity) {
            this.shmem = shmem;
            this.keysPerPe = keysPerPe;
            this.bucketWidth = bucketWidth;
            this.maxKey = maxKey;
            this.received = received;
            this.receiveOffset = receiveOffset;
            this.capacity = capacity;
        }

        void makeInput(int[] keys) {
            int me = shmem.myPe();
            generatedSum = makeKeys(new Pcg32(me, me), maxKey, keys);
        }

        private static long makeKeys(Pcg32 rng, int maxKey, int[] keys) {
            int threshold = Pcg32.threshold(maxKey);
            long sum = 0;
            for (int i = 0; i < keys.length; i++) {
                int k = rng.bounded(maxKey, threshold);
                keys[i] = k;
                sum += k;
            }
            return sum;
        }

        void countBuckets(int[] keys, int[] bucketSizes) {
            java.util.Arrays.fill(bucketSizes, 0);
            int width = bucketWidth;
            for (int k : keys) {
                bucketSizes[k / width]++;
            }
        }

        void offsets(int[] bucketSizes, int[] bucketOffsets, int[] sendOffsets) {
            int at = 0;
            for (int b = 0; b < bucketSizes.length; b++) {
                bucketOffsets[b] = at;
                sendOffsets[b] = at;
                at += bucketSizes[b];
            }
        }

        void bucketize(int[] keys, int[] bucketed, int[] bucketOffsets) {
            int width = bucketWidth;
            for (int k : keys) {
                bucketed[bucketOffsets[k / width]++] = k;
            }
        }

        /** Sends every bucket to its owner; returns the number of keys this PE received. */
        long exchange(MemorySegment bucketed, int[] bucketSizes, int[] sendOffsets) {
            int me = shmem.myPe();
            int nPes = shmem.nPes();
            for (int i = 0; i < nPes; i++) {
                int target = (me + i) % nPes;
                int count = bucketSizes[target];
                long at = shmem.atomicFetchAdd(DataType.LONG, receiveOffset, 0, count, target);
                if (at + count > capacity) {
                    throw new IllegalStateException("PE " + target + " would receive more than its " + capacity
                            + " keys of receive buffer (keys are far from uniform: is -max-key tiny?)");
                }
                long bytes = (long) count * Integer.BYTES;
                long from = (long) sendOffsets[target] * Integer.BYTES;
                if (target == me) {
                    MemorySegment.copy(bucketed, from, received.local(), at * Integer.BYTES, bytes);
                } else {
                    shmem.putmem(received, at * Integer.BYTES, bucketed, from, bytes, target);
                }
            }
            shmem.barrierAll();
            return receiveOffset.local().get(ValueLayout.JAVA_LONG, 0);
        }

        /**
         * The counting sort, reading the received keys in blocks into {@code block}: the random increments ran at
         * the C's speed when the loop read an int[], and 1.4x slower when it read the symmetric segment itself.
         */
        void countKeys(long myBucketSize, int[] keyCounts, int[] block) {
            MemorySegment in = received.local();
            int minKey = shmem.myPe() * bucketWidth;
            for (long at = 0; at < myBucketSize; at += block.length) {
                int n = (int) Math.min(block.length, myBucketSize - at);
                MemorySegment.copy(in, KEY, at * Integer.BYTES, block, 0, n);
                countBlock(block, n, minKey, keyCounts);
            }
        }

        private static void countBlock(int[] block, int n, int minKey, int[] keyCounts) {
            for (int i = 0; i < n; i++) {
                keyCounts[block[i] - minKey]++;
            }
        }

        boolean verify(long myBucketSize, int[] keyCounts, Stats stats) {
            int me = shmem.myPe();
            long minKey = (long) me * bucketWidth;
            long maxKeyHere = minKey + bucketWidth - 1;
            MemorySegment in = received.local();
            boolean ok = true;
            long receivedSum = 0;
            for (long i = 0; i < myBucketSize; i++) {
                int k = in.getAtIndex(KEY, i);
                receivedSum += k;
                if ((k < minKey || k > maxKeyHere) && ok) {
                    System.out.printf("PE %d Failed Verification! Key %d is outside of bounds [%d, %d]%n", me, k,
                            minKey, maxKeyHere);
                    ok = false;
                }
            }
            long counted = 0;
            for (int count : keyCounts) {
                counted += count;
            }
            if (counted != myBucketSize) {
                System.out.printf("PE %d Failed Verification! Counted %d keys, received %d%n", me, counted,
                        myBucketSize);
                ok = false;
            }
            long total = stats.sum(myBucketSize);
            long expected = (long) keysPerPe * shmem.nPes();
            if (total != expected) {
                if (me == 0) {
                    System.out.printf("Verification Failed! Actual total number of keys: %d Expected %d%n", total,
                            expected);
                }
                ok = false;
            }
            long sumDiff = stats.sum(receivedSum - generatedSum);
            if (sumDiff != 0) {
                if (me == 0) {
                    System.out.printf("Verification Failed! The keys received add up to %d more than the keys"
                            + " generated%n", sumDiff);
                }
                ok = false;
            }
            return stats.sum(ok ? 0 : 1) == 0;
        }
    }
}
