package io.jshmem.transport.ucx;

import io.jshmem.spi.TransportProvider;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * Run in a fresh JVM by {@link UcxProviderTest}: finds the UCX provider through the service loader, asks its name,
 * and prints whether libucp got mapped into the process (it must not be before create).
 */
public final class LazyLoadProbe {
    private LazyLoadProbe() {
    }

    public static void main(String[] args) throws Exception {
        String names = "";
        for (TransportProvider p : ServiceLoader.load(TransportProvider.class)) {
            names += p.name() + ":" + p.getClass().getSimpleName() + ";";
        }
        boolean mapped = Files.readString(Path.of("/proc/self/maps")).contains("libucp");
        System.out.println("providers=" + names);
        System.out.println("libucp-mapped=" + mapped);
    }
}
