package io.jshmem.apps;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Stencil's radius-2 star over one row, written with the Vector API: C2 in JDK 25 does not vectorize the scalar
 * loop ({@link Stencil#star2Row}), because it reads one {@code double[]} and writes another at offsets it cannot
 * compare, and without a proof that the two arrays differ it keeps the loop scalar (a loop reading and writing both
 * arrays at the same index does vectorize). Each lane computes the same expression in the same order as the scalar
 * loop, so the results are bit-identical. Linked only where the module {@code jdk.incubator.vector} is in the boot
 * layer ({@link Stencil#vectorKernel()}). Stateless; thread-safe.
 */
final class VectorStar {
    private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

    private VectorStar() {
    }

    /** Lanes per vector of the preferred species on this CPU (8 with AVX-512, 4 with AVX2). */
    static int lanes() {
        return SPECIES.length();
    }

    /** {@code y[o0 + i] += star(x, c0 + i)} for i in [0, len), as {@link Stencil#star2Row} does. */
    static void star2Row(double[] x, double[] y, int o0, int c0, int len, int s, double w1, double w2) {
        int i = 0;
        for (int bound = SPECIES.loopBound(len); i < bound; i += SPECIES.length()) {
            int c = c0 + i;
            DoubleVector v = DoubleVector.fromArray(SPECIES, x, c + s).sub(DoubleVector.fromArray(SPECIES, x, c - s))
                    .mul(w1)
                    .add(DoubleVector.fromArray(SPECIES, x, c + 2 * s)
                            .sub(DoubleVector.fromArray(SPECIES, x, c - 2 * s)).mul(w2))
                    .add(DoubleVector.fromArray(SPECIES, x, c + 1).sub(DoubleVector.fromArray(SPECIES, x, c - 1))
                            .mul(w1))
                    .add(DoubleVector.fromArray(SPECIES, x, c + 2).sub(DoubleVector.fromArray(SPECIES, x, c - 2))
                            .mul(w2));
            DoubleVector.fromArray(SPECIES, y, o0 + i).add(v).intoArray(y, o0 + i);
        }
        Stencil.star2Row(x, y, o0 + i, c0 + i, len - i, s, w1, w2);
    }
}
