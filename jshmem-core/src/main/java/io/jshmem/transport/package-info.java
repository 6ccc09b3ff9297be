/**
 * The engine SPI: what an engine (shared memory, UCX) provides to the comm layer. Internal; exported to the UCX
 * module only.
 */
package io.jshmem.transport;
