package io.jshmem.it.pe;

import io.jshmem.Context;
import io.jshmem.DataType;
import io.jshmem.InitAttributes;
import io.jshmem.MemType;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The contiguous put and get on DEVICE_SIDE blocks of a kind without host views that reaches other processes
 * ({@link OpaqueFileDeviceProvider}, which behaves as GPU memory does), case by case in a ring of PEs: putmem/getmem,
 * their nbi forms, typed put/get and their nbi forms, a host symmetric block's local view as the local operand, a
 * created context and a team context (team PE numbers), each verified byte for byte after a barrier; bad input (range,
 * negative count, overflow, short local segment, read-only destination, bad PE, freed block, another instance's
 * block) refused naming the argument with nothing moved on any PE; p/g, atomics, strided put, put-with-signal and a
 * collective still refused naming the kind. Each case prints its own line.
 *
 * <p>Arguments: the directory for the test kind's heap files; then {@code unchecked} for a job run with
 * JSHMEM_CHECKS=false, which runs the transfer cases only (bad input is undefined behaviour there).
 */
public final class KindRmaPe {
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;

    public static void main(String[] args) {
        System.setProperty(OpaqueFileDeviceProvider.DIR_PROPERTY, args[0]);
        boolean unchecked = args.length > 1 && args[1].equals("unchecked");
        System.setProperty("jshmem.device.kind", OpaqueFileDeviceProvider.NAME);
        ShmemRuntime shmem = Shmem.init();
        int me = shmem.myPe();
        int n = shmem.nPes();
        Expect.isTrue(io.jshmem.operand.Operands.CHECKS != unchecked,
                "JSHMEM_CHECKS as the job asked (unchecked job: " + unchecked + ")");
        SymmetricMemory d = shmem.malloc(8192, MemType.DEVICE_SIDE);
        Expect.thrown(ShmemStateException.class, d::local, "memory kind '" + OpaqueFileDeviceProvider.NAME
                + "' (DEVICE_SIDE) is not host-addressable");
        ringPutmem(shmem, d, me, n);
        ringNbi(shmem, d, me, n);
        ringTyped(shmem, d, me, n);
        hostBlockOperand(shmem, d, me, n);
        contexts(shmem, d, me, n);
        callocZeroes(shmem, me);
        if (!unchecked) {
            badInput(shmem, me, n);
            hostOnlyRefused(shmem, me, n);
        }
        shmem.free(d);
        shmem.close();
        System.out.println("KIND RMA OK pe " + me + " of " + n);
    }

