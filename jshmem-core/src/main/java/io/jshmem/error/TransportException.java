package io.jshmem.error;

/** A communication engine failed (native library missing, remote endpoint unreachable, operation error). */
public class TransportException extends ShmemException {
    public TransportException(String message) {
        super(message);
    }

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
