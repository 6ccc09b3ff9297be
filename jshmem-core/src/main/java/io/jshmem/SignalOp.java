package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

/**
 * How put-with-signal updates the 64-bit signal word ({@code SHMEM_SIGNAL_SET}, {@code SHMEM_SIGNAL_ADD}).
 * Both updates are atomic with respect to other signal updates and atomics on the same word.
 */
public enum SignalOp {
    /** Stores the signal value ({@code SHMEM_SIGNAL_SET}). */
    SET,
    /** Adds the signal value to the word, modulo 2^64 ({@code SHMEM_SIGNAL_ADD}). */
    ADD;

    /** The operation with code {@code code}: 0 is SET, 1 is ADD (CANN SHMEM's values). */
    public static SignalOp fromCode(int code) {
        return switch (code) {
            case 0 -> SET;
            case 1 -> ADD;
            default -> throw new ShmemArgumentException("sigOp = " + code + " is not a known signal operation: "
                    + "valid codes are 0 (SET) and 1 (ADD); pass one of them or use the SignalOp constants");
        };
    }
}
