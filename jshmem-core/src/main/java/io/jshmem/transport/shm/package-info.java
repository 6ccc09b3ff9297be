/**
 * The shared-memory engine (same-host peers through their mapped heaps) and the copy engine for large
 * non-blocking puts. Uses transport, memory, config; never another engine. Thread-safe. Not exported.
 */
package io.jshmem.transport.shm;
