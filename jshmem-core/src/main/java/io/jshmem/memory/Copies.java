package io.jshmem.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Copies between segments with the routine {@link CopyRoutine} chose: the JVM copy stub, or libc {@code memcpy}
 * through a critical FFM downcall chunked so that no safepoint waits long. Which one is faster for large sizes
 * depends on the host: glibc beat the HotSpot stub by 1.4-1.9x on some of these machines (see
 * shared/reference/java-shm-limits.md) and lost by 5-15 % at 8 MiB on others (the putmem overhead gate). The
 * {@code measure}/{@code configure} forms here hand over to {@link CopyRoutine}, which owns the decision.
 * Thread-safe: copies only read the published decision.
 */
public final class Copies {
    /**
     * Bytes per memcpy call. Besides bounding how long a critical downcall holds off safepoints, this keeps every
     * call below glibc's {@code rep movsb} stop threshold, which on AMD CPUs is the L2 size (512 KiB on Zen 1-3,
     * 1 MiB on Zen 4-5; on Intel it is the much larger non-temporal threshold): above it glibc copies with a vector
     * loop, and on this project's Zen 5 VMs (1 MiB L2) {@code rep movsb} (what the kernel's copies and so UCX's CMA
     * transport use) is faster. Between two shared mappings, best of 10: in C, 8 MiB in 1 MiB calls 156-171 us, in
     * 512 or 256 KiB calls 145-148 us; in compiled Java, 4 MiB in 1 MiB calls 91-96 us, in 512 KiB calls 77-78 us
     * (256 KiB: 78-80, the stub 94-97), 8 MiB 156-161, 148-160 (161-179) and 193-202 us. 512 KiB is below the L2 of
     * every Zen since Zen 4; on Zen 1-3 (512 KiB L2) it is the vector loop, as with any larger chunk.
     */
    private static final long CHUNK = 512L << 10;
    /** Copies of at least this many bytes are in the large (out-of-cache) band. */
    public static final long BAND = 1L << 20;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final MethodHandle MEMCPY = lookupMemcpy();

    private Copies() {
    }

    private static MethodHandle lookupMemcpy() {
        try {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            return libc.find("memcpy").map(addr -> linker.downcallHandle(addr,
                    FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG),
                    Linker.Option.critical(true))).orElse(null);
        } catch (RuntimeException | LinkageError e) {
            // Without native access (or libc) the JVM stub still works; only large-copy speed is lost.
            io.jshmem.config.ShmemLog.logger(Copies.class).log(System.Logger.Level.WARNING, () -> "libc memcpy"
                    + " is not callable (" + e + "): large copies use the JVM's copy stub, slower; run with"
                    + " --enable-native-access=ALL-UNNAMED");
            return null;
        }
    }

    /**
     * Copies up to 8 bytes: the long and int sizes with one scalar move, the rest with the copy stub. The stub costs
     * several times a single move at these sizes, and its narrow stores make an immediately following wide load of
     * the destination stall on store forwarding (a get followed by a read of the result). Only two sizes get their
     * own move because every inlined segment access brings its bounds, session and type checks: with a move per size
     * (1, 2, 4, 8) an API call such as putmemNbi compiled to 11 KB once a program had used several sizes, too big
     * for C2 to inline into the caller's loop (InlineSmallCode), and a window of 8-byte putmemNbi cost 16-20 ns per
     * call instead of 7-12 ns (2 PEs, put-bandwidth 1 B .. 8 B).
     */
    private static void copySmall(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        if (bytes == 8) {
            dst.set(LONG, dstOff, src.get(LONG, srcOff));
        } else if (bytes == 4) {
            dst.set(INT, dstOff, src.get(INT, srcOff));
        } else if (bytes != 0) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
        }
    }

    /** Whether libc memcpy is available for large copies. */
    public static boolean nativeAvailable() {
        return MEMCPY != null;
    }

    /** Whether a copy of {@code bytes} (at least the caller's threshold) goes to libc memcpy under the current plan. */
    public static boolean usesMemcpy(long bytes) {
        return MEMCPY != null
                && (CopyRoutine.bands & (bytes >= BAND ? CopyRoutine.LARGE_MEMCPY : CopyRoutine.SMALL_MEMCPY)) != 0;
    }

    /** Copies {@code bytes} from {@code src+srcOff} to {@code dst+dstOff}; ranges must not overlap. */
    public static void copy(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes,
                            long threshold) {
        if (bytes <= 8) {
            copySmall(src, srcOff, dst, dstOff, bytes);
            return;
        }
        if (bytes < threshold) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
            return;
        }
        if (!usesMemcpy(bytes)) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
            return;
        }
        memcpyChunked(src, srcOff, dst, dstOff, bytes);
    }

    /** Downcalls {@link #memcpyChunked} makes for {@code bytes}. */
    static long chunks(long bytes) {
        return Math.max(1, (bytes + CHUNK - 1) / CHUNK);
    }

    /** libc memcpy in chunks of at most {@link #CHUNK}: a critical downcall holds off safepoints while it runs. */
    static void memcpyChunked(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        try {
            for (long done = 0; done < bytes; done += CHUNK) {
                long n = Math.min(CHUNK, bytes - done);
                MemorySegment s = src.asSlice(srcOff + done, n);
                MemorySegment d = dst.asSlice(dstOff + done, n);
                MemorySegment unused = (MemorySegment) MEMCPY.invokeExact(d, s, n);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("libc memcpy failed", t);
        }
    }
}
