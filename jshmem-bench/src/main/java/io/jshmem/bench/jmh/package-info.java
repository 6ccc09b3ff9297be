/**
 * JMH microbenchmarks of the hot paths (bounds-checked put, allocator, wait loop).
 */
package io.jshmem.bench.jmh;
