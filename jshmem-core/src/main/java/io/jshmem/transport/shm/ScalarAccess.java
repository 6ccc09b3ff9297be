package io.jshmem.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Loads and stores of one primitive as raw bits (float/double as their IEEE bits), unaligned-tolerant so that any
 * element offset works: the SHM engine's p and g on a mapping, and the routing point's per-thread word for p and g
 * through other engines. Stateless and thread-safe.
 */
public final class ScalarAccess {
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private ScalarAccess() {
    }

    /** Stores the low {@code layout.byteSize()} bytes of {@code bits}. */
    public static void store(MemorySegment s, long off, ValueLayout layout, long bits) {
        switch ((int) layout.byteSize()) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, off, (byte) bits);
            case 2 -> s.set(SHORT, off, (short) bits);
            case 4 -> s.set(INT, off, (int) bits);
            default -> s.set(LONG, off, bits);
        }
    }

    /** Loads {@code layout.byteSize()} bytes, sign-extended into a long. */
    public static long load(MemorySegment s, long off, ValueLayout layout) {
        return switch ((int) layout.byteSize()) {
            case 1 -> s.get(ValueLayout.JAVA_BYTE, off);
            case 2 -> s.get(SHORT, off);
            case 4 -> s.get(INT, off);
            default -> s.get(LONG, off);
        };
    }
}
