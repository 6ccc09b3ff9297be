package io.jshmem.bench;

import io.jshmem.DataType;
import java.lang.foreign.ValueLayout;
import io.jshmem.Cmp;
import io.jshmem.ShmemRuntime;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;

/**
 * Kernels that synchronize PEs: the {@code p + waitUntil} ping-pong, the put-with-signal ping-pong and
 * {@code barrierAll}. Ping-pong partners count their exchanges in a field that survives warm-up and rounds, so
 * every exchange waits for a fresh value. Not thread-safe.
 */
final class SyncKernels {
    private SyncKernels() {
    }

    /**
     * One exchange: store {@code ++seq} into the partner's flag with {@code p}, then wait until this PE's flag holds
     * {@code seq} (the partner's answer). PE 0 sends first; PE 1 answers. The figure is half a round trip.
     */
    static final class PingPong extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory flag;
        private final int partner;
        private final boolean first;
        private long seq;

        PingPong(ShmemRuntime shmem, SymmetricMemory flag, int partner, boolean first) {
            this.shmem = shmem;
            this.flag = flag;
            this.partner = partner;
            this.first = first;
        }

        @Override
        double timeScale() {
            return 0.5;
        }

        @Override
        void run(long n) {
            if (first) {
                for (long i = 0; i < n; i++) {
                    long s = ++seq;
                    shmem.p(ValueLayout.JAVA_LONG, flag, 0, s, partner);
                    shmem.waitUntil(DataType.LONG, flag, 0, Cmp.GE, s);
                }
            } else {
                for (long i = 0; i < n; i++) {
                    long s = ++seq;
                    shmem.waitUntil(DataType.LONG, flag, 0, Cmp.GE, s);
                    shmem.p(ValueLayout.JAVA_LONG, flag, 0, s, partner);
                }
            }
        }
    }

    /**
     * One exchange: {@code putmemSignal} of {@code size} bytes with signal {@code ++seq} (SET) to the partner, then
     * wait for the partner's signal {@code seq}. The figure is the full round trip.
     */
    static final class PutSignalPingPong extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory data;
        private final SymmetricMemory signal;
        private final MemorySegment local;
        private final long size;
        private final int partner;
        private final boolean first;
        private long seq;

        PutSignalPingPong(ShmemRuntime shmem, SymmetricMemory data, SymmetricMemory signal, MemorySegment local,
                          long size, int partner, boolean first) {
            this.shmem = shmem;
            this.data = data;
            this.signal = signal;
            this.local = local;
            this.size = size;
            this.partner = partner;
            this.first = first;
        }

        @Override
        void run(long n) {
            if (first) {
                for (long i = 0; i < n; i++) {
                    long s = ++seq;
                    shmem.putmemSignal(data, 0, local, 0, size, signal, 0, s, SignalOp.SET, partner);
                    shmem.signalWaitUntil(signal, 0, Cmp.GE, s);
                }
            } else {
                for (long i = 0; i < n; i++) {
                    long s = ++seq;
                    shmem.signalWaitUntil(signal, 0, Cmp.GE, s);
                    shmem.putmemSignal(data, 0, local, 0, size, signal, 0, s, SignalOp.SET, partner);
                }
            }
        }
    }

    /** {@code barrierAll()} per operation, on every PE. */
    static final class BarrierAll extends Kernel {
        private final ShmemRuntime shmem;

        BarrierAll(ShmemRuntime shmem) {
            this.shmem = shmem;
        }

        @Override
        void run(long n) {
            for (long i = 0; i < n; i++) {
                shmem.barrierAll();
            }
        }
    }
}
