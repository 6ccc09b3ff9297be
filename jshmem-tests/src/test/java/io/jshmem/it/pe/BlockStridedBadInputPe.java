package io.jshmem.it.pe;

import io.jshmem.Context;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Bad input to ibput/ibget (and the facade's new iput/iget local operands): each call throws an exception naming the
 * argument before anything moves; afterwards the canary of every PE's symmetric buffer and of the local operands is
 * intact, and the job goes on (a valid transfer and barriers still work). Every case is run and failures collected.
 */
public final class BlockStridedBadInputPe {
    private static final int BUF = 256;

    private final List<String> failures = new ArrayList<>();
    private int cases;

    private void rejects(String what, Class<? extends RuntimeException> type, Runnable call, String... fragments) {
        cases++;
        try {
            Expect.thrown(type, call, fragments);
        } catch (AssertionError e) {
            failures.add(what + ": " + e.getMessage());
        }
    }

    private void run(ShmemRuntime shmem, Arena arena) {
        int me = shmem.myPe();
        int n = shmem.nPes();
        int next = (me + 1) % n;
        SymmetricMemory buf = shmem.malloc(BUF);
        SymmetricMemory symLocal = shmem.malloc(BUF);
        MemorySegment seg = arena.allocate(BUF, 16);
        MemorySegment small = arena.allocate(8);
        byte canary = (byte) (0xC0 + me);
        buf.local().fill(canary);
        symLocal.local().fill(canary);
        seg.fill(canary);
        small.fill(canary);
        shmem.barrierAll();
        ValueLayout l = ValueLayout.JAVA_LONG; // 32 elements in buf and seg
        long big = Long.MAX_VALUE;

        // strides: 1 or more, as the spec says; checked even when nothing would move
        rejects("dst 0", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 0, seg, 0, 1, 1, 2, next), "dst = 0", "1..");
        rejects("sst -1", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 1, seg, 0, -1, 1, 2, next), "sst = -1");
        rejects("ibget dst -3", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, -3, buf, 0, 1, 1, 2, next), "dst = -3");
        rejects("ibget sst 0 with nblocks 0", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, 1, buf, 0, 0, 1, 0, next), "sst = 0");
        // signs of bsize and nblocks (size_t in C)
        rejects("bsize -1", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 2, seg, 0, 2, -1, 2, next), "bsize = -1", "negative");
        rejects("nblocks -1", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, 2, buf, 0, 2, 1, -1, next), "nblocks = -1", "negative");
        rejects("negative destIndex", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, -1, 2, seg, 0, 2, 1, 2, next), "destIndex = -1");
        // spans whose product (nblocks-1)*stride would wrap a long: still rejected, naming the arguments
        rejects("huge nblocks*dst", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, big / 2, seg, 0, 1, 1, big, next), "nblocks = " + big, "dst = "
                        + big / 2, "reach beyond dest");
        rejects("huge nblocks*sst", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 1, seg, 0, big, 1, 3, next), "sst = " + big, "reach beyond src");
        rejects("huge bsize", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, 1, buf, 0, 1, big, 1, next), "bsize = " + big, "reach beyond src");
        rejects("huge index + span", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, big - 1, 1, buf, 0, 1, 2, 1, next), "destIndex = " + (big - 1),
                "reach beyond dest");
        rejects("int128 huge", ShmemArgumentException.class,
                () -> shmem.ibput(Context.INT128, buf, 0, big / 16, seg, 0, 1, 1, 17, next), "reach beyond dest",
                "elements of 16 bytes");
        // one element beyond the end of each buffer (the exact fit is tested by BlockStridedPe)
        rejects("dest one past", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 32 - 10, 3, seg, 0, 2, 2, 4, next), "destIndex = 22", "dst = 3",
                "bsize = 2", "nblocks = 4", "32 elements of 8 bytes");
        rejects("src one past", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 3, seg, 32 - 7, 2, 2, 4, next), "srcIndex = 25", "local segment");
        rejects("ibget src one past", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, 2, buf, 32 - 7, 2, 2, 4, next), "srcIndex = 25", "symmetric block");
        rejects("ibget dest too small", ShmemArgumentException.class,
                () -> shmem.ibget(l, small, 0, 1, buf, 0, 1, 2, 1, next), "dest", "local segment");
        rejects("ibputmem byte span", ShmemArgumentException.class,
                () -> shmem.ibputmem(buf, 200, 20, seg, 0, 1, 8, 4, next), "destOffset = 200", "256 bytes");
        // PE, handles, type
        rejects("pe = nPes", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 1, seg, 0, 1, 1, 1, n), "pe = " + n, "0.." + (n - 1));
        rejects("pe = -1 with nblocks 0", ShmemArgumentException.class,
                () -> shmem.ibget(l, seg, 0, 1, buf, 0, 1, 1, 0, -1), "pe = -1");
        rejects("null src", ShmemArgumentException.class,
                () -> shmem.ibput(l, buf, 0, 1, null, 0, 1, 1, 1, next), "src is null");
        rejects("null dest", ShmemArgumentException.class,
                () -> shmem.ibput(l, null, 0, 1, seg, 0, 1, 1, 1, next), "dest is null");
        rejects("null type", ShmemArgumentException.class,
                () -> shmem.ibput(null, buf, 0, 1, seg, 0, 1, 1, 1, next), "type is null");
        rejects("empty type", ShmemArgumentException.class,
                () -> shmem.ibput(MemoryLayout.structLayout(), buf, 0, 1, seg, 0, 1, 1, 1, next), "byte size 0");
        rejects("facade null array", ShmemArgumentException.class,
                () -> Shmem.ibput(buf, 0, 1, (long[]) null, 0, 1, 1, 1, next), "src is null");
        rejects("facade 128 past", ShmemArgumentException.class,
                () -> Shmem.ibget128(seg, 0, 1, buf, 15, 1, 2, 1, next), "srcIndex = 15", "16 elements of 16 bytes");
        rejects("facade iput symmetric src past", ShmemArgumentException.class,
                () -> Shmem.iput(l, buf, 0, 1, symLocal, 30, 2, 2, next), "srcIndex = 30", "srcStride = 2",
                "local segment");
        rejects("facade iget segment dest stride 0", ShmemArgumentException.class,
                () -> Shmem.iget(l, seg, 0, 0, buf, 0, 1, 2, next), "destStride = 0");

        SymmetricMemory gone = shmem.malloc(64);
        shmem.free(gone);
        rejects("freed dest", ShmemStateException.class,
                () -> shmem.ibput(l, gone, 0, 1, seg, 0, 1, 1, 1, next), "dest", "has been freed");
        rejects("freed src, nblocks 0", ShmemStateException.class,
                () -> shmem.ibget(l, seg, 0, 1, gone, 0, 1, 1, 0, next), "src", "has been freed");
        rejects("freed symmetric local src (facade)", ShmemStateException.class,
                () -> Shmem.ibput(l, buf, 0, 1, gone, 0, 1, 1, 1, next), "src", "has been freed");
        rejects("freed symmetric local dest (facade iget)", ShmemStateException.class,
                () -> Shmem.iget(l, gone, 0, 1, buf, 0, 1, 1, next), "dest", "has been freed");
        Context ctx = shmem.createCtx();
        ctx.close();
        rejects("destroyed context", ShmemStateException.class,
                () -> ctx.ibput(l, buf, 0, 1, seg, 0, 1, 1, 1, next));

        // nothing was written anywhere: every PE checks its own copy after every PE made its bad calls
        shmem.barrierAll();
        checkUntouched("symmetric buffer", buf.local(), canary);
        checkUntouched("symmetric local operand", symLocal.local(), canary);
        checkUntouched("local segment", seg, canary);
        checkUntouched("small local segment", small, canary);
        // zero-length transfers with valid arguments anywhere in range are no-ops too
        shmem.ibput(l, buf, 31, 1, seg, 0, 1, 0, 5, next);
        shmem.ibget(l, seg, 0, 7, buf, 0, 7, 3, 0, next);
        shmem.barrierAll();
        checkUntouched("buffer after zero-length transfers", buf.local(), canary);
        checkUntouched("segment after zero-length transfers", seg, canary);
        // and the job goes on: a valid transfer still lands
        shmem.barrierAll();
        shmem.ibput(l, buf, 0, 2, seg, 0, 1, 1, 3, next);
        shmem.quiet();
        shmem.barrierAll();
        cases++;
        // elements 0, 2, 4 now hold the previous PE's canary (its segment), 1, 3, 5 still this PE's own
        long ownWord = 0x0101010101010101L * (canary & 0xFF);
        int prev = (me + n - 1) % n;
        long prevWord = 0x0101010101010101L * ((0xC0 + prev) & 0xFF);
        for (int i = 0; i < 6; i++) {
            long want = i % 2 == 0 ? prevWord : ownWord;
            long got = buf.local().getAtIndex(ValueLayout.JAVA_LONG, i);
            if (got != want) {
                failures.add("valid transfer after bad input: element " + i + " is " + Long.toHexString(got));
            }
        }
        shmem.barrierAll();
        shmem.free(symLocal);
        shmem.free(buf);
    }

    private void checkUntouched(String what, MemorySegment s, byte canary) {
        cases++;
        for (long i = 0; i < s.byteSize(); i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) != canary) {
                failures.add(what + ": byte " + i + " was written");
                return;
            }
        }
    }

    public static void main(String[] args) {
        BlockStridedBadInputPe t = new BlockStridedBadInputPe();
        int me;
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            me = shmem.myPe();
            t.run(shmem, arena);
        }
        for (String f : t.failures) {
            System.out.println("FAILED " + f);
        }
        if (!t.failures.isEmpty()) {
            System.out.println(t.failures.size() + " of " + t.cases + " bad-input cases failed in pe " + me);
            System.exit(1);
        }
        System.out.println("BLOCK STRIDED BAD INPUT OK pe " + me + ": " + t.cases + " cases");
    }
}
