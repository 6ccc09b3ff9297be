package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindHeap;
import io.jshmem.spi.MemoryKindProvider;
import io.jshmem.spi.contract.MemoryKindContractTest;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The memory-kind contract on the cuda kind, over the test double of the driver with two devices: the PEs are threads
 * of this JVM on GPUs 0 and 1, and reach each other's heaps through the in-process registry (the driver refuses to
 * open an IPC handle in the process that made it). The bindings, argument layouts, contexts per thread and range
 * checks run for real; GPU behaviour itself is not checked here, unless the system property
 * {@value FakeCuda#REAL_DRIVER_PROPERTY} names a real driver ({@link CudaDeviceContractMain} on a GPU machine).
 */
class CudaKindContractTest extends MemoryKindContractTest {
    @Override
    protected MemoryKindProvider provider() {
        return new CudaKindProvider(library());
    }

    /** The fake driver this class runs on. */
    protected String library() {
        return FakeCuda.realOr(FakeCuda.TWO_DEVICES);
    }

    /** The closed heap's allocation and context reference are gone; the other PEs' remain. */
    @Override
    protected void assertReleased(MemoryKindHeap closed) {
        if (FakeCuda.real()) {
            return; // the real driver has no leak counters; the copies refused after close were checked above
        }
        assertEquals(nPes() - 1, FakeCuda.live(library(), 0), "live allocations after closing one PE's heap");
        assertEquals(nPes() - 1, FakeCuda.live(library(), 2), "primary-context references after closing one");
    }
}
