package io.jshmem.memory.cuda;

/** The contract again with three PEs on one device (PEs share a GPU when a host has fewer GPUs than PEs). */
class CudaSharedDeviceContractTest extends CudaKindContractTest {
    @Override
    protected String library() {
        return FakeCuda.realOr(FakeCuda.ONE_DEVICE);
    }

    @Override
    protected int nPes() {
        return 3;
    }
}
