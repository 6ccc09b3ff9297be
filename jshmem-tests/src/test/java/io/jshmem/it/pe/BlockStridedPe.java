package io.jshmem.it.pe;

import io.jshmem.Context;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSHMEM 1.6's block-strided RMA (ibput/ibget) and the strided iput/iget with segment and symmetric local
 * operands, checked byte for byte: every PE puts into the next PE (or gets from it), and the whole receiving buffer
 * is compared with what the blocks should have written over a canary, so a byte written outside the blocks fails
 * too. Every RMA type token (the seven ValueLayouts and Context.INT128), the mem form, the facade's typed array,
 * segment, symmetric and 128-bit forms, and a created context; strides and block sizes including bsize 1,
 * stride == bsize, bsize 0 and nblocks 0, and blocks that end exactly at the end of both buffers. Failures are
 * collected per case (barriers always run), printed, and make the PE exit non-zero.
 */
public final class BlockStridedPe {
    static final int BUF = 2048;
    private static final List<MemoryLayout> TYPES = List.of(ValueLayout.JAVA_BYTE, ValueLayout.JAVA_SHORT,
            ValueLayout.JAVA_CHAR, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_FLOAT,
            ValueLayout.JAVA_DOUBLE, Context.INT128);

    /** destIndex, dst, srcIndex, sst, bsize, nblocks (elements). */
    record Case(long di, long dst, long si, long sst, long bsize, long nblocks) {
        @Override
        public String toString() {
            return "di=" + di + " dst=" + dst + " si=" + si + " sst=" + sst + " bsize=" + bsize + " nblocks="
                    + nblocks;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case(0, 1, 0, 1, 1, 5),     // bsize 1, contiguous
            new Case(1, 3, 0, 2, 2, 4),     // gaps on the target, source contiguous (sst == bsize)
            new Case(2, 5, 1, 7, 3, 3),     // gaps on both sides
            new Case(0, 4, 4, 4, 4, 3),     // stride == bsize on both sides: one contiguous run
            new Case(3, 2, 0, 3, 1, 6),     // bsize 1 with strides (element-wise)
            new Case(0, 1, 0, 1, 3, 0),     // nblocks 0: nothing moves
            new Case(5, 3, 2, 3, 0, 4),     // bsize 0: nothing moves
            new Case(7, 9, 11, 2, 1, 1));   // one block of one element

    interface Put {
        void run(MemoryLayout type, Case c, int pe);
    }

    interface Get {
        void run(MemoryLayout type, Case c, int pe);
    }

    private final ShmemRuntime shmem;
    private final int me;
    private final int next;
    private final int prev;
    private final SymmetricMemory buf;
    private final SymmetricMemory symLocal;
    private final MemorySegment seg;
    private final List<String> failures = new ArrayList<>();
    private int cases;

    private BlockStridedPe(ShmemRuntime shmem, Arena arena) {
        this.shmem = shmem;
        this.me = shmem.myPe();
        int n = shmem.nPes();
        this.next = (me + 1) % n;
        this.prev = (me + n - 1) % n;
        this.buf = shmem.malloc(BUF);
        this.symLocal = shmem.malloc(BUF);
        this.seg = arena.allocate(BUF, 16);
    }

    static byte pattern(int pe, long byteIndex) {
        return (byte) (pe * 37 + byteIndex * 11 + 5);
    }

    static byte canary(int pe) {
        return (byte) (0xA0 + pe);
    }

    static void fillPattern(MemorySegment s, int pe) {
        for (long i = 0; i < s.byteSize(); i++) {
            s.set(ValueLayout.JAVA_BYTE, i, pattern(pe, i));
        }
    }

    /** The receiving buffer after the blocks of {@code srcPe}'s pattern landed over {@code canary}. */
    static byte[] expected(long size, Case c, int srcPe, byte canary) {
        byte[] exp = new byte[BUF];
        java.util.Arrays.fill(exp, canary);
        if (c.bsize == 0 || c.nblocks == 0) {
            return exp;
        }
        for (long k = 0; k < c.nblocks; k++) {
            for (long e = 0; e < c.bsize; e++) {
                for (long b = 0; b < size; b++) {
                    long d = (c.di + k * c.dst + e) * size + b;
                    long s = (c.si + k * c.sst + e) * size + b;
                    exp[(int) d] = pattern(srcPe, s);
                }
            }
        }
        return exp;
    }

