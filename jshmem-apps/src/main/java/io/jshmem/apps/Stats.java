package io.jshmem.apps;

import io.jshmem.DataType;
import io.jshmem.ReduceOp;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reductions of a few per-PE figures over all PEs (timers, error counts), through one symmetric scratch buffer
 * allocated once. Collective: every PE calls the same methods in the same order.
 */
final class Stats implements AutoCloseable {
    private static final int SLOTS = 16;
    private final ShmemRuntime shmem;
    private final SymmetricMemory buf;

    Stats(ShmemRuntime shmem) {
        this.shmem = shmem;
        this.buf = shmem.calloc(2L * SLOTS, 8);
    }

    double[] max(double... v) {
        return reduce(ReduceOp.MAX, v);
    }

    double[] sum(double... v) {
        return reduce(ReduceOp.SUM, v);
    }

    long sum(long v) {
        MemorySegment m = buf.local();
        m.setAtIndex(ValueLayout.JAVA_LONG, 0, v);
        shmem.teamWorld().reduce(ReduceOp.SUM, DataType.LONG, buf, SLOTS, buf, 0, 1);
        return m.getAtIndex(ValueLayout.JAVA_LONG, SLOTS);
    }

    private double[] reduce(ReduceOp op, double[] v) {
        if (v.length > SLOTS) {
            throw new IllegalArgumentException("at most " + SLOTS + " values per reduction, not " + v.length);
        }
        MemorySegment m = buf.local();
        for (int i = 0; i < v.length; i++) {
            m.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v[i]);
        }
        shmem.teamWorld().reduce(op, DataType.DOUBLE, buf, SLOTS, buf, 0, v.length);
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = m.getAtIndex(ValueLayout.JAVA_DOUBLE, SLOTS + i);
        }
        return r;
    }

    @Override
    public void close() {
        shmem.free(buf);
    }
}
