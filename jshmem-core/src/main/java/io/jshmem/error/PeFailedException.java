package io.jshmem.error;

/** Another PE of the job died or was lost; operations that depend on it cannot complete. */
public class PeFailedException extends ShmemException {
    private final int failedPe;

    /** PE {@code failedPe} (world numbering) has failed; {@code message} says how it was noticed. */
    public PeFailedException(int failedPe, String message) {
        super(message);
        this.failedPe = failedPe;
    }

    /** The PE that failed first, as far as this PE knows. */
    public int failedPe() {
        return failedPe;
    }
}
