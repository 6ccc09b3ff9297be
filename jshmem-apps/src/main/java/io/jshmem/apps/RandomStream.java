package io.jshmem.apps;

/**
 * HPCC RandomAccess's 64-bit random stream: {@code r(k+1) = r(k) * x} in GF(2)[x] modulo
 * {@code x^64 + x^2 + x + 1}, i.e. a left shift that XORs in 7 when the top bit falls out, starting at
 * {@code r(0) = 1}. {@link #nth} jumps to {@code r(k) = x^k} by square-and-multiply, so PE p can start at its own
 * offset of the global stream. Static methods only.
 */
final class RandomStream {
    static final long POLY = 7L;
    static final long PERIOD = 1317624576693539401L;

    private RandomStream() {
    }

    static long next(long r) {
        return (r << 1) ^ (r < 0 ? POLY : 0L);
    }

    /** {@code a * b} modulo the stream's polynomial (carry-less multiply, reduced one bit at a time). */
    static long multiply(long a, long b) {
        long product = 0;
        for (int bit = 63; bit >= 0; bit--) {
            product = next(product);
            if ((b >>> bit & 1L) != 0) {
                product ^= a;
            }
        }
        return product;
    }

    /** The k-th element of the stream ({@code x^k}); k is taken modulo the stream's period. */
    static long nth(long k) {
        long e = Long.remainderUnsigned(k, PERIOD);
        long result = 1L;
        long base = 2L;
        while (e != 0) {
            if ((e & 1L) != 0) {
                result = multiply(result, base);
            }
            base = multiply(base, base);
            e >>>= 1;
        }
        return result;
    }
}
