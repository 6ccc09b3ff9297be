package io.jshmem;

/**
 * Options of {@link ShmemRuntime#createCtx(CtxOption...)} ({@code SHMEM_CTX_*}).
 */
public enum CtxOption {
    /**
     * Only the creating thread uses the context ({@code SHMEM_CTX_PRIVATE}). Enforced: a call from any other
     * thread throws {@link io.jshmem.error.ShmemStateException} (with argument checks on).
     */
    PRIVATE,
    /** The application never uses the context from two threads at once ({@code SHMEM_CTX_SERIALIZED}). */
    SERIALIZED,
    /**
     * The context issues no stores that quiet or fence must complete ({@code SHMEM_CTX_NOSTORE}). A hint: jshmem
     * accepts it and still completes everything on quiet.
     */
    NOSTORE
}
