package io.jshmem;

/**
 * The seam between the API and jshmem's implementation: the static entry points ({@link Shmem},
 * {@link ShmemRuntime#init}) reach the implementation only through this interface, so the API package holds no
 * implementation and imports none. Implemented once, by jshmem itself; applications never call or implement it.
 * Thread-safe.
 */
public interface ShmemProvider {
    /** Collective init of the instance named by {@code attributes}; {@code level} null means MULTIPLE. */
    ShmemRuntime init(InitAttributes attributes, ThreadLevel level);

    /** The facade's current runtime; throws ShmemStateException when none is initialized or it was finalized. */
    ShmemRuntime current();

    /** The current runtime, or null when none is live. */
    ShmemRuntime currentOrNull();

    /** A new unique id for a self-bootstrapped job, its rendezvous served by this process. */
    String getUniqueId();

    /** The instance the calling thread's facade calls go to (CANN SHMEM's current instance). */
    int currentInstance();

    /** Makes {@code instanceId} the current instance of the facade. */
    void setInstance(int instanceId);

    /** Makes {@code instanceId} current until the returned scope is closed, then restores the previous one. */
    InstanceScope withInstance(int instanceId);

    /** Finalizes instance {@code instanceId} (collective). */
    void finalizeInstance(int instanceId);

    /** Where instance {@code instanceId} stands in its life cycle ({@code aclshmemx_init_status}). */
    InitStatus initStatus(int instanceId);

    /** Whether the current instance was finalized by its last finalize and not initialized again. */
    boolean queryFinalized();

    /** Turns TLS on the rendezvous on or off for the next init, with its files as {@code tlsInfo} pairs. */
    void setConfStoreTls(boolean enabled, String tlsInfo);

    /**
     * CANN's {@code aclshmemx_set_config_store_tls_key}: the TLS private key (PEM text or file), its protected
     * password and the callback that decrypts it (null: the bytes are the UTF-8 password); null key clears it.
     */
    void setConfStoreTlsKey(String privateKey, byte[] password, TlsKeyDecryptor decrypt);

    /** CANN's {@code aclshmemx_set_qp_num}: queue pairs per peer for every later init of this process. */
    void setQpNum(DataOpEngine engine, int qpNum);

    /** The queue pairs per peer set by {@link #setQpNum} for {@code engine}, 0 when not set. */
    int qpNum(DataOpEngine engine);

    /** Sets the log level by CANN code (0 debug .. 4 fatal); SHMEM_LOG_LEVEL, when set, wins. */
    void setLogLevel(int level);

    /** Routes every log message to {@code logger}; null restores standard error. */
    void setExternLogger(ExternalLogger logger);

    /**
     * Runs a lifecycle call of the facade (allocation) under the lock that {@link #withInstance(int)} holds, so that
     * it cannot interleave with another thread's instance switch.
     */
    <T> T lifecycle(String operation, java.util.function.Supplier<T> call);

    /**
     * This PE's copy of {@code block} as the local operand {@code name} of a facade call on the current instance,
     * checked like every symmetric operand: a live block of that instance (the message names {@code name}). A null
     * block is returned as null, an empty buffer that only a zero-length transfer accepts.
     */
    java.lang.foreign.MemorySegment localOperand(String name, SymmetricMemory block);

    /** {@code stream}, checked to be non-null and a stream of the current instance (the facade's OnStream forms). */
    Stream currentStream(String name, Stream stream);
}
