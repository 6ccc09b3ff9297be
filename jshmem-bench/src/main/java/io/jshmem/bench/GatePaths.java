package io.jshmem.bench;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The three ways the gate moves {@code bytes} from this PE's {@code src} block into the next PE's {@code dst} block:
 * the jshmem API ({@code putmem + quiet}), the raw path of the issue ({@code MemorySegment.copy} into the mapped
 * peer heap, then a full fence, which is what quiet costs on one host) and libc {@code memcpy} through a critical
 * downcall in 1 MiB chunks (the copy jshmem itself uses for large puts). Each path has its own loop. Not
 * thread-safe.
 */
final class GatePaths {
    /** A path the gate times. */
    enum Path {
        /** {@code shmem.putmem(dst, 0, src.local(), 0, bytes, next); shmem.quiet()}. */
        JSHMEM,
        /** {@code MemorySegment.copy(src.local(), 0, peerDst, 0, bytes); VarHandle.fullFence()}. */
        RAW,
        /** libc {@code memcpy} in 1 MiB chunks, then a full fence (informational). */
        LIBC
    }

    private static final Path[] EVEN = {Path.JSHMEM, Path.RAW, Path.LIBC};
    private static final Path[] ODD = {Path.RAW, Path.JSHMEM, Path.LIBC};
    private static final long CHUNK = 1L << 20;
    private static final MethodHandle MEMCPY = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("memcpy").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            Linker.Option.critical(true));

    private final ShmemRuntime shmem;
    private final SymmetricMemory src;
    private final SymmetricMemory dst;
    private final MemorySegment localSrc;
    private final MemorySegment peerDst;
    private final long bytes;
    private final int next;

    GatePaths(ShmemRuntime shmem, SymmetricMemory src, SymmetricMemory dst, MemorySegment peerDst, long bytes,
              int next) {
        this.shmem = shmem;
        this.src = src;
        this.dst = dst;
        this.localSrc = src.local();
        this.peerDst = peerDst;
        this.bytes = bytes;
        this.next = next;
    }

    /**
     * The order of the paths in round (or warm-up pass) {@code round}: jshmem and raw swap places each round, libc
     * memcpy (informational) runs last. Shared arrays: do not modify.
     */
    static Path[] order(int round) {
        return (round & 1) == 0 ? EVEN : ODD;
    }

    /** Runs {@code n} copies on {@code path} and returns the elapsed nanoseconds. */
    double time(Path path, int n) {
        long t0 = System.nanoTime();
        switch (path) {
            case JSHMEM -> jshmem(n);
            case RAW -> raw(n);
            case LIBC -> libc(n);
        }
        return System.nanoTime() - t0;
    }

    private void jshmem(int n) {
        for (int i = 0; i < n; i++) {
            shmem.putmem(dst, 0, localSrc, 0, bytes, next);
            shmem.quiet();
        }
    }

    private void raw(int n) {
        for (int i = 0; i < n; i++) {
            MemorySegment.copy(localSrc, 0, peerDst, 0, bytes);
            VarHandle.fullFence();
        }
    }

    private void libc(int n) {
        try {
            for (int i = 0; i < n; i++) {
                for (long off = 0; off < bytes; off += CHUNK) {
                    long len = Math.min(CHUNK, bytes - off);
                    MemorySegment unused = (MemorySegment) MEMCPY.invokeExact(peerDst.asSlice(off, len),
                            localSrc.asSlice(off, len), len);
                }
                VarHandle.fullFence();
            }
        } catch (Throwable t) {
            throw new IllegalStateException("libc memcpy failed", t);
        }
    }
}
