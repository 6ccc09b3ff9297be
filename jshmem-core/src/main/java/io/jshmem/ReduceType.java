package io.jshmem;

/**
 * Element types of the team reductions and scans, OpenSHMEM's standard reduction types as Java sees them.
 * Signedness matters only to MAX and MIN (unsigned types compare as unsigned); integer arithmetic wraps; the
 * complex types are pairs (real, imaginary) of float or double. C names map by width: {@code int8/schar} BYTE,
 * {@code uint8/uchar} UBYTE, {@code int16/short} SHORT, {@code uint16/ushort} USHORT, {@code int32/int} INT,
 * {@code uint32/uint} UINT, {@code int64/long/longlong/ptrdiff} LONG, {@code uint64/ulong/ulonglong/size} ULONG,
 * {@code complexf} COMPLEXF, {@code complexd} COMPLEXD. CHAR is Java's char (unsigned 16 bits).
 */
public enum ReduceType {
    BYTE(1), UBYTE(1), SHORT(2), USHORT(2), CHAR(2), INT(4), UINT(4), LONG(8), ULONG(8), FLOAT(4), DOUBLE(8),
    COMPLEXF(8), COMPLEXD(16);

    private final int byteSize;

    ReduceType(int byteSize) {
        this.byteSize = byteSize;
    }

    /** Bytes per element (for the complex types, both parts). */
    public int byteSize() {
        return byteSize;
    }
}
