package io.jshmem.transport;

/**
 * Plug-in point for engines outside the core jar (the UCX engine), found with {@link java.util.ServiceLoader}.
 * Implementations must load native code lazily: only {@link #create} may touch it.
 */
public interface TransportProvider {
    /** Engine name used by the JSHMEM_ENGINE setting, e.g. {@code ucx}. */
    String name();

    /**
     * Collective over all PEs: creates the engine, registers the local heap and exchanges addresses.
     * {@code peers[pe]} says which PEs the engine must serve.
     */
    Transport create(TransportSetup setup, boolean[] peers);
}
