package io.jshmem.error;

/**
 * An argument was outside its valid range. The message names the argument, its value, the valid range and what
 * to do. Thrown before anything is modified, locally or remotely, so the job can continue.
 */
public class ShmemArgumentException extends IllegalArgumentException {
    /** A rejected argument; {@code message} names it, its value, the valid range and what to do. */
    public ShmemArgumentException(String message) {
        super(message);
    }
}
