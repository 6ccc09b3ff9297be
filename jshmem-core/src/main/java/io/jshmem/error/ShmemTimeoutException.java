package io.jshmem.error;

import java.util.List;

/** A blocking call passed its deadline; {@link #missingPes()} lists the PEs that had not arrived. */
public class ShmemTimeoutException extends ShmemException {
    private final List<Integer> missingPes;

    /** A deadline passed while waiting for {@code missingPes} (world numbering). */
    public ShmemTimeoutException(String message, List<Integer> missingPes) {
        super(message);
        this.missingPes = List.copyOf(missingPes);
    }

    /** PEs that had not arrived when the deadline passed (may be empty when unknown). */
    public List<Integer> missingPes() {
        return missingPes;
    }
}
