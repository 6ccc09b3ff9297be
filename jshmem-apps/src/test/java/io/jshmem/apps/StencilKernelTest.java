package io.jshmem.apps;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stencil's vector kernel computes bit for bit what its scalar loop computes, over every row length up to several
 * vectors (so every tail length) and row offsets that are not vector-aligned. This JVM resolves jdk.incubator.vector
 * (the module's surefire argLine), so the program would pick the vector kernel here.
 */
class StencilKernelTest {
    @Test
    void vectorKernelIsPickedWhereTheModuleIsResolved() {
        assertTrue(Stencil.vectorKernel(), "jdk.incubator.vector is in the boot layer, so the vector kernel runs");
        // With one lane the vector loop would be the scalar loop again and the comparison below would test nothing.
        assertTrue(VectorStar.lanes() >= 2, "lanes " + VectorStar.lanes());
    }

    @Test
    void vectorRowsEqualScalarRowsBitForBit() {
        Random random = new Random(26);
        int s = 83;
        double[] x = new double[s * 9];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble() * 2000 - 1000;
        }
        double w1 = 1.0 / 4;
        double w2 = 1.0 / 8;
        for (int len = 0; len <= 4 * VectorStar.lanes() + 3; len++) {
            for (int c0 : new int[] {4 * s + 2, 4 * s + 3, 4 * s + 5}) {
                for (int o0 : new int[] {0, 1, 7}) {
                    double[] scalar = new double[o0 + len + 3];
                    for (int i = 0; i < scalar.length; i++) {
                        scalar[i] = random.nextDouble();
                    }
                    double[] vector = scalar.clone();
                    Stencil.star2Row(x, scalar, o0, c0, len, s, w1, w2);
                    VectorStar.star2Row(x, vector, o0, c0, len, s, w1, w2);
                    int l = len;
                    assertArrayEquals(scalar, vector, () -> "len " + l + " c0 " + c0 + " o0 " + o0);
                }
            }
        }
    }
}
