package io.jshmem.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Copies between segments, choosing the faster of the JVM copy stub and libc {@code memcpy}. For large sizes glibc
 * ({@code rep movsb}) beats the HotSpot stub by 1.4-1.9x across cores on these machines (see
 * shared/reference/java-shm-limits.md), so copies of at least the threshold go through a critical FFM downcall,
 * chunked so that no safepoint waits long. Thread-safe (stateless).
 */
public final class Copies {
    private static final long CHUNK = 1L << 20;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
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
     * Copies up to 8 bytes with at most two scalar moves. The copy stub costs several times a single move at these
     * sizes, and its narrow stores make an immediately following wide load of the destination stall on store
     * forwarding (a get followed by a read of the result).
     */
    private static void copySmall(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes) {
        switch ((int) bytes) {
            case 8 -> dst.set(LONG, dstOff, src.get(LONG, srcOff));
            case 4 -> dst.set(INT, dstOff, src.get(INT, srcOff));
            case 2 -> dst.set(SHORT, dstOff, src.get(SHORT, srcOff));
            case 1 -> dst.set(ValueLayout.JAVA_BYTE, dstOff, src.get(ValueLayout.JAVA_BYTE, srcOff));
            case 0 -> {
            }
            default -> MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
        }
    }

    /** Whether libc memcpy is in use for large copies. */
    public static boolean nativeAvailable() {
        return MEMCPY != null;
    }

    /** Copies {@code bytes} from {@code src+srcOff} to {@code dst+dstOff}; ranges must not overlap. */
    public static void copy(MemorySegment src, long srcOff, MemorySegment dst, long dstOff, long bytes,
                            long threshold) {
        if (bytes <= 8) {
            copySmall(src, srcOff, dst, dstOff, bytes);
            return;
        }
        if (bytes < threshold || MEMCPY == null) {
            MemorySegment.copy(src, srcOff, dst, dstOff, bytes);
            return;
        }
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
