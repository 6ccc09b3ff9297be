package io.jshmem.error;

/** A communication engine failed (native library missing, remote endpoint unreachable, operation error). */
public class TransportException extends ShmemException {
    /** An engine failure described by {@code message}. */
    public TransportException(String message) {
        super(message);
    }

    /** An engine failure described by {@code message}, caused by {@code cause}. */
    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
