package io.jshmem.error;

/** The rendezvous could not be reached, refused this PE, or broke during init or finalize. */
public class BootstrapException extends ShmemException {
    public BootstrapException(String message) {
        super(message);
    }

    public BootstrapException(String message, Throwable cause) {
        super(message, cause);
    }
}
