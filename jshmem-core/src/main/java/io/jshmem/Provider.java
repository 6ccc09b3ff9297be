package io.jshmem;

import io.jshmem.error.ShmemStateException;

import java.util.ServiceLoader;

/**
 * Finds the implementation behind {@link ShmemProvider} once, through {@link ServiceLoader} (a
 * {@code META-INF/services} entry on the class path, {@code provides} in the module descriptor), so the API
 * package names no implementation class and no package cycle exists. Thread-safe.
 */
final class Provider {
    private static volatile ShmemProvider instance;

    private Provider() {
    }

    static ShmemProvider get() {
        ShmemProvider p = instance;
        if (p == null) {
            synchronized (Provider.class) {
                p = instance;
                if (p == null) {
                    p = load();
                    instance = p;
                }
            }
        }
        return p;
    }

    private static ShmemProvider load() {
        return ServiceLoader.load(ShmemProvider.class, Provider.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new ShmemStateException("jshmem's implementation of io.jshmem.ShmemProvider is "
                        + "missing: the io.jshmem:jshmem jar on the class or module path is incomplete; rebuild it"));
    }
}
