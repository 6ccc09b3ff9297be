package io.jshmem.bench;

import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

import java.lang.foreign.MemorySegment;

/**
 * Put and get kernels: blocking latency ({@code putmem + quiet}, {@code getmem}) and non-blocking bandwidth (a
 * window of {@code putmemNbi}/{@code getmemNbi} closed by one {@code quiet}). The private buffer is a native segment,
 * like the malloc'ed buffer of the C benchmark. Not thread-safe.
 */
final class RmaKernels {
    private RmaKernels() {
    }

    /** {@code putmem(remote, 0, local, 0, size, target); quiet()} per operation. */
    static final class PutLatency extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory remote;
        private final MemorySegment local;
        private final long size;
        private final int target;

        PutLatency(ShmemRuntime shmem, SymmetricMemory remote, MemorySegment local, long size, int target) {
            this.shmem = shmem;
            this.remote = remote;
            this.local = local;
            this.size = size;
            this.target = target;
        }

        @Override
        void run(long n) {
            for (long i = 0; i < n; i++) {
                shmem.putmem(remote, 0, local, 0, size, target);
                shmem.quiet();
            }
        }
    }

    /** {@code getmem(local, 0, remote, 0, size, target)} per operation. */
    static final class GetLatency extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory remote;
        private final MemorySegment local;
        private final long size;
        private final int target;

        GetLatency(ShmemRuntime shmem, SymmetricMemory remote, MemorySegment local, long size, int target) {
            this.shmem = shmem;
            this.remote = remote;
            this.local = local;
            this.size = size;
            this.target = target;
        }

        @Override
        void run(long n) {
            for (long i = 0; i < n; i++) {
                shmem.getmem(local, 0, remote, 0, size, target);
            }
        }
    }

    /** {@code window} x {@code putmemNbi}, then {@code quiet()}; an operation is one put. */
    static final class PutBandwidth extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory remote;
        private final MemorySegment local;
        private final long size;
        private final int target;
        private final int window;

        PutBandwidth(ShmemRuntime shmem, SymmetricMemory remote, MemorySegment local, long size, int target,
                     int window) {
            this.shmem = shmem;
            this.remote = remote;
            this.local = local;
            this.size = size;
            this.target = target;
            this.window = window;
        }

        @Override
        long granularity() {
            return window;
        }

        @Override
        void run(long n) {
            for (long w = 0; w < n; w += window) {
                for (int i = 0; i < window; i++) {
                    shmem.putmemNbi(remote, 0, local, 0, size, target);
                }
                shmem.quiet();
            }
        }
    }

    /** {@code window} x {@code getmemNbi}, then {@code quiet()}; an operation is one get. */
    static final class GetBandwidth extends Kernel {
        private final ShmemRuntime shmem;
        private final SymmetricMemory remote;
        private final MemorySegment local;
        private final long size;
        private final int target;
        private final int window;

        GetBandwidth(ShmemRuntime shmem, SymmetricMemory remote, MemorySegment local, long size, int target,
                     int window) {
            this.shmem = shmem;
            this.remote = remote;
            this.local = local;
            this.size = size;
            this.target = target;
            this.window = window;
        }

        @Override
        long granularity() {
            return window;
        }

        @Override
        void run(long n) {
            for (long w = 0; w < n; w += window) {
                for (int i = 0; i < window; i++) {
                    shmem.getmemNbi(local, 0, remote, 0, size, target);
                }
                shmem.quiet();
            }
        }
    }
}
