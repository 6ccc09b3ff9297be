package io.jshmem.apps;

import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;

/**
 * Random access (GUPS) of the HPCC RandomAccess kind, as tests-sos' {@code test/apps/gups.c} runs it on SHMEM: a
 * table of 2^k 64-bit words (2^k the largest power of two not above {@code m * nPes / 8}) is spread over the PEs
 * (the first {@code 2^k mod nPes} PEs hold one word more), word g starts as g, and every PE applies its share of
 * updates: it walks the HPCC random stream ({@link RandomStream}) from element {@code 4 * (first global index it
 * holds)}, and for each value r updates word {@code r & (2^k - 1)} on the PE holding it with
 * {@code word ^= r}: one remote atomic XOR, or with {@code -g} a get and a put (racy, as HPCC allows). The timed
 * section is barrier, updates, barrier; there is no warm-up pass, as in the original.
 *
 * <p>Verification replays the same updates with atomic XOR (XOR twice restores a word) and counts the words that
 * differ from their start value: with atomics (the default) the replay is exact and any error fails; with
 * {@code -g} up to 1 % of the table may be wrong, as HPCC allows for lost racy updates. Prints the original's
 * lines ("Real time used", GUP/s, "Found N errors in T locations (passed)") and the RESULT line.
 *
 * <p>Run: {@code bin/shmemrun -np 4 io.jshmem.apps.Gups [-m 8192] [-n 0] [-g]}: {@code -m} bytes of table per
 * PE, {@code -n} updates per PE (0: four per table word). Exit status: 0, 1 when verification fails, 2 for bad
 * arguments.
 */
public final class Gups {
    private static final ValueLayout.OfLong W = ValueLayout.JAVA_LONG;
    static final String USAGE = """
            usage: shmemrun -np N io.jshmem.apps.Gups [flags]
              -m BYTES        table bytes per PE (table: the largest power of two words <= BYTES*N/8); default 8192
              -n UPDATES      updates per PE; 0 = 4 x the PE's table words; default 0
              -g              get + put per update instead of atomic XOR (racy; verification allows 1 % errors)""";

    private Gups() {
    }

    public static void main(String[] args) {
        AppMain.run("Gups", USAGE, args, List.of("m", "n"), List.of("g"), Gups::run);
    }

    /** The table's distribution over the PEs, as HPCC computes it. */
    record Layout(long tableSize, int logTableSize, long minLocal, int remainder, long top) {
        static Layout of(long bytesPerPe, int nPes) {
            double words = (double) bytesPerPe * nPes / Long.BYTES;
            int log = 0;
            long size = 1;
            for (words *= 0.5; words >= 1.0; words *= 0.5) {
                log++;
                size <<= 1;
            }
            long minLocal = size / nPes;
            int remainder = (int) (size - minLocal * nPes);
            return new Layout(size, log, minLocal, remainder, (minLocal + 1) * remainder);
        }

        long localSize(int pe) {
            return pe < remainder ? minLocal + 1 : minLocal;
        }

        long globalStart(int pe) {
            return pe < remainder ? (minLocal + 1) * pe : minLocal * pe + remainder;
        }
    }

