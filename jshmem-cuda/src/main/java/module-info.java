/**
 * The CUDA memory kind of jshmem: {@code MemType.DEVICE_SIDE} heaps in NVIDIA GPU memory through the CUDA driver API
 * ({@code libcuda.so.1}) bound with the Java FFM API. Found by the core through {@link java.util.ServiceLoader};
 * exports nothing. Needs {@code --enable-native-access=io.jshmem.cuda} on the module path.
 */
module io.jshmem.cuda {
    requires io.jshmem;

    provides io.jshmem.spi.MemoryKindProvider with io.jshmem.memory.cuda.CudaKindProvider;
}
