package io.jshmem.transport.shm;

import io.jshmem.spi.Transport;
import io.jshmem.spi.contract.TransportContractTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** The SPI's promises for the SHM engine: two heaps of this process stand for two mapped PEs. */
class ShmTransportContractTest extends TransportContractTest {
    /** Two mapped PEs; {@code wrap} may put another engine around the SHM engine. */
    static Pair mapped(java.util.function.UnaryOperator<Transport> wrap) {
        Arena arena = Arena.ofShared();
        MemorySegment[] heaps = {arena.allocate(HEAP_BYTES, 4096), arena.allocate(HEAP_BYTES, 4096)};
        Transport engine = wrap.apply(new ShmTransport(heaps, 1 << 14));
        return new Pair() {
            @Override
            public Transport engine() {
                return engine;
            }

            @Override
            public int nPes() {
                return 2;
            }

            @Override
            public int target() {
                return 1;
            }

            @Override
            public MemorySegment targetHeap() {
                return heaps[1];
            }

            @Override
            public void close() {
                engine.close();
                arena.close();
            }
        };
    }

    @Override
    protected Pair open() {
        return mapped(t -> t);
    }
}
