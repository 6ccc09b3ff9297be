package io.jshmem.it.engine;

import io.jshmem.spi.EngineCapabilities;
import io.jshmem.spi.Transport;
import io.jshmem.spi.TransportProvider;
import io.jshmem.spi.TransportSetup;

/**
 * A test-only engine plugged in through the SPI alone ({@code META-INF/services/io.jshmem.spi.TransportProvider}
 * of the test resources, no core change): {@code JSHMEM_ENGINE=loopback-test} sends every other PE's operations
 * over TCP on the loopback interface to a server thread in the target process, which applies them to its heap.
 * Same host only, so {@code auto} never picks it. Stateless.
 */
public final class LoopbackTestProvider implements TransportProvider {
    /** The name JSHMEM_ENGINE selects it by. */
    public static final String NAME = "loopback-test";

    /** Loopback only; maps nothing; every operation waits for the target's answer. */
    static final EngineCapabilities CAPABILITIES = new EngineCapabilities(false, false, true);

    public LoopbackTestProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public EngineCapabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public Transport create(TransportSetup setup, boolean[] peers) {
        return LoopbackTestEngine.create(setup, peers);
    }
}
