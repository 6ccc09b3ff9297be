package io.jshmem.apps;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Transpose's vector accumulation adds bit for bit what its scalar loop adds, over every count up to several vectors
 * (so every tail length) and offsets that are not vector-aligned, in the array and in the received block. This JVM
 * resolves jdk.incubator.vector (the module's surefire argLine), so the program would pick the vector code here.
 */
class TransposeKernelTest {
    @Test
    void vectorAccumulationIsPickedWhereTheModuleIsResolved() {
        assertTrue(Transpose.vectorKernel(), "jdk.incubator.vector is in the boot layer, so the vector code runs");
        assertTrue(VectorAdd.lanes() >= 2, "lanes " + VectorAdd.lanes());
    }

    @Test
    void vectorSumsEqualScalarSumsBitForBit() {
        Random random = new Random(26);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocate(Double.BYTES * 64L, Double.BYTES);
            for (long i = 0; i < 64; i++) {
                in.setAtIndex(ValueLayout.JAVA_DOUBLE, i, random.nextDouble() * 2000 - 1000);
            }
            for (int count = 0; count <= 4 * VectorAdd.lanes() + 3; count++) {
                for (long from : new long[] {0, 1, 3}) {
                    for (int bi : new int[] {0, 1, 7}) {
                        double[] scalar = new double[bi + count + 3];
                        for (int i = 0; i < scalar.length; i++) {
                            scalar[i] = random.nextDouble();
                        }
                        double[] vector = scalar.clone();
                        Transpose.addFrom(in, from * Double.BYTES, scalar, bi, count);
                        VectorAdd.addFrom(in, from * Double.BYTES, vector, bi, count);
                        int c = count;
                        assertArrayEquals(scalar, vector, () -> "count " + c + " from " + from + " bi " + bi);
                    }
                }
            }
        }
    }
}
