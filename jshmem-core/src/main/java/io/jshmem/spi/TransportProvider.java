package io.jshmem.spi;

/**
 * Plug-in point for engines, found with {@link java.util.ServiceLoader} on the module path ({@code provides
 * io.jshmem.spi.TransportProvider with ...}) or the class path ({@code META-INF/services/io.jshmem.spi.TransportProvider}).
 * The core chooses providers by {@link #name()} through the {@code JSHMEM_ENGINE} setting, and for
 * {@code JSHMEM_ENGINE=auto} the one provider whose {@link #capabilities()} reach other hosts serves PEs on other hosts.
 * Adding an engine needs a new module with a provider, and no change to the core.
 *
 * <p>Implementations must have a public no-argument constructor and load native code lazily: only {@link #create}
 * may touch it (a provider is instantiated on every PE whether or not it is chosen). {@link #name()} and
 * {@link #capabilities()} are called from the init thread only; a provider need not be thread-safe.
 */
public interface TransportProvider {
    /**
     * Engine name used by the JSHMEM_ENGINE setting and in the engine report, e.g. {@code ucx}: lower case, not
     * {@code auto}, {@code shm} or {@code network} (those name the built-in choices).
     */
    String name();

    /** What the engines it creates can do; must agree with their {@link Transport#capabilities()}. */
    EngineCapabilities capabilities();

    /**
     * Collective over all PEs (every PE calls it, in the same order relative to other collectives): creates the
     * engine, registers the local heap and exchanges addresses through {@link TransportSetup#allgather}.
     * {@code peers[pe]} says which PEs the engine must serve; the engine must {@link Transport#canReach} each of them
     * or fail here with an exception that says why.
     */
    Transport create(TransportSetup setup, boolean[] peers);
}