    private static int run(ShmemRuntime shmem, Flags flags) {
        int me = shmem.myPe();
        int nPes = shmem.nPes();
        long bytes = flags.integer("m", 8192, 8, 1L << 40, "the table bytes per PE");
        long updatesArg = flags.integer("n", 0, 0, 1L << 40, "the updates per PE");
        boolean getPut = flags.isSet("g");
        Layout layout = Layout.of(bytes, nPes);
        if (layout.minLocal() < 1) {
            long words = nPes == 1 ? 1 : Long.highestOneBit(nPes - 1L) << 1; // the smallest power of two >= nPes
            long minBytes = (Long.BYTES * words + nPes - 1) / nPes;
            throw new BadArgument("-m", Long.toString(bytes), "the table (" + layout.tableSize() + " words) must give"
                    + " every one of the " + nPes + " PEs a word: valid range [" + minBytes + ", " + (1L << 40) + "]");
        }
        long localWords = layout.remainder() > 0 ? layout.minLocal() + 1 : layout.minLocal();
        long heap = shmem.heapSize();
        if (localWords * Long.BYTES > heap / 4 * 3) {
            throw new BadArgument("-m", Long.toString(bytes), "the table needs " + localWords * Long.BYTES
                    + " bytes per PE, more than 3/4 of the symmetric heap (" + heap + " bytes): lower -m or raise"
                    + " SHMEM_SYMMETRIC_SIZE");
        }
        long myLocal = layout.localSize(me);
        long globalStart = layout.globalStart(me);
        long updatesPerPe = updatesArg == 0 ? 4 * myLocal : updatesArg;
        long totalUpdates = updatesArg == 0 ? 4 * layout.tableSize() : updatesArg * nPes;
        if (me == 0) {
            System.out.println("Running on " + nPes + " processors");
            System.out.println("Total Main table size = 2^" + layout.logTableSize() + " = " + layout.tableSize()
                    + " words");
            System.out.println("PE Main table size = (2^" + layout.logTableSize() + ")/" + nPes + "  = " + localWords
                    + " words/PE MAX");
            System.out.println("Total number of updates = " + totalUpdates);
            System.out.println("Update = " + (getPut ? "get + put" : "atomic XOR"));
        }
        SymmetricMemory table = shmem.malloc(localWords * Long.BYTES);
        int status;
        try (Stats stats = new Stats(shmem)) {
            MemorySegment local = table.local();
            for (long i = 0; i < myLocal; i++) {
                local.setAtIndex(W, i, i + globalStart);
            }
            shmem.barrierAll();
            long t0 = System.nanoTime();
            shmem.barrierAll();
            update(shmem, table, layout, globalStart, updatesPerPe, getPut);
            shmem.barrierAll();
            double updateTime = (System.nanoTime() - t0) * 1e-9;
            double rootTime = stats.max(me == 0 ? updateTime : 0)[0];
            double gups = 1e-9 * totalUpdates / rootTime;
            if (me == 0) {
                System.out.printf(Locale.ROOT, "Real time used = %.6f seconds%n", rootTime);
                System.out.printf(Locale.ROOT, "%.9f Billion(10^9) Updates    per second [GUP/s]%n", gups);
                System.out.printf(Locale.ROOT, "%.9f Billion(10^9) Updates/PE per second [GUP/s]%n", gups / nPes);
            }
            long c0 = System.nanoTime();
            shmem.barrierAll();
            update(shmem, table, layout, globalStart, updatesPerPe, false);
            shmem.barrierAll();
            long errors = 0;
            for (long i = 0; i < myLocal; i++) {
                if (local.getAtIndex(W, i) != i + globalStart) {
                    errors++;
                }
            }
            long allErrors = stats.sum(errors);
            double checkTime = (System.nanoTime() - c0) * 1e-9;
            double checkRoot = stats.max(me == 0 ? checkTime : 0)[0];
            boolean ok = getPut ? allErrors <= 0.01 * layout.tableSize() : allErrors == 0;
            if (me == 0) {
                System.out.printf(Locale.ROOT, "Verification:  Real time used = %.6f seconds%n", checkRoot);
                System.out.printf(Locale.ROOT, "Found %d errors in %d locations (%s).%n", allErrors,
                        layout.tableSize(), ok ? "passed" : "failed");
                System.out.println(new ResultLine("Gups", nPes).add("table_words", layout.tableSize())
                        .add("updates", totalUpdates).add("mode", getPut ? "getput" : "atomic")
                        .seconds("update", rootTime).add("gups", gups).seconds("check", checkRoot)
                        .add("errors", allErrors).verified(ok));
            }
            status = ok ? AppMain.OK : AppMain.VERIFICATION_FAILED;
        }
        shmem.free(table);
        return status;
    }

    /** This PE's share of the updates: word {@code r & (tableSize - 1)} ^= r for each stream value r. */
    private static void update(ShmemRuntime shmem, SymmetricMemory table, Layout layout, long globalStart,
                               long updates, boolean getPut) {
        long mask = layout.tableSize() - 1;
        long top = layout.top();
        long minLocal = layout.minLocal();
        int remainder = layout.remainder();
        long r = RandomStream.nth(4 * globalStart);
        for (long u = 0; u < updates; u++) {
            r = RandomStream.next(r);
            long g = r & mask;
            int pe;
            long index;
            if (g < top) {
                pe = (int) (g / (minLocal + 1));
                index = g - (minLocal + 1) * pe;
            } else {
                pe = (int) ((g - remainder) / minLocal);
                index = g - (minLocal * pe + remainder);
            }
            if (getPut) {
                long v = shmem.g(W, table, index, pe);
                shmem.p(W, table, index, v ^ r, pe);
            } else {
                shmem.atomicXor(DataType.ULONG, table, index, r, pe);
            }
        }
    }
}
