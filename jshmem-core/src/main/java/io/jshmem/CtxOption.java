package io.jshmem;

/**
 * Options of {@link ShmemRuntime#createCtx(CtxOption...)} and {@link Team#createCtx(CtxOption...)}
 * ({@code SHMEM_CTX_*}). The default context has none.
 */
public enum CtxOption {
    /**
     * Only the creating thread uses the context ({@code SHMEM_CTX_PRIVATE}). Enforced always, with or without
     * {@code JSHMEM_CHECKS}: a call from any other thread throws {@link io.jshmem.error.ShmemStateException} naming
     * PRIVATE and both threads.
     */
    PRIVATE,
    /**
     * The application never uses the context from two threads at once ({@code SHMEM_CTX_SERIALIZED}). With
     * {@code JSHMEM_CHECKS} on, a call that starts while another thread is inside a call on the same context throws
     * {@link io.jshmem.error.ShmemStateException} naming SERIALIZED (one compare-and-set per call); with checks off it
     * is the application's promise only.
     */
    SERIALIZED,
    /**
     * Quiet and fence on the context need not complete or order stores ({@code SHMEM_CTX_NOSTORE}). A hint: jshmem
     * accepts it and its quiet and fence still complete and order everything, so a program correct without the
     * option stays correct with it.
     */
    NOSTORE
}
