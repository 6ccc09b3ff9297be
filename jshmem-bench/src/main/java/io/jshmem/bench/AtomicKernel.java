package io.jshmem.bench;

import io.jshmem.DataType;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;

/**
 * One 64-bit atomic, issued by PE 0 on a word of PE 1's heap, per operation. Each operation has its own loop in its
 * own method (a switch outside the loop, not inside it). Fetching atomics return the old value before the next one starts;
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

    /**
     * One small method per operation, each with its loop: C2 compiles and inlines each on its own, as a C program's
     * loop around a library call is compiled, instead of one large method whose inlining budget the fourteen loops
     * share (the single method left the API calls out of line: "callee uses too much stack").
     */
    @Override
    void run(long n) {
        switch (op) {
            case ATOMIC_FETCH -> sink += fetch(n);
            case ATOMIC_SET -> set(n);
            case ATOMIC_SWAP -> sink += swap(n);
            case ATOMIC_COMPARE_SWAP -> sink += compareSwap(n);
            case ATOMIC_FETCH_INC -> sink += fetchInc(n);
            case ATOMIC_INC -> inc(n);
            case ATOMIC_FETCH_ADD -> sink += fetchAdd(n);
            case ATOMIC_ADD -> add(n);
            case ATOMIC_FETCH_AND -> sink += fetchAnd(n);
            case ATOMIC_AND -> and(n);
            case ATOMIC_FETCH_OR -> sink += fetchOr(n);
            case ATOMIC_OR -> or(n);
            case ATOMIC_FETCH_XOR -> sink += fetchXor(n);
            case ATOMIC_XOR -> xor(n);
            default -> throw new IllegalArgumentException("op = " + op + " is not an atomic benchmark; pass one of"
                    + " the ATOMIC_* benchmarks");
        }
    }

    private long fetch(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetch(DataType.LONG, words, index, target);
        }
        return s;
    }

    private void set(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicSet(DataType.LONG, words, index, i, target);
        }
        shmem.quiet();
    }

    private long swap(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicSwap(DataType.LONG, words, index, i, target);
        }
        return s;
    }

    private long compareSwap(long n) {
        long s = 0;
        long expect = seq;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicCompareSwap(DataType.LONG, words, index, expect, expect + 1, target);
            expect++;
        }
        seq = expect;
        return s;
    }

    private long fetchInc(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetchInc(DataType.LONG, words, index, target);
        }
        return s;
    }

    private void inc(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicInc(DataType.LONG, words, index, target);
        }
        shmem.quiet();
    }

    private long fetchAdd(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetchAdd(DataType.LONG, words, index, 3, target);
        }
        return s;
    }

    private void add(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicAdd(DataType.LONG, words, index, 3, target);
        }
        shmem.quiet();
    }

    private long fetchAnd(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetchAnd(DataType.LONG, words, index, ~i, target);
        }
        return s;
    }

    private void and(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicAnd(DataType.LONG, words, index, ~i, target);
        }
        shmem.quiet();
    }

    private long fetchOr(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetchOr(DataType.LONG, words, index, i, target);
        }
        return s;
    }

    private void or(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicOr(DataType.LONG, words, index, i, target);
        }
        shmem.quiet();
    }

    private long fetchXor(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += shmem.atomicFetchXor(DataType.LONG, words, index, i, target);
        }
        return s;
    }

    private void xor(long n) {
        for (long i = 0; i < n; i++) {
            shmem.atomicXor(DataType.LONG, words, index, i, target);
        }
        shmem.quiet();
    }
}
