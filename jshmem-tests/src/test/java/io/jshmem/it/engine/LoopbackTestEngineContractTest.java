package io.jshmem.it.engine;

import io.jshmem.spi.contract.InJvmPair;
import io.jshmem.spi.contract.TransportContractTest;

import java.time.Duration;

/** The SPI's promises hold for the test-only engine, which knows nothing of jshmem but the SPI. */
class LoopbackTestEngineContractTest extends TransportContractTest {
    @Override
    protected Pair open() throws Exception {
        return InJvmPair.create(new LoopbackTestProvider(), Duration.ofSeconds(30));
    }
}
