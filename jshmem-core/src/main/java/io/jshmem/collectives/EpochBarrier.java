package io.jshmem.collectives;

import io.jshmem.comm.Comm;
import io.jshmem.comm.WaitCondition;
import io.jshmem.comm.WaitLoop;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What both barrier algorithms share: the epoch count, the arrival stamp each member publishes when it enters (so
 * that a timeout names the members behind), the quiet before a barrier and the timeout description. Subclasses
 * implement {@link #synchronize} for one epoch. Not thread-safe (see {@link Barrier}).
 */
abstract class EpochBarrier implements Barrier {
    static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    final Comm comm;
    final int[] members;
    private final long arrivedOffset;
    private final Supplier<String> mismatch;
    private final Supplier<String> diverged;
    private long epoch;

    EpochBarrier(Comm comm, int[] members, long arrivedOffset, Supplier<String> mismatch, Supplier<String> diverged) {
        this.comm = comm;
        this.members = members.clone();
        this.arrivedOffset = arrivedOffset;
        this.mismatch = mismatch;
        this.diverged = diverged;
    }

    @Override
    public final long epoch() {
        return epoch;
    }

    @Override
    public final void barrier() {
        comm.quiet();
        sync();
    }

    @Override
    public final void barrier(WaitLoop waits) {
        comm.quiet();
        sync(waits);
    }

    @Override
    public final void sync() {
        sync(comm.waitLoop());
    }

    private void sync(WaitLoop waits) {
        long e = ++epoch;
        LONG.setRelease(comm.localHeap(), arrivedOffset, e);
        synchronize(waits, e);
        VarHandle.fullFence();
    }

    /** Meets every member in epoch {@code e}, waiting through {@code waits}; the arrival stamp is already out. */
    abstract void synchronize(WaitLoop waits, long e);

    /**
     * A wait of this barrier and its timeout description ("barrier (epoch 3, 8 PEs)" plus {@code algorithm}), made
     * once per barrier so that waits allocate nothing; the subclass says what it waits for.
     */
    abstract class EpochWait implements WaitCondition, WaitLoop.Stall {
        private final String algorithm;

        EpochWait(String algorithm) {
            this.algorithm = algorithm;
        }

        @Override
        public final String describe() {
            return "barrier (epoch " + epoch + ", " + members.length + " PEs" + algorithm + ")";
        }

        @Override
        public final List<Integer> latePes() {
            return EpochBarrier.this.latePes();
        }

        @Override
        public final String mismatch() {
            return mismatch == null ? null : mismatch.get();
        }

        @Override
        public final String abandoned() {
            return CollectiveActivity.finalizing(comm, members);
        }

        @Override
        public final String diverged() {
            return diverged == null ? null : diverged.get();
        }
    }

    /** Members whose published arrival epoch is below the current one (or cannot be read). */
    private List<Integer> latePes() {
        List<Integer> late = new ArrayList<>();
        for (int pe : members) {
            try {
                if (comm.getScalarLong(pe, arrivedOffset) < epoch) {
                    late.add(pe);
                }
            } catch (RuntimeException unreachable) {
                late.add(pe);
            }
        }
        return late;
    }
}
