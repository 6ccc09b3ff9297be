package io.jshmem.transport.shm;

import io.jshmem.spi.contract.TransportContractTest;

import java.time.Duration;

/**
 * The SPI's promises for the copy engine around the SHM engine, with a minimum low enough (1 KiB) that the suite's
 * larger nbi copies go to its background thread and complete only at quiet.
 */
class CopyEngineTransportContractTest extends TransportContractTest {
    @Override
    protected Pair open() {
        return ShmTransportContractTest.mapped(shm -> new CopyEngineTransport(shm, 1024, 1 << 14,
                Duration.ofSeconds(30), 0));
    }
}
