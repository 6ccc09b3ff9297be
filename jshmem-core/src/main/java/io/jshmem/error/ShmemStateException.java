package io.jshmem.error;

/**
 * A call was made in the wrong state: before init, after finalize, on a freed buffer, on a destroyed object.
 * Nothing was modified.
 */
public class ShmemStateException extends IllegalStateException {
    public ShmemStateException(String message) {
        super(message);
    }
}
