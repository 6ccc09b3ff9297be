package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Every RMA form for every type: put/get, nbi, strided, scalar p/g, segment and symmetric sources. */
public final class RmaPe {
    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            SymmetricMemory buf = shmem.calloc(64, 8);
            SymmetricMemory out = shmem.malloc(64 * 8);

            // long arrays: put to next, get back from next
            long[] longs = new long[16];
            for (int i = 0; i < 16; i++) {
                longs[i] = me * 1_000_000L + i;
            }
            shmem.put(ValueLayout.JAVA_LONG, buf, 4, MemorySegment.ofArray(longs), 2, 10, next);
            shmem.barrierAll();
            for (int i = 0; i < 10; i++) {
                Expect.equal(prev * 1_000_000L + i + 2, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 4 + i),
                        "long put element " + i);
            }
            long[] back = new long[10];
            shmem.get(ValueLayout.JAVA_LONG, MemorySegment.ofArray(back), 0, buf, 4, 10, next);
            for (int i = 0; i < 10; i++) {
                Expect.equal(me * 1_000_000L + i + 2, back[i], "long get element " + i);
            }
            shmem.barrierAll();

            // every type through p/g and arrays
            shmem.p(ValueLayout.JAVA_BYTE, out, 0, (byte) (me + 1), next);
            shmem.p(ValueLayout.JAVA_SHORT, out, 1, (short) (me + 300), next);
            shmem.p(ValueLayout.JAVA_CHAR, out, 2, (char) ('A' + me), next);
            shmem.p(ValueLayout.JAVA_INT, out, 3, me * 7, next);
            shmem.p(ValueLayout.JAVA_LONG, out, 4, me * 1L << 40, next);
            shmem.p(ValueLayout.JAVA_FLOAT, out, 5, me + 0.5f, next);
            shmem.p(ValueLayout.JAVA_DOUBLE, out, 6, me + 0.25, next);
            shmem.quiet();
            shmem.barrierAll();
            Expect.equal((byte) (prev + 1), shmem.g(ValueLayout.JAVA_BYTE, out, 0, me), "byte p/g");
            Expect.equal((short) (prev + 300), shmem.g(ValueLayout.JAVA_SHORT, out, 1, me), "short p/g");
            Expect.equal((char) ('A' + prev), shmem.g(ValueLayout.JAVA_CHAR, out, 2, me), "char p/g");
            Expect.equal(prev * 7, shmem.g(ValueLayout.JAVA_INT, out, 3, me), "int p/g");
            Expect.equal(prev * 1L << 40, shmem.g(ValueLayout.JAVA_LONG, out, 4, me), "long p/g");
            Expect.equal(prev + 0.5f, shmem.g(ValueLayout.JAVA_FLOAT, out, 5, me), "float p/g");
            Expect.equal(prev + 0.25, shmem.g(ValueLayout.JAVA_DOUBLE, out, 6, me), "double p/g");
            Expect.equal(me * 7, shmem.g(ValueLayout.JAVA_INT, out, 3, next), "int g from next");
            shmem.barrierAll();

            typedArrays(shmem, buf, me, next, prev);
            strided(shmem, buf, me, next, prev);
            segments(shmem, buf, out, me, next, prev);
            ptr(shmem, buf, me, next);

            shmem.free(out);
            shmem.free(buf);
            System.out.println("RMA OK pe " + me + " of " + n);
        }
    }

    private static void typedArrays(ShmemRuntime shmem, SymmetricMemory buf, int me, int next, int prev) {
        byte[] b = {(byte) me, 2, 3};
        short[] s = {(short) me, 5};
        char[] c = {(char) ('a' + me), 'z'};
        int[] i = {me, -1};
        float[] f = {me * 1.5f, 2f};
        double[] d = {me * 2.5, 3.0};
        shmem.barrierAll();
        shmem.putNbi(ValueLayout.JAVA_BYTE, buf, 0, MemorySegment.ofArray(b), 0, 3, next);
        shmem.putNbi(ValueLayout.JAVA_SHORT, buf, 4, MemorySegment.ofArray(s), 0, 2, next);
        shmem.putNbi(ValueLayout.JAVA_CHAR, buf, 30, MemorySegment.ofArray(c), 0, 2, next);
        shmem.putNbi(ValueLayout.JAVA_INT, buf, 4, MemorySegment.ofArray(i), 0, 2, next);
        shmem.putNbi(ValueLayout.JAVA_FLOAT, buf, 6, MemorySegment.ofArray(f), 0, 2, next);
        shmem.putNbi(ValueLayout.JAVA_DOUBLE, buf, 4, MemorySegment.ofArray(d), 0, 2, next);
        shmem.quiet();
        shmem.barrierAll();
        byte[] b2 = new byte[3];
        short[] s2 = new short[2];
        char[] c2 = new char[2];
        int[] i2 = new int[2];
        float[] f2 = new float[2];
        double[] d2 = new double[2];
        shmem.get(ValueLayout.JAVA_BYTE, MemorySegment.ofArray(b2), 0, buf, 0, 3, me);
        shmem.get(ValueLayout.JAVA_SHORT, MemorySegment.ofArray(s2), 0, buf, 4, 2, me);
        shmem.get(ValueLayout.JAVA_CHAR, MemorySegment.ofArray(c2), 0, buf, 30, 2, me);
        shmem.getNbi(ValueLayout.JAVA_INT, MemorySegment.ofArray(i2), 0, buf, 4, 2, me);
        shmem.getNbi(ValueLayout.JAVA_FLOAT, MemorySegment.ofArray(f2), 0, buf, 6, 2, me);
        shmem.getNbi(ValueLayout.JAVA_DOUBLE, MemorySegment.ofArray(d2), 0, buf, 4, 2, me);
        shmem.quiet();
        Expect.equal((byte) prev, b2[0], "byte array");
        Expect.equal((byte) 3, b2[2], "byte array tail");
        Expect.equal((short) prev, s2[0], "short array");
        Expect.equal((char) ('a' + prev), c2[0], "char array");
        // Byte ranges: bytes 0..2, shorts 8..11, ints 16..23, floats 24..31, doubles 32..47, chars 60..63.
        Expect.equal(prev, i2[0], "int array");
        Expect.equal(-1, i2[1], "int array second");
        Expect.equal(prev * 1.5f, f2[0], "float array");
        Expect.equal(prev * 2.5, d2[0], "double array");
        shmem.barrierAll();
    }

    private static void strided(ShmemRuntime shmem, SymmetricMemory buf, int me, int next, int prev) {
        buf.local().fill((byte) 0);
        shmem.barrierAll();
        int[] src = new int[12];
        for (int k = 0; k < src.length; k++) {
            src[k] = me * 100 + k;
        }
        // elements 0,3,6,9 of src to int slots 1,3,5,7 of next
        shmem.iput(ValueLayout.JAVA_INT, buf, 1, 2, MemorySegment.ofArray(src), 0, 3, 4, next);
        shmem.quiet();
        shmem.barrierAll();
        for (int k = 0; k < 4; k++) {
            Expect.equal(prev * 100 + 3 * k, buf.local().getAtIndex(ValueLayout.JAVA_INT, 1 + 2L * k), "iput " + k);
            Expect.equal(0, buf.local().getAtIndex(ValueLayout.JAVA_INT, 2 + 2L * k), "iput gap " + k);
        }
        int[] dst = new int[8];
        // int slots 1,3,5,7 of next to dst 0,2,4,6
        shmem.iget(ValueLayout.JAVA_INT, MemorySegment.ofArray(dst), 0, 2, buf, 1, 2, 4, next);
        for (int k = 0; k < 4; k++) {
            Expect.equal(me * 100 + 3 * k, dst[2 * k], "iget " + k);
            Expect.equal(0, dst[2 * k + 1], "iget gap " + k);
        }
        shmem.barrierAll();
    }

    private static void segments(ShmemRuntime shmem, SymmetricMemory buf, SymmetricMemory out, int me, int next,
                                 int prev) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(256);
            for (int k = 0; k < 256; k++) {
                src.set(ValueLayout.JAVA_BYTE, k, (byte) (me + k));
            }
            shmem.putmem(buf, 0, src, 0, 256, next);
            shmem.quiet();
            shmem.barrierAll();
            for (int k = 0; k < 256; k++) {
                Expect.equal((byte) (prev + k), buf.local().get(ValueLayout.JAVA_BYTE, k), "putmem byte " + k);
            }
            // symmetric source: my buf (holding prev's bytes) to next's out
            shmem.putmem(out, 0, buf.local(), 0, 256, next);
            shmem.barrierAll();
            int prevPrev = (prev + shmem.nPes() - 1) % shmem.nPes();
            Expect.equal((byte) (prevPrev + 7), out.local().get(ValueLayout.JAVA_BYTE, 7), "putmem symmetric src");
            MemorySegment dst = arena.allocate(256);
            shmem.getmem(dst, 0, out, 0, 256, next);
            Expect.equal((byte) (prev + 9), dst.get(ValueLayout.JAVA_BYTE, 9), "getmem to segment");
            shmem.getmem(buf.local(), 0, out, 0, 256, next);
            Expect.equal((byte) (prev + 11), buf.local().get(ValueLayout.JAVA_BYTE, 11), "getmem symmetric dest");
            // typed segment form
            MemorySegment longs = arena.allocate(ValueLayout.JAVA_LONG, 4);
            for (int k = 0; k < 4; k++) {
                longs.setAtIndex(ValueLayout.JAVA_LONG, k, me * 10L + k);
            }
            shmem.barrierAll();
            shmem.put(ValueLayout.JAVA_LONG, buf, 2, longs, 1, 3, next);
            shmem.barrierAll();
            Expect.equal(prev * 10L + 1, buf.local().getAtIndex(ValueLayout.JAVA_LONG, 2), "typed segment put");
            MemorySegment got = arena.allocate(ValueLayout.JAVA_LONG, 4);
            shmem.get(ValueLayout.JAVA_LONG, got, 0, buf, 2, 3, next);
            Expect.equal(me * 10L + 3, got.getAtIndex(ValueLayout.JAVA_LONG, 2), "typed segment get");
            // large put through the libc path
            MemorySegment big = arena.allocate(1 << 20);
            big.fill((byte) (me + 1));
            SymmetricMemory large = shmem.malloc(1 << 20);
            shmem.putmemNbi(large, 0, big, 0, 1 << 20, next);
            shmem.quiet();
            shmem.barrierAll();
            Expect.equal((byte) (prev + 1), large.local().get(ValueLayout.JAVA_BYTE, (1 << 20) - 1), "1 MiB put last");
            Expect.equal((byte) (prev + 1), large.local().get(ValueLayout.JAVA_BYTE, 0), "1 MiB put first");
            MemorySegment bigBack = arena.allocate(1 << 20);
            shmem.getmemNbi(bigBack, 0, large, 0, 1 << 20, next);
            shmem.quiet();
            Expect.equal((byte) (me + 1), bigBack.get(ValueLayout.JAVA_BYTE, 12345), "1 MiB get");
            shmem.free(large);
        }
    }

    private static void ptr(ShmemRuntime shmem, SymmetricMemory buf, int me, int next) {
        shmem.barrierAll();
        int prev = (me + shmem.nPes() - 1) % shmem.nPes();
        Expect.isTrue(buf.ptr(me).isPresent(), "ptr of myself is present");
        // shmemrun places PEs on nodes in blocks of JSHMEM_LOCAL_NPES; peers on other nodes, and every peer when
        // the network engine is forced, are not mapped here: shmem_ptr returns null for them.
        int perNode = Integer.parseInt(System.getenv().getOrDefault("JSHMEM_LOCAL_NPES", "" + shmem.nPes()));
        boolean mapped = !"ucx".equals(System.getenv("JSHMEM_ENGINE")) && me / perNode == next / perNode;
        if (mapped) {
            MemorySegment peer = buf.ptr(next).orElseThrow(() -> new AssertionError("ptr(next) empty on one host"));
            peer.set(ValueLayout.JAVA_LONG, 0, 4242L + me);
            Expect.equal(peer.address(), Shmem.ptr(buf, next).address(), "facade ptr");
        } else {
            Expect.isTrue(next == me || buf.ptr(next).isEmpty(), "ptr of a network-served peer is empty");
            shmem.p(ValueLayout.JAVA_LONG, buf, 0, 4242L + me, next);
            shmem.quiet();
        }
        shmem.barrierAll();
        Expect.equal(4242L + prev, buf.local().get(ValueLayout.JAVA_LONG, 0), "store through ptr or put");
        shmem.barrierAll();
    }
}
