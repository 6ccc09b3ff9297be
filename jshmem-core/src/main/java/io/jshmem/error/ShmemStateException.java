package io.jshmem.error;

/**
 * A call was made in the wrong state: before init, after finalize, on a freed buffer, on a destroyed object.
 * Nothing was modified.
 */
public class ShmemStateException extends IllegalStateException {
    /** A call in the wrong state; {@code message} names the state and what to do. */
    public ShmemStateException(String message) {
        super(message);
    }
}
