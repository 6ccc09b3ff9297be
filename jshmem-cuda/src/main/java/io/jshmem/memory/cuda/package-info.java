/**
 * The cuda memory kind: {@code MemType.DEVICE_SIDE} symmetric heaps in NVIDIA GPU memory through the CUDA driver API
 * ({@code libcuda.so.1}, looked up at run time and called through the FFM API). Each PE allocates its heap on the GPU
 * of its local rank (modulo the GPUs visible) and maps its same-host peers' heaps with CUDA IPC; bytes move only
 * through {@link io.jshmem.spi.MemoryKindHeap}'s copies. Nothing is exported; the core finds
 * {@link io.jshmem.memory.cuda.CudaKindProvider} through {@link java.util.ServiceLoader}.
 */
package io.jshmem.memory.cuda;
