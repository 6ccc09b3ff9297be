/**
 * The engine SPI ({@link io.jshmem.transport.Transport}, {@link io.jshmem.transport.TransportProvider}): what every
 * engine offers the routing point. Uses memory and config. Exported only to the UCX module. Implementations must
 * be safe for concurrent calls from many threads.
 */
package io.jshmem.transport;
