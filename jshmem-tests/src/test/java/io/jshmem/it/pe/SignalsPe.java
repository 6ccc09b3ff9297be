package io.jshmem.it.pe;

import io.jshmem.Cmp;
import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Put-with-signal in every form (typed arrays of every type, segment and symmetric sources, SET and ADD, blocking
 * and nbi), signalAdd from every PE, signalSet / signalFetch, and the unsigned order of signalWaitUntil. PEs pair
 * up: the odd PE sends, the even PE waits on the signal and then checks the data.
 */
public final class SignalsPe {
    public static void main(String[] args) {
        try (ShmemRuntime shmem = Shmem.init()) {
            FailFast.run(() -> {
                int me = shmem.myPe();
                int n = shmem.nPes();
                int partner = me ^ 1;
                boolean paired = partner < n;
                boolean sender = (me & 1) == 1;
                SymmetricMemory data = shmem.calloc(64, 8);
                SymmetricMemory sigs = shmem.calloc(32, 8);
                shmem.barrierAll();
                if (paired && sender) {
                    shmem.putSignal(ValueLayout.JAVA_BYTE, data, 0, MemorySegment.ofArray(new byte[]{1, 2, 3, 4}), 0,
                            4, sigs, 0, 100, SignalOp.SET, partner);
                    shmem.putSignal(ValueLayout.JAVA_SHORT, data, 32 / 2, MemorySegment.ofArray(new short[]{5, 6}), 0,
                            2, sigs, 1, 101, SignalOp.SET, partner);
                    shmem.putSignal(ValueLayout.JAVA_CHAR, data, 64 / 2, MemorySegment.ofArray(new char[]{'x', 'y'}),
                            0, 2, sigs, 2, 102, SignalOp.SET, partner);
                    shmem.putSignal(ValueLayout.JAVA_INT, data, 96 / 4, MemorySegment.ofArray(new int[]{7, 8}), 0, 2,
                            sigs, 3, 103, SignalOp.SET, partner);
                    shmem.putSignalNbi(ValueLayout.JAVA_LONG, data, 128 / 8, MemorySegment.ofArray(new long[]{9, 10}),
                            0, 2, sigs, 4, 104, SignalOp.ADD, partner);
                    shmem.putSignalNbi(ValueLayout.JAVA_FLOAT, data, 160 / 4,
                            MemorySegment.ofArray(new float[]{1.5f}), 0, 1, sigs, 5, 105, SignalOp.ADD, partner);
                    shmem.putSignal(ValueLayout.JAVA_DOUBLE, data, 192 / 8, MemorySegment.ofArray(new double[]{2.5}),
                            0, 1, sigs, 6, 106, SignalOp.ADD, partner);
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment seg = arena.allocate(16, 8);
                        seg.setAtIndex(ValueLayout.JAVA_LONG, 0, 11L);
                        seg.setAtIndex(ValueLayout.JAVA_LONG, 1, 12L);
                        shmem.putmemSignal(data, 224, seg, 0, 16, sigs, 7, 3, SignalOp.ADD, partner);
                        shmem.putmemSignal(data, 224, seg, 8, 8, sigs, 7, 4, SignalOp.ADD, partner);
                        shmem.putmemSignalNbi(data, 256, seg, 0, 8, sigs, 8, 108, SignalOp.SET, partner);
                    }
                    data.local().setAtIndex(ValueLayout.JAVA_LONG, 40, 13L);
                    shmem.putmemSignalNbi(data, 288, data.local(), 320, 8, sigs, 9, 109, SignalOp.SET, partner);
                    shmem.putmemSignal(data, 296, data.local(), 320, 8, sigs, 10, 110, SignalOp.SET, partner);
                    shmem.quiet();
                    // Unsigned: a signal with the top bit set is GREATER than 1.
                    shmem.signalSet(sigs, 11, 0x8000_0000_0000_0000L, partner);
                } else if (paired) {
                    MemorySegment d = data.local();
                    Expect.equal(100L, shmem.signalWaitUntil(sigs, 0, Cmp.EQ, 100), "byte signal");
                    Expect.equal((byte) 4, d.get(ValueLayout.JAVA_BYTE, 3), "byte data");
                    Expect.equal(101L, shmem.signalWaitUntil(sigs, 1, Cmp.GE, 101), "short signal");
                    Expect.equal((short) 6, d.get(ValueLayout.JAVA_SHORT, 34), "short data");
                    shmem.signalWaitUntil(sigs, 2, Cmp.NE, 0);
                    Expect.equal('y', d.get(ValueLayout.JAVA_CHAR, 66), "char data");
                    shmem.signalWaitUntil(sigs, 3, Cmp.GT, 102);
                    Expect.equal(8, d.get(ValueLayout.JAVA_INT, 100), "int data");
                    shmem.signalWaitUntil(sigs, 4, Cmp.EQ, 104);
                    Expect.equal(10L, d.get(ValueLayout.JAVA_LONG, 136), "long data (nbi, ADD)");
                    shmem.signalWaitUntil(sigs, 5, Cmp.LE, 105);
                    shmem.signalWaitUntil(sigs, 5, Cmp.GE, 105);
                    Expect.equal(1.5f, d.get(ValueLayout.JAVA_FLOAT, 160), "float data");
                    shmem.signalWaitUntil(sigs, 6, Cmp.EQ, 106);
                    Expect.equal(2.5, d.get(ValueLayout.JAVA_DOUBLE, 192), "double data");
                    Expect.equal(7L, shmem.signalWaitUntil(sigs, 7, Cmp.EQ, 7), "two ADDs summed");
                    Expect.equal(12L, d.get(ValueLayout.JAVA_LONG, 224), "second putmemSignal overwrote the first");
                    Expect.equal(12L, d.get(ValueLayout.JAVA_LONG, 232), "segment putmemSignal");
                    shmem.signalWaitUntil(sigs, 8, Cmp.EQ, 108);
                    Expect.equal(11L, d.get(ValueLayout.JAVA_LONG, 256), "putmemSignalNbi");
                    shmem.signalWaitUntil(sigs, 9, Cmp.EQ, 109);
                    shmem.signalWaitUntil(sigs, 10, Cmp.EQ, 110);
                    Expect.equal(13L, d.get(ValueLayout.JAVA_LONG, 288), "symmetric-source putmemSignalNbi");
                    Expect.equal(13L, d.get(ValueLayout.JAVA_LONG, 296), "symmetric-source putmemSignal");
                    long big = shmem.signalWaitUntil(sigs, 11, Cmp.GT, 1);
                    Expect.equal(0x8000_0000_0000_0000L, big, "unsigned signal compare");
                    Expect.equal(0x8000_0000_0000_0000L, shmem.signalFetch(sigs, 11), "signalFetch");
                    Expect.isTrue(shmem.signalWaitUntil(sigs, 11, Cmp.LT, -1) == big, "LT 2^64-1 unsigned");
                    // The documented contract: a signal slot is 8 bytes and the index counts slots, so slot i is
                    // the long at byte offset 8 * i of the block, whatever the width of the data put with it.
                    MemorySegment raw = sigs.local();
                    for (int slot = 0; slot <= 11; slot++) {
                        Expect.equal(shmem.signalFetch(sigs, slot), raw.get(ValueLayout.JAVA_LONG, 8L * slot),
                                "signal slot " + slot + " at byte offset " + 8 * slot);
                    }
                    Expect.equal(103L, raw.get(ValueLayout.JAVA_LONG, 24), "int putSignal's slot 3 at byte 24");
                }
                shmem.barrierAll();
                // every PE adds to PE 0's signal 20
                shmem.signalAdd(sigs, 20, me + 1, 0);
                if (me == 0) {
                    long total = (long) n * (n + 1) / 2;
                    Expect.equal(total, shmem.signalWaitUntil(sigs, 20, Cmp.EQ, total), "signalAdd from every PE");
                }
                shmem.barrierAll();
                shmem.free(sigs);
                shmem.free(data);
                System.out.println("SIGNALS OK pe " + me);
            });
        }
    }
}
