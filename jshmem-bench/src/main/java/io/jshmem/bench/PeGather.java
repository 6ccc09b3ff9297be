package io.jshmem.bench;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Brings per-PE figures to PE 0 outside the timed regions: every PE puts its doubles into its own slot of PE 0's
 * symmetric buffer, then all meet in a barrier. Uses only put and barrierAll, so it works wherever the benchmarks
 * do. Collective: every PE must call the same methods in the same order. Not thread-safe.
 */
final class PeGather implements AutoCloseable {
    private final ShmemRuntime shmem;
    private final int capacity;
    private final SymmetricMemory slots;

    /** Allocates room for {@code capacity} doubles per PE (collective). */
    PeGather(ShmemRuntime shmem, int capacity) {
        this.shmem = shmem;
        this.capacity = capacity;
        this.slots = shmem.malloc((long) capacity * shmem.nPes() * Double.BYTES);
    }

    /**
     * Collective: returns every PE's {@code values} on PE 0 ({@code [pe][i]}) and null on the others.
     *
     * @throws IllegalArgumentException when {@code values} is longer than the capacity
     */
    double[][] gather(double[] values) {
        if (values.length > capacity) {
            throw new IllegalArgumentException("values.length = " + values.length + " exceeds the gather capacity "
                    + capacity + "; create the PeGather with a larger capacity");
        }
        // The values go out from this PE's own slot of the symmetric buffer, memory of the kind the kernels copy:
        // a put from a heap array would make the copy path polymorphic, and deoptimize it, between two rounds.
        long mine = (long) shmem.myPe() * capacity;
        MemorySegment.copy(values, 0, slots.local(), ValueLayout.JAVA_DOUBLE, mine * Double.BYTES, values.length);
        if (shmem.myPe() != 0) {
            shmem.put(ValueLayout.JAVA_DOUBLE, slots, mine, slots.local(), mine, values.length, 0);
        }
        shmem.barrierAll();
        double[][] all = null;
        if (shmem.myPe() == 0) {
            all = new double[shmem.nPes()][values.length];
            for (int pe = 0; pe < shmem.nPes(); pe++) {
                for (int i = 0; i < values.length; i++) {
                    all[pe][i] = slots.local().getAtIndex(ValueLayout.JAVA_DOUBLE, (long) pe * capacity + i);
                }
            }
        }
        // PE 0 reads before anyone writes the next gather's values.
        shmem.barrierAll();
        return all;
    }

    /** Collective: the largest of every PE's {@code value} on PE 0, NaN on the others. */
    double max(double value) {
        double[][] all = gather(new double[]{value});
        if (all == null) {
            return Double.NaN;
        }
        double m = Double.NEGATIVE_INFINITY;
        for (double[] v : all) {
            m = Math.max(m, v[0]);
        }
        return m;
    }

    /** Collective: PE 0's {@code value} on every PE (the others' arguments are ignored). */
    double broadcast(double value) {
        if (shmem.myPe() == 0) {
            for (int pe = 0; pe < shmem.nPes(); pe++) {
                shmem.p(ValueLayout.JAVA_DOUBLE, slots, 0, value, pe);
            }
        }
        shmem.barrierAll();
        double v = slots.local().getAtIndex(ValueLayout.JAVA_DOUBLE, 0);
        // Everyone reads before the next gather or broadcast writes the slot again.
        shmem.barrierAll();
        return v;
    }

    /** Collective: frees the buffer. */
    @Override
    public void close() {
        shmem.free(slots);
    }
}
