/**
 * The engine SPI: what every engine offers the routing point. {@link io.jshmem.spi.TransportProvider} is found with
 * {@link java.util.ServiceLoader} and chosen by name ({@code JSHMEM_ENGINE}); it creates a
 * {@link io.jshmem.spi.Transport}, which reports its {@link io.jshmem.spi.EngineCapabilities}. The built-in engine
 * ({@code shm}, peers mapped on this host) implements the same interfaces. Exported to every module, so that an
 * engine is a module of its own with no change to the core. Every engine must be safe for concurrent calls from
 * many threads; the setup ({@link io.jshmem.spi.TransportSetup}) is used on the init thread only.
 *
 * <p>The memory-kind SPI: {@link io.jshmem.spi.MemoryKindProvider}, found the same way and chosen by name
 * ({@code JSHMEM_DEVICE_KIND}), supplies the heaps of {@code MemType.DEVICE_SIDE}
 * ({@link io.jshmem.spi.MemoryKindHeap}, opened collectively through {@link io.jshmem.spi.MemoryKindSetup}) and
 * declares their {@link io.jshmem.spi.MemoryKindCapabilities}; a heap's methods are safe from any thread.
 */
package io.jshmem.spi;
