package io.jshmem.examples;

/**
 * IEEE 754 binary16 (float16) and bfloat16 as 16-bit values in a {@code short}, with round-to-nearest-even
 * conversion from float (the rounding hardware and numpy use). float16 uses the JDK's
 * {@link Float#floatToFloat16}; bfloat16 keeps float's exponent and the top 7 mantissa bits. NaNs stay NaNs
 * (quiet), infinities and signed zeros are kept. Stateless and thread-safe.
 */
public final class HalfFloats {
    private HalfFloats() {
    }

    /** float to float16 bits, rounding to nearest even; overflow gives infinity. */
    public static short toFloat16(float f) {
        return Float.floatToFloat16(f);
    }

    /** float16 bits to float (exact). */
    public static float fromFloat16(short h) {
        return Float.float16ToFloat(h);
    }

    /** float to bfloat16 bits, rounding to nearest even; NaN stays a quiet NaN of the same sign. */
    public static short toBfloat16(float f) {
        int bits = Float.floatToRawIntBits(f);
        if (Float.isNaN(f)) {
            return (short) ((bits >>> 16) | 0x0040);
        }
        int rounding = 0x7FFF + ((bits >>> 16) & 1);
        return (short) ((bits + rounding) >>> 16);
    }

    /** bfloat16 bits to float (exact). */
    public static float fromBfloat16(short b) {
        return Float.intBitsToFloat((b & 0xFFFF) << 16);
    }
}
