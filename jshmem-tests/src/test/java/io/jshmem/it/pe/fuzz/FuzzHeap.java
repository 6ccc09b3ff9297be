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
    /** The bad states of a local operand segment. */
    static final String[] BAD_STATES = {"closed", "read-only", "other thread's", "freed block's view"};

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
    /** Slices (one per LOCAL_SIZES entry) of a closed arena and of a confined arena of another thread. */
    private final MemorySegment[] closed = new MemorySegment[LOCAL_SIZES.length];
    private final MemorySegment[] otherThreads = new MemorySegment[LOCAL_SIZES.length];
    /** The local() view of {@link #freed}, taken before the free. */
    private final MemorySegment freedView;
    /** Every PE's data blocks and canaries as mapped here (null where not mapped): the rejected calls' check. */
    private final MemorySegment[][] peerBlocks;
    private final MemorySegment[][] peerCanaries;
    private final MemorySegment[] peerReuse;

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
        freedView = freed.local();
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
        Arena gone = Arena.ofShared();
        MemorySegment g = gone.allocate(4096, 8);
        Thread maker = Thread.ofPlatform().start(() -> {
            MemorySegment t = Arena.ofConfined().allocate(4096, 8); // left open: it stays another thread's
            for (int i = 0; i < LOCAL_SIZES.length; i++) {
                otherThreads[i] = t.asSlice(0, LOCAL_SIZES[i]);
            }
        });
        for (int i = 0; i < LOCAL_SIZES.length; i++) {
            closed[i] = g.asSlice(0, LOCAL_SIZES[i]);
        }
        gone.close();
        try {
            maker.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        rt.barrierAll();
        peerBlocks = new MemorySegment[nPes][];
        peerCanaries = new MemorySegment[nPes][];
        peerReuse = new MemorySegment[nPes];
        for (int p = 0; p < nPes; p++) {
            if (blocks[0].ptr(p).isEmpty()) {
                continue; // not mapped here: that PE is checked by itself at the end of the round only
            }
            peerBlocks[p] = new MemorySegment[SIZES.length];
            peerCanaries[p] = new MemorySegment[canaries.length];
            for (int b = 0; b < SIZES.length; b++) {
                peerBlocks[p][b] = blocks[b].ptr(p).orElseThrow();
            }
            for (int c = 0; c < canaries.length; c++) {
                peerCanaries[p][c] = canaries[c].ptr(p).orElseThrow();
            }
            peerReuse[p] = reuse.ptr(p).orElseThrow();
        }
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

    /** The local operand of {@code size} bytes ({@code -1}: null) in {@code state}. */
    MemorySegment local(int size, String state) {
        if (size < 0) {
            return null;
        }
        int i = java.util.Arrays.binarySearch(LOCAL_SIZES, size);
        return switch (state) {
            case "ok" -> local(size);
            case "read-only" -> local(size).asReadOnly();
            case "closed" -> closed[i];
            case "other thread's" -> otherThreads[i];
            case "freed block's view" -> freedView;
            default -> throw new IllegalArgumentException(state);
        };
    }

    /**
     * After a rejected call: whether every PE's data blocks (against the model), canaries and the reused range are
     * as they were, read through their mappings; appends what changed. The caller makes sure no other PE writes now.
     */
    boolean unchangedEverywhere(String when, List<String> problems) {
        boolean same = true;
        for (int p = 0; p < nPes; p++) {
            if (peerBlocks[p] == null) {
                continue;
            }
            for (int b = 0; b < SIZES.length; b++) {
                long at = MemorySegment.ofArray(mirror[p][b]).mismatch(peerBlocks[p][b]);
                if (at >= 0) {
                    problems.add(when + ": PE " + p + "'s block " + b + " changed at byte " + at);
                    same = false;
                }
            }
            for (int c = 0; c < canaries.length; c++) {
                if (!canaryIntact(peerCanaries[p][c], c)) {
                    problems.add(when + ": PE " + p + "'s canary " + c + " changed");
                    same = false;
                }
            }
            if (!canaryIntact(peerReuse[p], 99)) {
                problems.add(when + ": PE " + p + "'s block reusing the freed range changed");
                same = false;
            }
        }
        return same;
    }

    private static boolean canaryIntact(MemorySegment s, int which) {
        for (long i = 0; i < s.byteSize(); i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) != canaryByte(which, i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the first {@code size} bytes of the local slice still hold what the caller wrote there. */
    boolean localHolds(int size, long seed) {
        MemorySegment s = local(size);
        for (int i = 0; i < size; i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) != FuzzBase.content(seed, i)) {
                return false;
            }
        }
        return true;
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