    private void compare(String what, MemorySegment actual, byte[] exp) {
        byte[] got = actual.asSlice(0, BUF).toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < BUF; i++) {
            if (got[i] != exp[i]) {
                failures.add(what + ": byte " + i + " is " + got[i] + ", expected " + exp[i]);
                return;
            }
        }
    }

    /** Every PE puts into the next one with {@code put}; each checks its own buffer (written by the previous). */
    private void putCase(String what, MemoryLayout type, Case c, Put put) {
        cases++;
        String name = what + " " + type + " " + c;
        buf.local().fill(canary(me));
        shmem.barrierAll();
        try {
            put.run(type, c, next);
            shmem.quiet();
        } catch (Throwable t) {
            failures.add(name + ": threw " + t);
        }
        shmem.barrierAll();
        compare(name, buf.local(), expected(type.byteSize(), c, prev, canary(me)));
        shmem.barrierAll();
    }

    /** Every PE gets from the next one into {@code dest}, pre-filled with a canary. */
    private void getCase(String what, MemoryLayout type, Case c, MemorySegment dest, Get get) {
        cases++;
        String name = what + " " + type + " " + c;
        fillPattern(buf.local(), me);
        dest.fill(canary(me));
        shmem.barrierAll();
        try {
            get.run(type, c, next);
        } catch (Throwable t) {
            failures.add(name + ": threw " + t);
        }
        compare(name, dest, expected(type.byteSize(), c, next, canary(me)));
        shmem.barrierAll();
    }

    /** Blocks that end exactly at the last element of both buffers. */
    static Case exactFit(long size) {
        long cap = BUF / size;
        return new Case(cap - (3 * 3 + 2), 3, cap - (3 * 2 + 2), 2, 2, 4);
    }

    private void run() {
        fillPattern(seg, me);
        for (MemoryLayout type : TYPES) {
            List<Case> all = new ArrayList<>(CASES);
            all.add(exactFit(type.byteSize()));
            for (Case c : all) {
                fillPattern(seg, me);
                putCase("ctx.ibput", type, c, (t, k, pe) -> shmem.ibput(t, buf, k.di, k.dst, seg, k.si, k.sst,
                        k.bsize, k.nblocks, pe));
                getCase("ctx.ibget", type, c, seg, (t, k, pe) -> shmem.ibget(t, seg, k.di, k.dst, buf, k.si,
                        k.sst, k.bsize, k.nblocks, pe));
            }
        }
        // The mem form: everything in bytes.
        for (Case c : List.of(new Case(3, 7, 1, 5, 4, 6), new Case(0, 16, 0, 16, 16, 8), exactFit(1))) {
            fillPattern(seg, me);
            putCase("ibputmem", ValueLayout.JAVA_BYTE, c, (t, k, pe) -> shmem.ibputmem(buf, k.di, k.dst, seg, k.si,
                    k.sst, k.bsize, k.nblocks, pe));
            getCase("ibgetmem", ValueLayout.JAVA_BYTE, c, seg, (t, k, pe) -> shmem.ibgetmem(seg, k.di, k.dst, buf,
                    k.si, k.sst, k.bsize, k.nblocks, pe));
            fillPattern(symLocal.local(), me);
            putCase("Shmem.ibputmem(symmetric src)", ValueLayout.JAVA_BYTE, c, (t, k, pe) -> Shmem.ibputmem(buf,
                    k.di, k.dst, symLocal, k.si, k.sst, k.bsize, k.nblocks, pe));
            getCase("Shmem.ibgetmem(symmetric dest)", ValueLayout.JAVA_BYTE, c, symLocal.local(),
                    (t, k, pe) -> Shmem.ibgetmem(symLocal, k.di, k.dst, buf, k.si, k.sst, k.bsize, k.nblocks, pe));
        }
        facadeForms();
        createdContext();
        stridedLocalOperands();
    }

