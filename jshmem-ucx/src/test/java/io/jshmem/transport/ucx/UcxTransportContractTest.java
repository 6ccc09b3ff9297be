package io.jshmem.transport.ucx;

import io.jshmem.spi.contract.InJvmPair;
import io.jshmem.spi.contract.TransportContractTest;

import java.time.Duration;

/**
 * The SPI's promises for the UCX engine: two PEs as threads of this JVM, each with its own UCX engine, under the
 * surefire execution's UCX_TLS (tcp on loopback, then shared memory). Skipped, each test with the reason, when
 * libucp cannot be loaded.
 */
class UcxTransportContractTest extends TransportContractTest {
    @Override
    protected Pair open() throws Exception {
        UcxTestSupport.assumeUcx();
        return InJvmPair.create(new UcxTransportProvider(), Duration.ofSeconds(30));
    }
}
