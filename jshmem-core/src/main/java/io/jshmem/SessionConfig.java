package io.jshmem;

/**
 * Configuration of a communication session ({@code shmem_ctx_session_config_t}, OpenSHMEM 1.6), passed to
 * {@link Context#sessionStart(long, SessionConfig, long)} with a mask of the fields to use. A hint only: jshmem
 * records it and changes nothing (every operation in a session completes and orders exactly as outside one).
 *
 * @param totalOps the expected maximum number of RMA calls in the session, unsigned like C's {@code size_t}:
 *                 {@code -1} is {@code SIZE_MAX}, the default ("not specified")
 */
public record SessionConfig(long totalOps) {
    /** Mask bit: use {@link #totalOps()} ({@code SHMEM_CTX_SESSION_TOTAL_OPS}). */
    public static final long TOTAL_OPS = 1;
    /** Every mask bit jshmem knows. */
    public static final long ALL_FIELDS = TOTAL_OPS;
    /** The default configuration: {@code totalOps} = SIZE_MAX. */
    public static final SessionConfig DEFAULT = new SessionConfig(-1L);

    @Override
    public String toString() {
        return "SessionConfig[totalOps=" + (totalOps == -1L ? "SIZE_MAX" : Long.toUnsignedString(totalOps)) + "]";
    }
}