    /** The facade: a typed array form per Java type, the generic segment and symmetric forms, the 128-bit forms. */
    private void facadeForms() {
        Case c = new Case(1, 5, 2, 3, 2, 4);
        for (MemoryLayout type : TYPES.subList(0, 7)) {
            fillPattern(seg, me);
            putCase("Shmem.ibput(array)", type, c, (t, k, pe) -> FacadeArrays.ibput(t, buf, k, seg, pe));
            getCase("Shmem.ibget(array)", type, c, seg, (t, k, pe) -> FacadeArrays.ibget(t, seg, k, buf, pe));
            ValueLayout vl = (ValueLayout) type;
            fillPattern(seg, me);
            putCase("Shmem.ibput(segment)", type, c, (t, k, pe) -> Shmem.ibput(vl, buf, k.di, k.dst, seg, k.si,
                    k.sst, k.bsize, k.nblocks, pe));
            fillPattern(symLocal.local(), me);
            putCase("Shmem.ibput(symmetric src)", type, c, (t, k, pe) -> Shmem.ibput(vl, buf, k.di, k.dst,
                    symLocal, k.si, k.sst, k.bsize, k.nblocks, pe));
            getCase("Shmem.ibget(segment)", type, c, seg, (t, k, pe) -> Shmem.ibget(vl, seg, k.di, k.dst, buf,
                    k.si, k.sst, k.bsize, k.nblocks, pe));
            getCase("Shmem.ibget(symmetric dest)", type, c, symLocal.local(), (t, k, pe) -> Shmem.ibget(vl,
                    symLocal, k.di, k.dst, buf, k.si, k.sst, k.bsize, k.nblocks, pe));
        }
        fillPattern(seg, me);
        putCase("Shmem.ibput128", Context.INT128, c, (t, k, pe) -> Shmem.ibput128(buf, k.di, k.dst, seg, k.si,
                k.sst, k.bsize, k.nblocks, pe));
        getCase("Shmem.ibget128", Context.INT128, c, seg, (t, k, pe) -> Shmem.ibget128(seg, k.di, k.dst, buf, k.si,
                k.sst, k.bsize, k.nblocks, pe));
    }

    /** shmem_ctx_ibput / shmem_ctx_ibget: the same calls on a created context. */
    private void createdContext() {
        try (Context ctx = shmem.createCtx()) {
            Case c = new Case(2, 4, 1, 3, 3, 5);
            fillPattern(seg, me);
            cases++;
            buf.local().fill(canary(me));
            shmem.barrierAll();
            try {
                ctx.ibput(ValueLayout.JAVA_INT, buf, c.di, c.dst, seg, c.si, c.sst, c.bsize, c.nblocks, next);
                ctx.quiet();
            } catch (Throwable t) {
                failures.add("created ctx ibput: threw " + t);
            }
            shmem.barrierAll();
            compare("created ctx ibput", buf.local(), expected(4, c, prev, canary(me)));
            shmem.barrierAll();
            getCase("created ctx ibget", ValueLayout.JAVA_INT, c, seg, (t, k, pe) -> ctx.ibget(t, seg, k.di, k.dst,
                    buf, k.si, k.sst, k.bsize, k.nblocks, pe));
        }
    }

    /** iput/iget: the facade's segment and symmetric local operands. */
    private void stridedLocalOperands() {
        // iput is ibput with bsize 1: the same expectation.
        for (MemoryLayout type : TYPES.subList(0, 7)) {
            ValueLayout vl = (ValueLayout) type;
            Case c = new Case(1, 3, 2, 2, 1, 7);
            fillPattern(seg, me);
            putCase("Shmem.iput(segment)", type, c, (t, k, pe) -> Shmem.iput(vl, buf, k.di, k.dst, seg, k.si,
                    k.sst, k.nblocks, pe));
            fillPattern(symLocal.local(), me);
            putCase("Shmem.iput(symmetric src)", type, c, (t, k, pe) -> Shmem.iput(vl, buf, k.di, k.dst, symLocal,
                    k.si, k.sst, k.nblocks, pe));
            getCase("Shmem.iget(segment)", type, c, seg, (t, k, pe) -> Shmem.iget(vl, seg, k.di, k.dst, buf, k.si,
                    k.sst, k.nblocks, pe));
            getCase("Shmem.iget(symmetric dest)", type, c, symLocal.local(), (t, k, pe) -> Shmem.iget(vl, symLocal,
                    k.di, k.dst, buf, k.si, k.sst, k.nblocks, pe));
        }
    }

    public static void main(String[] args) {
        BlockStridedPe t;
        try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofConfined()) {
            t = new BlockStridedPe(shmem, arena);
            t.run();
            shmem.barrierAll();
            shmem.free(t.symLocal);
            shmem.free(t.buf);
        }
        for (String f : t.failures) {
            System.out.println("FAILED " + f);
        }
        if (!t.failures.isEmpty()) {
            System.out.println(t.failures.size() + " of " + t.cases + " block-strided cases failed in pe " + t.me);
            System.exit(1);
        }
        System.out.println("BLOCK STRIDED OK pe " + t.me + ": " + t.cases + " cases");
    }
}
