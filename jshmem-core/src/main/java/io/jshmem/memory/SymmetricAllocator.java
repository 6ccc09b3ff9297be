package io.jshmem.memory;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemOutOfMemoryException;

import java.util.Map;
import java.util.TreeMap;

/**
 * Deterministic first-fit allocator over the user region of the heap. The same calls in the same order give the
 * same offsets on every PE, which is what makes the heap symmetric; nothing here communicates (the collective
 * part is in the runtime). Not thread-safe: the runtime serializes calls.
 */
public final class SymmetricAllocator {
    private final long start;
    private final long end;
    private final TreeMap<Long, Long> free = new TreeMap<>();
    private final TreeMap<Long, Long> used = new TreeMap<>();
    private long usedBytes;

    public SymmetricAllocator(long start, long end) {
        this.start = start;
        this.end = end;
        if (end > start) {
            free.put(start, end - start);
        }
    }

    /** Allocates {@code size} bytes (at least 1) aligned to {@code alignment} (a power of two). */
    public Block allocate(long size, long alignment) {
        if (size > end - start) {
            throw exhausted(size, alignment);
        }
        long want = Math.max(1, roundUp(size, 8));
        for (Map.Entry<Long, Long> e : free.entrySet()) {
            long blockStart = e.getKey();
            long blockEnd = blockStart + e.getValue();
            long aligned = roundUp(blockStart, alignment);
            if (aligned < blockEnd && blockEnd - aligned >= want) {
                take(blockStart, blockEnd, aligned, want);
                return new Block(aligned, want);
            }
        }
        throw exhausted(size, alignment);
    }

    private ShmemOutOfMemoryException exhausted(long size, long alignment) {
        return new ShmemOutOfMemoryException("symmetric heap exhausted: cannot allocate " + size + " bytes aligned to "
                + alignment + " (in use " + usedBytes + " of " + capacity() + " bytes, " + (capacity() - usedBytes)
                + " free, largest free block " + largestFree() + "); raise SHMEM_SYMMETRIC_SIZE or free memory");
    }

    /** Returns a block; rejects offsets that are not the start of a live block (double free, foreign offset). */
    public void free(long offset) {
        Long size = used.remove(offset);
        if (size == null) {
            throw new ShmemArgumentException("offset = " + offset + " is not the start of an allocated block "
                    + "(double free or a buffer of another heap); valid offsets are those returned by malloc and "
                    + "not yet freed");
        }
        usedBytes -= size;
        long s = offset;
        long len = size;
        Map.Entry<Long, Long> before = free.floorEntry(s);
        if (before != null && before.getKey() + before.getValue() == s) {
            s = before.getKey();
            len += before.getValue();
            free.remove(before.getKey());
        }
        Long after = free.get(offset + size);
        if (after != null) {
            free.remove(offset + size);
            len += after;
        }
        free.put(s, len);
    }

    /** Grows or shrinks a block in place when the space after it allows; returns false otherwise. */
    public boolean resizeInPlace(long offset, long newSize) {
        Long size = used.get(offset);
        if (size == null) {
            throw new ShmemArgumentException("offset = " + offset + " is not the start of an allocated block");
        }
        if (newSize > end - start) {
            throw exhausted(newSize, 8);
        }
        long want = Math.max(1, roundUp(newSize, 8));
        if (want <= size) {
            if (want < size) {
                used.put(offset, want);
                usedBytes -= size - want;
                insertFree(offset + want, size - want);
            }
            return true;
        }
        long extra = want - size;
        Long next = free.get(offset + size);
        if (next == null || next < extra) {
            return false;
        }
        free.remove(offset + size);
        if (next > extra) {
            free.put(offset + want, next - extra);
        }
        used.put(offset, want);
        usedBytes += extra;
        return true;
    }

    public boolean isAllocated(long offset) {
        return used.containsKey(offset);
    }

    public long sizeOf(long offset) {
        Long s = used.get(offset);
        return s == null ? -1 : s;
    }

    public long capacity() {
        return end - start;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public int liveBlocks() {
        return used.size();
    }

    public long largestFree() {
        long max = 0;
        for (long v : free.values()) {
            max = Math.max(max, v);
        }
        return max;
    }

    private void take(long blockStart, long blockEnd, long aligned, long want) {
        free.remove(blockStart);
        if (aligned > blockStart) {
            free.put(blockStart, aligned - blockStart);
        }
        if (aligned + want < blockEnd) {
            free.put(aligned + want, blockEnd - aligned - want);
        }
        used.put(aligned, want);
        usedBytes += want;
    }

    private void insertFree(long offset, long len) {
        Long after = free.get(offset + len);
        if (after != null) {
            free.remove(offset + len);
            len += after;
        }
        free.put(offset, len);
    }

    static long roundUp(long v, long alignment) {
        return (v + alignment - 1) & -alignment;
    }
}
