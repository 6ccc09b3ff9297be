package io.jshmem.apps;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Transpose's accumulation, {@code b[bi + k] += in[k]} from a received block, written with the Vector API: C2 in
 * JDK 25 keeps the scalar loop ({@link Transpose#addFrom}) scalar, because the segment might be a view of the same
 * array. Each lane adds what the scalar loop adds, so the results are bit-identical. Linked only where the module
 * {@code jdk.incubator.vector} is in the boot layer ({@link Transpose#vectorKernel()}). Stateless; thread-safe.
 */
final class VectorAdd {
    private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

    private VectorAdd() {
    }

    /** Lanes per vector of the preferred species on this CPU (8 with AVX-512, 4 with AVX2). */
    static int lanes() {
        return SPECIES.length();
    }

    /** {@code b[bi + k] += in.get(JAVA_DOUBLE, offset + 8k)} for k below {@code count}. */
    static void addFrom(MemorySegment in, long offset, double[] b, int bi, int count) {
        int k = 0;
        for (int bound = SPECIES.loopBound(count); k < bound; k += SPECIES.length()) {
            DoubleVector v = DoubleVector.fromMemorySegment(SPECIES, in, offset + (long) k * Double.BYTES,
                    ByteOrder.nativeOrder());
            DoubleVector.fromArray(SPECIES, b, bi + k).add(v).intoArray(b, bi + k);
        }
        for (; k < count; k++) {
            b[bi + k] += in.get(ValueLayout.JAVA_DOUBLE, offset + (long) k * Double.BYTES);
        }
    }
}
