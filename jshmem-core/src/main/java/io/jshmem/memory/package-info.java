/**
 * Heap backings (memfd or file) and their layout, the deterministic allocator, block descriptors, copy routines and
 * the libc linker ({@link io.jshmem.memory.Libc}). Uses config; nothing above. The allocator is not thread-safe (the
 * runtime serializes it); the rest is. Not exported.
 */
package io.jshmem.memory;
