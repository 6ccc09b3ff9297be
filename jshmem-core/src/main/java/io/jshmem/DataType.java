package io.jshmem;

/**
 * The value type token of the operations where a value's meaning matters: team reductions and scans, atomics
 * (INT, UINT, LONG, ULONG; FLOAT and DOUBLE for fetch, set and swap) and point-to-point waits (SHORT, USHORT, INT,
 * UINT, LONG, ULONG). OpenSHMEM's standard types as Java sees them. In reductions signedness matters only to MAX
 * and MIN (unsigned types compare as unsigned); integer arithmetic wraps; the
 * complex types are pairs (real, imaginary) of float or double. C names map by width: {@code int8/schar} BYTE,
 * {@code uint8/uchar} UBYTE, {@code int16/short} SHORT, {@code uint16/ushort} USHORT, {@code int32/int} INT,
 * {@code uint32/uint} UINT, {@code int64/long/longlong/ptrdiff} LONG, {@code uint64/ulong/ulonglong/size} ULONG,
 * {@code complexf} COMPLEXF, {@code complexd} COMPLEXD. CHAR is Java's char (unsigned 16 bits).
 */
public enum DataType {
    /** Signed 8-bit integer ({@code int8_t}, {@code signed char}). */
    BYTE(1),
    /** Unsigned 8-bit integer ({@code uint8_t}, {@code unsigned char}). */
    UBYTE(1),
    /** Signed 16-bit integer ({@code int16_t}, {@code short}). */
    SHORT(2),
    /** Unsigned 16-bit integer ({@code uint16_t}, {@code unsigned short}). */
    USHORT(2),
    /** Java's char: an unsigned 16-bit integer. */
    CHAR(2),
    /** Signed 32-bit integer ({@code int32_t}, {@code int}). */
    INT(4),
    /** Unsigned 32-bit integer ({@code uint32_t}, {@code unsigned int}). */
    UINT(4),
    /** Signed 64-bit integer ({@code int64_t}, {@code long}, {@code long long}, {@code ptrdiff_t}). */
    LONG(8),
    /** Unsigned 64-bit integer ({@code uint64_t}, {@code unsigned long}, {@code size_t}). */
    ULONG(8),
    /** IEEE 754 binary32 ({@code float}). */
    FLOAT(4),
    /** IEEE 754 binary64 ({@code double}). */
    DOUBLE(8),
    /** A pair (real, imaginary) of floats ({@code float _Complex}). */
    COMPLEXF(8),
    /** A pair (real, imaginary) of doubles ({@code double _Complex}). */
    COMPLEXD(16);

    private final int byteSize;

    DataType(int byteSize) {
        this.byteSize = byteSize;
    }

    /** Bytes per element (for the complex types, both parts). */
    public int byteSize() {
        return byteSize;
    }

    /** Whether this is an unsigned integer type (compared and widened as unsigned). */
    public boolean isUnsigned() {
        return this == UBYTE || this == USHORT || this == CHAR || this == UINT || this == ULONG;
    }

    /**
     * Whether reduction {@code op} is defined on this type: AND, OR and XOR on integer types, MAX and MIN on every
     * type but the complex ones, SUM and PROD on every type.
     */
    public boolean supports(ReduceOp op) {
        return switch (op) {
            case AND, OR, XOR -> !isFloating();
            case MAX, MIN -> this != COMPLEXF && this != COMPLEXD;
            case SUM, PROD -> true;
        };
    }

    /** Whether this is a floating-point type (real or complex). */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE || this == COMPLEXF || this == COMPLEXD;
    }
}
