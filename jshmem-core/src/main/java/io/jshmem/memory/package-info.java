/**
 * Heap backings (memfd or file) and their layout, the deterministic allocator, block descriptors and copy routines. Uses config;
 * nothing above. The allocator is not thread-safe (the runtime serializes it); the rest is. Not exported.
 */
package io.jshmem.memory;
