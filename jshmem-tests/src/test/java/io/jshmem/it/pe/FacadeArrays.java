package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The facade's typed array forms of ibput/ibget (one overload per Java type) driven from a segment: the array is a
 * copy of the segment, and for gets the array's bytes are copied back so the caller compares bytes as for every
 * other form.
 */
final class FacadeArrays {
    private FacadeArrays() {
    }

    static void ibput(MemoryLayout type, SymmetricMemory dest, BlockStridedPe.Case c, MemorySegment src, int pe) {
        if (type == ValueLayout.JAVA_BYTE) {
            byte[] a = src.toArray(ValueLayout.JAVA_BYTE);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_SHORT) {
            short[] a = src.toArray(ValueLayout.JAVA_SHORT);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_CHAR) {
            char[] a = src.toArray(ValueLayout.JAVA_CHAR);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_INT) {
            int[] a = src.toArray(ValueLayout.JAVA_INT);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_LONG) {
            long[] a = src.toArray(ValueLayout.JAVA_LONG);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_FLOAT) {
            float[] a = src.toArray(ValueLayout.JAVA_FLOAT);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        if (type == ValueLayout.JAVA_DOUBLE) {
            double[] a = src.toArray(ValueLayout.JAVA_DOUBLE);
            Shmem.ibput(dest, c.di(), c.dst(), a, (int) c.si(), (int) c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            return;
        }
        throw new IllegalArgumentException("no array form for " + type);
    }

    static void ibget(MemoryLayout type, MemorySegment dest, BlockStridedPe.Case c, SymmetricMemory src, int pe) {
        if (type == ValueLayout.JAVA_BYTE) {
            byte[] a = dest.toArray(ValueLayout.JAVA_BYTE);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_SHORT) {
            short[] a = dest.toArray(ValueLayout.JAVA_SHORT);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_CHAR) {
            char[] a = dest.toArray(ValueLayout.JAVA_CHAR);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_INT) {
            int[] a = dest.toArray(ValueLayout.JAVA_INT);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_LONG) {
            long[] a = dest.toArray(ValueLayout.JAVA_LONG);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_FLOAT) {
            float[] a = dest.toArray(ValueLayout.JAVA_FLOAT);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        if (type == ValueLayout.JAVA_DOUBLE) {
            double[] a = dest.toArray(ValueLayout.JAVA_DOUBLE);
            Shmem.ibget(a, (int) c.di(), (int) c.dst(), src, c.si(), c.sst(), (int) c.bsize(), (int) c.nblocks(), pe);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, dest, 0, dest.byteSize());
            return;
        }
        throw new IllegalArgumentException("no array form for " + type);
    }
}
