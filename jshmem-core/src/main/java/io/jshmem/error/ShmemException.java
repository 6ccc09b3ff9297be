package io.jshmem.error;

/**
 * Base of the failures jshmem reports at run time that are not caused by a bad argument or a bad call order:
 * timeouts, dead PEs, bootstrap and transport failures. Thread-safe (immutable).
 */
public class ShmemException extends RuntimeException {
    /** A failure described by {@code message}. */
    public ShmemException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public ShmemException(String message, Throwable cause) {
        super(message, cause);
    }
}
