package io.jshmem.it.pe.fuzz;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The fuzz's memory and its model. Data blocks of awkward sizes lie between canary blocks with no gap (align 8,
 * first fit), so a byte written outside any block lands in a canary; a freed block's range is reused by a canary
 * block, so a write through the stale handle is seen too. Every PE keeps the expected bytes of every PE's data
 * blocks ({@link #mirror}); the local operand buffer has guard zones around the slice a call may use.
 */
final class FuzzHeap {
    static final int[] SIZES = {8, 24, 64, 72, 256, 1000, 4096};
    static final int CANARY = 64;
    static final int[] LOCAL_SIZES = {0, 8, 64, 100, 4096};
    static final int GUARD = 256;

    final int me;
    final int nPes;
    final SymmetricMemory[] blocks = new SymmetricMemory[SIZES.length];
    final SymmetricMemory[] canaries = new SymmetricMemory[SIZES.length + 1];
    /** Expected contents: mirror[pe][block][byte]. */
    final byte[][][] mirror;
    final SymmetricMemory freed;
    final SymmetricMemory reuse;
    final SymmetricMemory foreign;
    final MemorySegment localBuffer;

    FuzzHeap(ShmemRuntime rt, ShmemRuntime other, long seed, Arena arena) {
        me = rt.myPe();
        nPes = rt.nPes();
        mirror = new byte[nPes][SIZES.length][];
        for (int i = 0; i <= SIZES.length; i++) {
            canaries[i] = rt.align(8, CANARY);
            fillCanary(canaries[i], i);
            if (i < SIZES.length) {
                blocks[i] = rt.align(8, SIZES[i]);
                if (blocks[i].heapOffset() != canaries[i].heapOffset() + CANARY) {
                    throw new AssertionError("blocks are not contiguous: canary at " + canaries[i].heapOffset()
                            + ", block at " + blocks[i].heapOffset());
                }
            }
        }
        for (int p = 0; p < nPes; p++) {
            for (int b = 0; b < SIZES.length; b++) {
                mirror[p][b] = new byte[SIZES[b]];
                for (int i = 0; i < SIZES[b]; i++) {
                    mirror[p][b][i] = initial(seed, p, b, i);
                }
            }
        }
        for (int b = 0; b < SIZES.length; b++) {
            MemorySegment.copy(MemorySegment.ofArray(mirror[me][b]), 0, blocks[b].local(), 0, SIZES[b]);
        }
        freed = rt.align(8, CANARY);
        rt.free(freed);
        reuse = rt.align(8, CANARY);
        if (reuse.heapOffset() != freed.heapOffset()) {
            throw new AssertionError("the freed range was not reused: " + freed.heapOffset() + " vs "
                    + reuse.heapOffset());
        }
        fillCanary(reuse, 99);
        foreign = other.align(8, CANARY);
        fillCanary(foreign, 77);
        localBuffer = arena.allocate(2L * GUARD + 4096, 8);
        localBuffer.fill((byte) 0x5A);
        rt.barrierAll();
    }

    static byte initial(long seed, int pe, int block, int i) {
        long h = seed * 0x9E3779B97F4A7C15L + pe * 0xC2B2AE3D27D4EB4FL + block * 0x165667B19E3779F9L + i;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (byte) (h ^ (h >>> 32));
    }

    private static byte canaryByte(int which, long i) {
        return (byte) (0xA5 ^ which * 31 ^ i);
    }

    private static void fillCanary(SymmetricMemory c, int which) {
        MemorySegment s = c.local();
        for (long i = 0; i < s.byteSize(); i++) {
            s.set(ValueLayout.JAVA_BYTE, i, canaryByte(which, i));
        }
    }

    /** The local operand: a slice of {@code size} bytes between guard zones. */
    MemorySegment local(int size) {
        return localBuffer.asSlice(GUARD, size);
    }

    /** Appends every byte of this PE's heap (blocks, canaries) and local guards that differs from the model. */
    void verify(String when, List<String> problems) {
        for (int b = 0; b < SIZES.length; b++) {
            MemorySegment s = blocks[b].local();
            for (int i = 0; i < SIZES[b]; i++) {
                byte got = s.get(ValueLayout.JAVA_BYTE, i);
                if (got != mirror[me][b][i]) {
                    problems.add(when + ": block " + b + " (" + SIZES[b] + " bytes) byte " + i + " is " + got
                            + ", expected " + mirror[me][b][i]);
                    break;
                }
            }
        }
        for (int c = 0; c <= SIZES.length; c++) {
            checkCanary(canaries[c], c, "canary " + c, when, problems);
        }
        checkCanary(reuse, 99, "block reusing the freed range", when, problems);
        checkCanary(foreign, 77, "instance 1's block", when, problems);
        for (long i = 0; i < GUARD; i++) {
            if (localBuffer.get(ValueLayout.JAVA_BYTE, i) != 0x5A) {
                problems.add(when + ": local guard before the operand changed at " + i);
                break;
            }
        }
    }

    /** Checks the guard after a local operand of {@code size} bytes. */
    void verifyTail(int size, String when, List<String> problems) {
        for (long i = GUARD + size; i < localBuffer.byteSize(); i++) {
            if (localBuffer.get(ValueLayout.JAVA_BYTE, i) != 0x5A) {
                problems.add(when + ": local guard after the " + size + "-byte operand changed at " + i);
                return;
            }
        }
    }

    /** Restores the local guards after a call that was allowed to use only the slice. */
    void resetLocal() {
        localBuffer.fill((byte) 0x5A);
    }

    private static void checkCanary(SymmetricMemory c, int which, String name, String when, List<String> problems) {
        MemorySegment s = c.local();
        for (long i = 0; i < s.byteSize(); i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) != canaryByte(which, i)) {
                problems.add(when + ": " + name + " corrupted at byte " + i);
                return;
            }
        }
    }
}
