package io.jshmem.impl;

import io.jshmem.HeapUsage;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemOutOfMemoryException;
import io.jshmem.operand.Operands;
import io.jshmem.runtime.Instance;

/**
 * The arguments of the collective allocation calls (malloc, calloc, align, malloc_with_hints, realloc and their
 * memory-kind forms), checked so that a bad one fails every PE together. Each check returns the exception to throw,
 * or null; the caller then {@linkplain #rejectTogether rejects together}: the bad call still takes part in the
 * instance's collective argument check, so a PE alone with a bad argument makes every PE throw (the others see that
 * its arguments differ) instead of leaving them waiting in the allocation until the timeout, and PEs that all passed
 * the same bad arguments all throw its exception. Nothing is allocated in either case. Stateless.
 */
final class AllocationArgs {
    /** The size word a rejected calloc publishes: no valid call publishes a negative size. */
    static final long NO_SIZE = -1;

    private AllocationArgs() {
    }

    /**
     * The problem with {@code count * elementSize} (calloc), or null: a negative argument, or a product beyond
     * 2^63 - 1, which CANN SHMEM rejects as an invalid argument rather than as a lack of memory.
     */
    static RuntimeException calloc(long count, long elementSize) {
        RuntimeException negative = negative("count", count);
        if (negative == null) {
            negative = negative("elementSize", elementSize);
        }
        if (negative != null) {
            return negative;
        }
        if (elementSize != 0 && count > Long.MAX_VALUE / elementSize) {
            return new ShmemArgumentException("count = " + count + " times elementSize = " + elementSize
                    + " overflows: count * elementSize must be at most " + Long.MAX_VALUE + " (Long.MAX_VALUE), so"
                    + " with this elementSize count must be at most " + Long.MAX_VALUE / elementSize + "; pass a "
                    + "smaller count or elementSize (nothing was allocated)");
        }
        return null;
    }

    /** The problem with {@code bytes} for an allocation from a heap of {@code usage}, or null. */
    static RuntimeException bytes(String operation, long bytes, HeapUsage usage) {
        RuntimeException negative = negative("bytes", bytes);
        if (negative != null) {
            return negative;
        }
        if (bytes > usage.capacity()) {
            return new ShmemOutOfMemoryException(operation + " of " + bytes + " bytes cannot be satisfied: the "
                    + "symmetric heap has " + usage.capacity() + " bytes for allocations, "
                    + (usage.capacity() - usage.used()) + " free (largest free block " + usage.largestFree()
                    + "); raise SHMEM_SYMMETRIC_SIZE or allocate less");
        }
        return null;
    }

    /** The problem with an alignment (a power of two), or null. */
    static RuntimeException alignment(long alignment) {
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            return new ShmemArgumentException("alignment = " + alignment + " is not a power of two: valid values "
                    + "are 1, 2, 4, 8, ... up to 2^62; pass a power of two");
        }
        return null;
    }

    /** The problem with malloc_with_hints' {@code hints}, or null. */
    static RuntimeException hints(long hints, long valid) {
        try {
            Operands.hints("hints", hints, valid);
            return null;
        } catch (ShmemArgumentException e) {
            return e;
        }
    }

    private static RuntimeException negative(String name, long value) {
        try {
            Operands.count(name, value);
            return null;
        } catch (ShmemArgumentException e) {
            return e;
        }
    }

    /**
     * Takes part in {@code instance}'s collective argument check of {@code operation} with the words a valid call
     * would publish ({@code a} named {@code aName}, {@code b} named {@code bName}; the bad values themselves, or
     * {@link #NO_SIZE}), then returns {@code error} for the caller to throw: every PE leaves the check together,
     * those with valid arguments throwing the check's message that names this PE's arguments. When the check itself
     * fails here, its message is added to {@code error} as suppressed.
     */
    static RuntimeException rejectTogether(Instance instance, String operation, long a, long b, String aName,
                                           String bName, RuntimeException error) {
        try {
            instance.heapCollective(operation, a, b, aName, bName, () -> {
                throw error;
            });
        } catch (RuntimeException e) {
            if (e != error) {
                error.addSuppressed(e);
            }
        }
        return error;
    }
}
