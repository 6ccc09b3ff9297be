package io.jshmem.error;

/** The rendezvous could not be reached, refused this PE, or broke during init or finalize. */
public class BootstrapException extends ShmemException {
    /** A bootstrap failure described by {@code message}. */
    public BootstrapException(String message) {
        super(message);
    }

    /** A bootstrap failure described by {@code message}, caused by {@code cause}. */
    public BootstrapException(String message, Throwable cause) {
        super(message, cause);
    }
}