    static byte[] pattern(int bytes, int seed) {
        byte[] b = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            b[i] = (byte) (seed * 31 + i * 7 + (i >> 8));
        }
        return b;
    }

    private static byte[] read(ShmemRuntime shmem, SymmetricMemory d, long offset, int bytes, int pe) {
        byte[] out = new byte[bytes];
        shmem.getmem(MemorySegment.ofArray(out), 0, d, offset, bytes, pe);
        return out;
    }

    private static void same(byte[] want, byte[] got, String what) {
        if (!Arrays.equals(want, got)) {
            throw new AssertionError(what + ": first difference at byte " + Arrays.mismatch(want, got));
        }
    }

    /** putmem into the next PE's block, then getmem of my own block and of the next PE's. */
    private static void ringPutmem(ShmemRuntime shmem, SymmetricMemory d, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        shmem.putmem(d, 100, MemorySegment.ofArray(pattern(1000, me)), 0, 1000, next);
        shmem.barrierAll();
        same(pattern(1000, prev), read(shmem, d, 100, 1000, me), "my block holds what PE " + prev + " put");
        same(pattern(1000, prev), OpaqueFileDeviceProvider.ownHeap().asSlice(d.heapOffset() + 100, 1000)
                .toArray(ValueLayout.JAVA_BYTE), "the bytes are in the kind's heap itself, not the host heap");
        same(pattern(1000, me), read(shmem, d, 100, 1000, next), "PE " + next + "'s block holds what I put");
        same(new byte[100], read(shmem, d, 0, 100, next), "nothing before the range was written");
        same(new byte[100], read(shmem, d, 1100, 100, next), "nothing after the range was written");
        shmem.barrierAll();
        System.out.println("case ring-putmem ok pe " + me);
    }

    /** putmemNbi from native memory and getmemNbi into it, complete after quiet. */
    private static void ringNbi(ShmemRuntime shmem, SymmetricMemory d, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(600);
            src.copyFrom(MemorySegment.ofArray(pattern(600, 40 + me)));
            shmem.putmemNbi(d, 2000, src, 88, 512, next);
            shmem.quiet();
            shmem.barrierAll();
            MemorySegment dst = arena.allocate(600);
            shmem.getmemNbi(dst, 3, d, 2000, 512, me);
            shmem.quiet();
            same(Arrays.copyOfRange(pattern(600, 40 + prev), 88, 600),
                    Arrays.copyOfRange(dst.toArray(ValueLayout.JAVA_BYTE), 3, 515), "nbi ring");
            same(Arrays.copyOfRange(pattern(600, 40 + prev), 88, 600), OpaqueFileDeviceProvider.ownHeap()
                    .asSlice(d.heapOffset() + 2000, 512).toArray(ValueLayout.JAVA_BYTE), "nbi bytes in the kind heap");
        }
        shmem.barrierAll();
        System.out.println("case ring-nbi ok pe " + me);
    }

    /** Typed put/get (longs) and their nbi forms (ints) at element indices. */
    private static void ringTyped(ShmemRuntime shmem, SymmetricMemory d, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        long[] longs = new long[10];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = 1_000_000L * me + i;
        }
        shmem.put(L, d, 400, MemorySegment.ofArray(longs), 2, 8, next);
        int[] ints = {me, -me, 77, 1 << 30};
        shmem.putNbi(I, d, 1000, MemorySegment.ofArray(ints), 0, 4, next);
        shmem.quiet();
        shmem.barrierAll();
        long[] gotLongs = new long[9];
        shmem.get(L, MemorySegment.ofArray(gotLongs), 1, d, 400, 8, me);
        for (int i = 0; i < 8; i++) {
            Expect.equal(1_000_000L * prev + i + 2, gotLongs[i + 1], "typed put from PE " + prev + ", element " + i);
        }
        Expect.equal(0L, gotLongs[0], "typed get writes only its range");
        int[] gotInts = new int[4];
        shmem.getNbi(I, MemorySegment.ofArray(gotInts), 0, d, 1000, 4, next);
        shmem.quiet();
        Expect.equal(Arrays.toString(ints), Arrays.toString(gotInts), "typed nbi round trip through PE " + next);
        shmem.barrierAll();
        System.out.println("case ring-typed ok pe " + me);
    }

    /** A HOST_SIDE symmetric block's local view as the local operand, both ways. */
    private static void hostBlockOperand(ShmemRuntime shmem, SymmetricMemory d, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        SymmetricMemory h = shmem.malloc(256);
        h.local().copyFrom(MemorySegment.ofArray(pattern(256, 90 + me)));
        shmem.putmem(d, 5000, h.local(), 0, 256, next);
        shmem.barrierAll();
        SymmetricMemory back = shmem.calloc(256, 1);
        shmem.getmem(back.local(), 0, d, 5000, 256, me);
        same(pattern(256, 90 + prev), back.local().toArray(ValueLayout.JAVA_BYTE), "kind to host block and back");
        shmem.barrierAll();
        shmem.free(h);
        shmem.free(back);
        System.out.println("case host-block-operand ok pe " + me);
    }

    /** A created context, and a context of a team whose PE numbers are not the world's. */
    private static void contexts(ShmemRuntime shmem, SymmetricMemory d, int me, int n) {
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        try (Context ctx = shmem.createCtx()) {
            ctx.putmem(d, 6000, MemorySegment.ofArray(pattern(64, 7 + me)), 0, 64, next);
            ctx.quiet();
        }
        shmem.barrierAll();
        same(pattern(64, 7 + prev), read(shmem, d, 6000, 64, me), "a created context");

        // the team of world PEs n-1, n-2, ..., 0: team PE t is world PE n-1-t
        Team reversed = shmem.teamWorld().splitStrided(n - 1, -1, n);
        try (Context ctx = reversed.createCtx()) {
            int teamNext = n - 1 - next;
            ctx.put(L, d, 800 + me, MemorySegment.ofArray(new long[] {5000 + me}), 0, 1, teamNext);
            long[] got = new long[1];
            ctx.get(L, MemorySegment.ofArray(got), 0, d, 800 + me, 1, teamNext);
            Expect.equal(5000L + me, got[0], "team context get from team PE " + teamNext);
        }
        shmem.barrierAll();
        long[] mine = new long[1];
        shmem.get(L, MemorySegment.ofArray(mine), 0, d, 800 + prev, 1, me);
        Expect.equal(5000L + prev, mine[0], "team context put reached world PE " + me + " from PE " + prev);
        reversed.close();
        shmem.barrierAll();
        System.out.println("case contexts ok pe " + me);
    }

    /** Bad operands to the next PE: each refused naming the argument, and no PE's bytes change. */
    private static void badInput(ShmemRuntime shmem, int me, int n) {
        int next = (me + 1) % n;
        SymmetricMemory b = shmem.malloc(64, MemType.DEVICE_SIDE);
        shmem.putmem(b, 0, MemorySegment.ofArray(pattern(64, 50 + me)), 0, 64, me);
        SymmetricMemory freed = shmem.malloc(64, MemType.DEVICE_SIDE);
        shmem.free(freed);
        shmem.barrierAll();
        MemorySegment src = MemorySegment.ofArray(pattern(128, 3));
        String kind = "a DEVICE_SIDE block of memory kind '" + OpaqueFileDeviceProvider.NAME + "' of 64 bytes";
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(b, 60, src, 0, 8, next),
                "destOffset = 60 with bytes = 8 is outside dest (" + kind + ")", "0 <= destOffset");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmemNbi(b, -1, src, 0, 8, next), "destOffset = -1");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(b, 0, src, 0, -8, next), "bytes = -8");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(b, Long.MAX_VALUE, src, 0, 2, next),
                "destOffset = " + Long.MAX_VALUE);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.put(L, b, 7, src, 0, 2, next),
                "destIndex = 7 with count = 2", "8 elements of 8 bytes");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putNbi(I, b, 0, src, 30, 4, next), "srcIndex = 30");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(b, 0, src, 0, 8, n), "pe = " + n);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.putmem(b, 0, src, 0, 8, -1), "pe = -1");
        Expect.thrown(ShmemStateException.class, () -> shmem.putmem(freed, 0, src, 0, 8, next), "has been freed");
        byte[] dst = pattern(16, 99);
        MemorySegment dstSeg = MemorySegment.ofArray(dst);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.getmem(dstSeg, 0, b, 60, 8, next), "srcOffset = 60");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.getmem(dstSeg, 12, b, 0, 8, next), "destOffset = 12");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.getmemNbi(dstSeg.asReadOnly(), 0, b, 0, 8, next),
                "read-only");
        Expect.thrown(ShmemArgumentException.class, () -> shmem.get(L, dstSeg, 0, b, 0, 1, n), "pe = " + n);
        Expect.thrown(ShmemStateException.class, () -> shmem.getNbi(L, dstSeg, 0, freed, 0, 1, next),
                "has been freed");
        same(pattern(16, 99), dst, "refused gets wrote nothing here");
        ShmemRuntime other = Shmem.init(InitAttributes.fromEnvironment().instanceId(1).heapSize(8 << 20));
        try {
            Expect.thrown(ShmemArgumentException.class, () -> other.putmem(b, 0, src, 0, 8, next),
                    "dest belongs to instance 0");
            Expect.thrown(ShmemArgumentException.class, () -> other.getmem(dstSeg, 0, b, 0, 8, next),
                    "src belongs to instance 0");
        } finally {
            other.close();
        }
        shmem.barrierAll();
        same(pattern(64, 50 + me), read(shmem, b, 0, 64, me), "refused puts moved nothing into PE " + me);
        same(pattern(64, 50 + me), kindBytes(b, 64), "the kind's own heap agrees, at the block's offset");
        shmem.barrierAll();
        shmem.free(b);
        System.out.println("case bad-input ok pe " + me);
    }

    /** The calls that take HOST_SIDE buffers only still refuse a kind block, naming the kind; nothing moves. */
    private static void hostOnlyRefused(ShmemRuntime shmem, int me, int n) {
        int next = (me + 1) % n;
        SymmetricMemory b = shmem.malloc(64, MemType.DEVICE_SIDE);
        shmem.putmem(b, 0, MemorySegment.ofArray(pattern(64, 60 + me)), 0, 64, me);
        shmem.barrierAll();
        MemorySegment src = MemorySegment.ofArray(new long[4]);
        String[] named = {"DEVICE_SIDE buffer", OpaqueFileDeviceProvider.NAME, "HOST_SIDE buffers only",
            "contiguous putmem/getmem/put/get"};
        Expect.thrown(ShmemArgumentException.class, () -> shmem.p(L, b, 0, 1L, next), named);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.g(L, b, 0, next), named);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.atomicAdd(DataType.LONG, b, 0, 1, next), named);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.iput(L, b, 0, 2, src, 0, 1, 2, next), named);
        Expect.thrown(ShmemArgumentException.class,
                () -> shmem.putmemSignal(b, 0, src, 0, 8, b, 7, 1, SignalOp.SET, next), named);
        Expect.thrown(ShmemArgumentException.class, () -> shmem.teamWorld().broadcastmem(b, 0, b, 0, 8, 0), named);
        shmem.barrierAll();
        same(pattern(64, 60 + me), read(shmem, b, 0, 64, me), "refused calls moved nothing into PE " + me);
        same(pattern(64, 60 + me), kindBytes(b, 64), "the kind's own heap agrees, at the block's offset");
        shmem.barrierAll();
        shmem.free(b);
        System.out.println("case host-only-refused ok pe " + me);
    }

    /** calloc of a kind without host views zeroes through the kind's copies, also over bytes a freed block left. */
    private static void callocZeroes(ShmemRuntime shmem, int me) {
        SymmetricMemory dirty = shmem.malloc(4096, MemType.DEVICE_SIDE);
        shmem.putmem(dirty, 0, MemorySegment.ofArray(pattern(4096, 70 + me)), 0, 4096, me);
        long at = dirty.heapOffset();
        shmem.free(dirty);
        SymmetricMemory zeroed = shmem.calloc(512, 8, MemType.DEVICE_SIDE);
        Expect.isTrue(zeroed.heapOffset() == at, "calloc reuses the freed block's bytes (offset " + at + ")");
        same(new byte[4096], kindBytes(zeroed, 4096), "calloc zeroed the kind's own heap");
        same(new byte[4096], read(shmem, zeroed, 0, 4096, me), "and getmem reads zeros");
        shmem.barrierAll();
        shmem.free(zeroed);
        System.out.println("case calloc-zeroes ok pe " + me);
    }

    /** This PE's bytes of {@code b} read from the kind's own heap, behind jshmem's back (not through getmem). */
    private static byte[] kindBytes(SymmetricMemory b, int bytes) {
        return OpaqueFileDeviceProvider.ownHeap().asSlice(b.heapOffset(), bytes).toArray(ValueLayout.JAVA_BYTE);
    }
}
