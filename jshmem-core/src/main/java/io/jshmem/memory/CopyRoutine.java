package io.jshmem.memory;

/**
 * Which routine copies between mapped segments use from the copy threshold up: the values of JSHMEM_LARGE_COPY.
 */
public final class CopyRoutine {
    /** The values of JSHMEM_LARGE_COPY. */
    public enum Choice {
        /** Time both routines at init (pooled over the PEs of a host) and take the faster per size band. */
        AUTO,
        /** libc memcpy. */
        MEMCPY,
        /** The JVM's copy stub. */
        JVM
    }

    private CopyRoutine() {
    }
}
