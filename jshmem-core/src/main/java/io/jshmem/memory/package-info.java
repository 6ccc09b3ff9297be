/**
 * Symmetric heap layout, heap files, the allocator and copies between segments. Internal.
 */
package io.jshmem.memory;
