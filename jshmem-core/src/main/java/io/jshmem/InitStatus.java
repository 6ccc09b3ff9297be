package io.jshmem;

/**
 * Where an instance is in its life ({@code aclshmemx_init_status}): not initialized (or finalized), heap created
 * while init is still running, or initialized. {@link Shmem#initStatus()} reports the current instance.
 */
public enum InitStatus {
    /** Not initialized, being initialized before its heap exists, or finalized ({@code ACLSHMEM_STATUS_NOT_INITIALIZED}). */
    NOT_INITIALIZED,
    /** Init has mapped the symmetric heaps and is setting up engines ({@code ACLSHMEM_STATUS_SHM_CREATED}). */
    SHM_CREATED,
    /** Initialized and usable ({@code ACLSHMEM_STATUS_IS_INITIALIZED}). */
    INITIALIZED;

    /** CANN's code: 0, 1, 2. */
    public int code() {
        return ordinal();
    }
}
