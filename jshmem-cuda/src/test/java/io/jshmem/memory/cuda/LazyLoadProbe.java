package io.jshmem.memory.cuda;

import io.jshmem.spi.MemoryKindProvider;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Run in a fresh JVM by {@link CudaProviderTest}: finds the memory-kind providers through the service loader, asks
 * each for its name, kind and capabilities, and prints whether any CUDA driver got mapped into the process (it must
 * not be before unavailableReason or open).
 */
public final class LazyLoadProbe {
    private LazyLoadProbe() {
    }

    public static void main(String[] args) throws Exception {
        StringBuilder names = new StringBuilder();
        for (MemoryKindProvider p : ServiceLoader.load(MemoryKindProvider.class)) {
            names.append(p.name()).append(':').append(p.memType()).append(':').append(p.capabilities()).append(';');
        }
        String maps = Files.readString(Path.of("/proc/self/maps"));
        System.out.println("providers=" + names);
        System.out.println("driver-mapped=" + (maps.contains("libcuda") || maps.contains("libfakecuda")));
    }
}
