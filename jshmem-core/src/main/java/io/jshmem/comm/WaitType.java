package io.jshmem.comm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The integer types point-to-point synchronization waits on: 16, 32 and 64 bits, signed or unsigned. Values travel
 * as {@code long}: signed types sign-extend, unsigned 16/32-bit types zero-extend, so that a signed 64-bit compare
 * orders them correctly; only {@link #UNSIGNED_LONG} compares unsigned. Stateless and thread-safe.
 */
public enum WaitType {
    SHORT(ValueLayout.JAVA_SHORT, false),
    UNSIGNED_SHORT(ValueLayout.JAVA_SHORT, true),
    INT(ValueLayout.JAVA_INT, false),
    UNSIGNED_INT(ValueLayout.JAVA_INT, true),
    LONG(ValueLayout.JAVA_LONG, false),
    UNSIGNED_LONG(ValueLayout.JAVA_LONG, true);

    private static final VarHandle SHORT_HANDLE = ValueLayout.JAVA_SHORT.varHandle();
    private static final VarHandle INT_HANDLE = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG_HANDLE = ValueLayout.JAVA_LONG.varHandle();

    private final ValueLayout layout;
    private final boolean unsigned;

    WaitType(ValueLayout layout, boolean unsigned) {
        this.layout = layout;
        this.unsigned = unsigned;
    }

    /** Bytes per element. */
    public long byteSize() {
        return layout.byteSize();
    }

    /** Whether values of this type compare in unsigned 64-bit order after {@link #normalize(long)}. */
    public boolean unsignedCompare() {
        return this == UNSIGNED_LONG;
    }

    public boolean isUnsigned() {
        return unsigned;
    }

    /** Widens the low bits of {@code bits} the way this type's values are compared. */
    public long normalize(long bits) {
        return switch (this) {
            case SHORT -> (short) bits;
            case UNSIGNED_SHORT -> bits & 0xFFFFL;
            case INT -> (int) bits;
            case UNSIGNED_INT -> bits & 0xFFFF_FFFFL;
            case LONG, UNSIGNED_LONG -> bits;
        };
    }

    /** Loads the element at {@code offset} with acquire semantics (naturally aligned), widened. */
    public long loadAcquire(MemorySegment s, long offset) {
        return switch (this) {
            case SHORT -> (short) SHORT_HANDLE.getAcquire(s, offset);
            case UNSIGNED_SHORT -> ((short) SHORT_HANDLE.getAcquire(s, offset)) & 0xFFFFL;
            case INT -> (int) INT_HANDLE.getAcquire(s, offset);
            case UNSIGNED_INT -> ((int) INT_HANDLE.getAcquire(s, offset)) & 0xFFFF_FFFFL;
            case LONG, UNSIGNED_LONG -> (long) LONG_HANDLE.getAcquire(s, offset);
        };
    }

    /** Plain load of element {@code index} of a compare-value array viewed as a segment, widened. */
    public long loadValue(MemorySegment values, long index) {
        return switch (this) {
            case SHORT, UNSIGNED_SHORT -> normalize(values.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, index));
            case INT, UNSIGNED_INT -> normalize(values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, index));
            case LONG, UNSIGNED_LONG -> values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index);
        };
    }

    /** A widened value as text in this type's notation (unsigned 64-bit printed unsigned). */
    public String format(long value) {
        return this == UNSIGNED_LONG ? Long.toUnsignedString(value) : Long.toString(value);
    }
}
