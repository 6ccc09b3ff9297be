/**
 * jshmem, an OpenSHMEM 1.6 and CANN SHMEM library for the JVM. Applications see {@code io.jshmem} (API and facade)
 * and {@code io.jshmem.error} (exceptions); engine modules, found with {@link java.util.ServiceLoader}, see the engine
 * SPI {@code io.jshmem.spi}; configuration is exported to the UCX engine, the CUDA memory kind and jshmem's own launcher and tools, bootstrap
 * only to the launcher (which also sweeps stale heap files through the memory
 * package; the benchmarks read its copy routines as their raw baseline). Native access (FFM downcalls, mapped heaps) needs
 * {@code --enable-native-access=io.jshmem} on the module path ({@code ALL-UNNAMED} on the class path); shmemrun
 * passes it.
 */
module io.jshmem {
    requires jdk.jfr;

    exports io.jshmem;
    exports io.jshmem.error;
    exports io.jshmem.spi;
    exports io.jshmem.config to io.jshmem.ucx, io.jshmem.cuda, io.jshmem.launcher;
    exports io.jshmem.bootstrap to io.jshmem.launcher;
    exports io.jshmem.memory to io.jshmem.bench, io.jshmem.launcher;

    uses io.jshmem.ShmemProvider;
    uses io.jshmem.spi.MemoryKindProvider;
    uses io.jshmem.spi.TransportProvider;

    provides io.jshmem.ShmemProvider with io.jshmem.impl.JshmemProvider;
}
