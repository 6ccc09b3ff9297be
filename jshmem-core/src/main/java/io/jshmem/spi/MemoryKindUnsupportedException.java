package io.jshmem.spi;

/**
 * A memory kind cannot do what was asked of it (a copy to a heap this process cannot reach, a host view of memory
 * that is not host-addressable). The message names the kind, the operation and why.
 */
public class MemoryKindUnsupportedException extends UnsupportedOperationException {
    private final String kind;

    /**
     * Refuses {@code operation} on memory kind {@code kind}; {@code why} says what the kind lacks and what to do.
     */
    public MemoryKindUnsupportedException(String kind, String operation, String why) {
        super(operation + " is not supported by memory kind '" + kind + "': " + why);
        this.kind = kind;
    }

    /** The name of the memory kind that refused. */
    public String kind() {
        return kind;
    }
}
