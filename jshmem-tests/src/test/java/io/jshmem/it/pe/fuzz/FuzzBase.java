package io.jshmem.it.pe.fuzz;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What every group of fuzz calls shares: the runtime, the heap and its model, the argument source, the ledger,
 * and the oracle's range arithmetic, done in BigInteger so that it cannot wrap the way the code under test might.
 */
abstract class FuzzBase {
    final ShmemRuntime rt;
    final FuzzHeap heap;
    final FuzzArgs args;
    final FuzzLedger ledger;
    final int me;
    final int nPes;
    /** Whether this PE executes the current call (every PE draws it and updates the model). */
    boolean acting;
    /** The PE that executes the current call. */
    int actor;

    FuzzBase(ShmemRuntime rt, FuzzHeap heap, FuzzArgs args, FuzzLedger ledger) {
        this.rt = rt;
        this.heap = heap;
        this.args = args;
        this.ledger = ledger;
        this.me = rt.myPe();
        this.nPes = rt.nPes();
    }

    /** A symmetric operand: a data block, or a freed, foreign-instance or null handle. */
    record Buf(SymmetricMemory mem, int block, String kind) {
        boolean isData() {
            return block >= 0;
        }
    }

    Buf buf() {
        int r = args.below(100);
        if (r < 90) {
            int b = args.below(FuzzHeap.SIZES.length);
            return new Buf(heap.blocks[b], b, "data");
        }
        if (r < 94) {
            return new Buf(heap.freed, -1, "freed");
        }
        if (r < 97) {
            return new Buf(heap.foreign, -1, "foreign");
        }
        return new Buf(null, -1, "null");
    }

    Buf dataBuf() {
        int b = args.below(FuzzHeap.SIZES.length);
        return new Buf(heap.blocks[b], b, "data");
    }

    /**
     * A local operand: the guarded slice of {@code size} bytes ({@code -1}: null) in a state, "ok" or one of
     * {@link FuzzHeap#BAD_STATES} (closed, read-only, another thread's, a freed block's view).
     */
    record Local(int size, String state) {
        boolean isNull() {
            return size < 0;
        }

        /** Whether the segment may be used by a call that reads it, or writes it when {@code writes}. */
        boolean usable(boolean writes) {
            return state.equals("ok") || state.equals("read-only") && !writes;
        }

        int bytes() {
            return Math.max(size, 0);
        }

        @Override
        public String toString() {
            return size < 0 ? "null" : state + " local " + size + " bytes";
        }
    }

    /** Draws a local operand: null 3 % of the time, a segment in a bad state 12 % of the rest. */
    Local local() {
        int size = args.chance(3) ? -1 : FuzzHeap.LOCAL_SIZES[args.below(FuzzHeap.LOCAL_SIZES.length)];
        String state = size < 0 || !args.chance(12) ? "ok" : FuzzHeap.BAD_STATES[args.below(FuzzHeap.BAD_STATES.length)];
        return new Local(size, state);
    }

    /**
     * Adds the culprits of a local operand's presence and state: null is an empty buffer (fine with {@code count} 0
     * from a non-negative index), a bad state is refused whatever the range. Returns whether its range still needs
     * checking.
     */
    static boolean localCulprits(Local l, boolean writes, String name, String indexName, long index,
                                 String countName, long count, Set<String> culprits) {
        if (l.isNull()) {
            if (count != 0 || index < 0) {
                culprits.add(name);
                culprits.add(indexName);
                culprits.add(countName);
            }
            return false;
        }
        if (!l.usable(writes)) {
            culprits.add(name);
            return false;
        }
        return true;
    }

    /**
     * Adds the culprits of a symmetric operand of a transfer of {@code count} elements: a null one stands for an
     * empty buffer, fine with {@code count} 0 from a non-negative index.
     */
    static void bufCulprits(Buf b, String name, Set<String> culprits, long count, long index, String indexName,
                            String countName) {
        if (b.mem() == null && count == 0 && index >= 0) {
            return;
        }
        if (!b.isData()) {
            culprits.add(name);
            if (b.mem() == null) {
                culprits.add(indexName);
                culprits.add(countName);
            }
        }
    }

    long limit(Buf b) {
        return b.isData() ? FuzzHeap.SIZES[b.block()] : FuzzHeap.CANARY;
    }

    boolean peOk(int pe) {
        return pe >= 0 && pe < nPes;
    }

    static boolean contig(long index, long count, long size, long limit) {
        if (index < 0 || count < 0) {
            return false;
        }
        if (count == 0) {
            return true;
        }
        return BigInteger.valueOf(index).add(BigInteger.valueOf(count)).multiply(BigInteger.valueOf(size))
                .compareTo(BigInteger.valueOf(limit)) <= 0;
    }

    static boolean strided(long index, long stride, long count, long size, long limit) {
        if (stride < 1 || index < 0 || count < 0) {
            return false;
        }
        if (count == 0) {
            return true;
        }
        BigInteger last = BigInteger.valueOf(index).add(BigInteger.valueOf(count - 1).multiply(BigInteger.valueOf(stride)));
        return last.add(BigInteger.ONE).multiply(BigInteger.valueOf(size)).compareTo(BigInteger.valueOf(limit)) <= 0;
    }

    static Set<String> names(String... n) {
        return new LinkedHashSet<>(java.util.List.of(n));
    }

    /** Adds the culprits of a symmetric operand that is not a live data block of this instance. */
    static void bufCulprits(Buf b, String name, Set<String> culprits) {
        if (!b.isData()) {
            culprits.add(name);
        }
    }

    static byte content(long seed, long i) {
        long h = (seed + i) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        return (byte) (h ^ (h >>> 17));
    }

    /** Element {@code index} of {@code size} bytes of the model of {@code pe}'s block, as little-endian bits. */
    long modelGet(int pe, int block, long index, int size) {
        byte[] m = heap.mirror[pe][block];
        long v = 0;
        for (int k = size - 1; k >= 0; k--) {
            v = (v << 8) | (m[(int) (index * size + k)] & 0xFF);
        }
        return v;
    }

    void modelSet(int pe, int block, long index, int size, long bits) {
        byte[] m = heap.mirror[pe][block];
        for (int k = 0; k < size; k++) {
            m[(int) (index * size + k)] = (byte) (bits >>> (8 * k));
        }
    }

    static long loadBits(MemorySegment s, long byteOffset, int size) {
        long v = 0;
        for (int k = size - 1; k >= 0; k--) {
            v = (v << 8) | (s.get(ValueLayout.JAVA_BYTE, byteOffset + k) & 0xFF);
        }
        return v;
    }

    static long mask(int size) {
        return size == 8 ? -1L : (1L << (8 * size)) - 1;
    }
}
