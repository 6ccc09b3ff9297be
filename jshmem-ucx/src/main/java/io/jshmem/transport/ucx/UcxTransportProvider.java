package io.jshmem.transport.ucx;

import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;
import io.jshmem.spi.TransportSetup;

/**
 * Service-loader entry of the UCX engine ({@code JSHMEM_ENGINE=ucx}). Constructing it and calling {@link #name()}
 * touch no native code; {@link #create} loads {@code libucp.so.0} (Debian package libucx0, UCX >= 1.13) and throws
 * {@link io.jshmem.error.TransportException} with install advice when it is missing. Thread-safe and stateless.
 */
public final class UcxTransportProvider implements TransportProvider {
    public UcxTransportProvider() {
    }

    /** Other hosts through the network; never maps a peer; puts complete locally, at quiet at the target. */
    static final EngineCapabilities CAPABILITIES = new EngineCapabilities(true, false, false);

    @Override
    public String name() {
        return "ucx";
    }

    @Override
    public EngineCapabilities capabilities() {
        return CAPABILITIES;
    }

    /**
     * Collective over all PEs of the setup: creates the UCP context, worker and heap registration, exchanges worker
     * addresses and rkeys through {@link TransportSetup#allgather}, and connects to every PE with
     * {@code peers[pe] == true}.
     */
    @Override
    public Transport create(TransportSetup setup, boolean[] peers) {
        return UcxTransportFactory.create(setup, peers);
    }

    /** Whether libucp can be loaded here (loads it on the first call). */
    public static boolean isAvailable() {
        return UcpLoader.isAvailable();
    }

    /** Why the UCX engine cannot be used here, or an empty string when it can. */
    public static String unavailableReason() {
        return UcpLoader.failure();
    }

    /** Version of the loaded UCX library, e.g. {@code 1.13.1}; throws TransportException when it is missing. */
    public static String ucxVersion() {
        return UcpLoader.version();
    }
}
