package io.jshmem.bench;

import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

/**
 * One 64-bit atomic, issued by PE 0 on a word of PE 1's heap, per operation. Each operation has its own loop (a
 * switch outside the loop, not inside it). Fetching atomics return the old value before the next one starts;
 * non-fetching ones ({@code set}, {@code inc}, {@code add}, {@code and}, {@code or}, {@code xor}) are issued
 * back to back and completed by one {@code quiet} per batch, as in the C benchmark. Compare-and-swap always
 * succeeds: the word counts up from 0 and each CAS expects the previous count. Not thread-safe.
 */
final class AtomicKernel extends Kernel {
    private final ShmemRuntime shmem;
    private final Bench op;
    private final SymmetricMemory words;
    private final long index;
    private final int target;
    private long seq;
    /** Results go here so that no call looks unused. */
    long sink;

    /** {@code words} must hold 0 at {@code index} on {@code target} when the case starts. */
    AtomicKernel(ShmemRuntime shmem, Bench op, SymmetricMemory words, long index, int target) {
        this.shmem = shmem;
        this.op = op;
        this.words = words;
        this.index = index;
        this.target = target;
    }

    @Override
    void run(long n) {
        long s = 0;
        switch (op) {
            case ATOMIC_FETCH -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetch(DataType.LONG, words, index, target);
                }
            }
            case ATOMIC_SET -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicSet(DataType.LONG, words, index, i, target);
                }
                shmem.quiet();
            }
            case ATOMIC_SWAP -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicSwap(DataType.LONG, words, index, i, target);
                }
            }
            case ATOMIC_COMPARE_SWAP -> {
                long expect = seq;
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicCompareSwap(DataType.LONG, words, index, expect, expect + 1, target);
                    expect++;
                }
                seq = expect;
            }
            case ATOMIC_FETCH_INC -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetchInc(DataType.LONG, words, index, target);
                }
            }
            case ATOMIC_INC -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicInc(DataType.LONG, words, index, target);
                }
                shmem.quiet();
            }
            case ATOMIC_FETCH_ADD -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetchAdd(DataType.LONG, words, index, 3, target);
                }
            }
            case ATOMIC_ADD -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicAdd(DataType.LONG, words, index, 3, target);
                }
                shmem.quiet();
            }
            case ATOMIC_FETCH_AND -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetchAnd(DataType.LONG, words, index, ~i, target);
                }
            }
            case ATOMIC_AND -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicAnd(DataType.LONG, words, index, ~i, target);
                }
                shmem.quiet();
            }
            case ATOMIC_FETCH_OR -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetchOr(DataType.LONG, words, index, i, target);
                }
            }
            case ATOMIC_OR -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicOr(DataType.LONG, words, index, i, target);
                }
                shmem.quiet();
            }
            case ATOMIC_FETCH_XOR -> {
                for (long i = 0; i < n; i++) {
                    s += shmem.atomicFetchXor(DataType.LONG, words, index, i, target);
                }
            }
            case ATOMIC_XOR -> {
                for (long i = 0; i < n; i++) {
                    shmem.atomicXor(DataType.LONG, words, index, i, target);
                }
                shmem.quiet();
            }
            default -> throw new IllegalArgumentException("op = " + op + " is not an atomic benchmark; pass one of"
                    + " the ATOMIC_* benchmarks");
        }
        sink += s;
    }
}
