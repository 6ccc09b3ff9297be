package io.jshmem.memory;

/** A block of the symmetric heap: the same offset and size on every PE. Immutable. */
public record Block(long offset, long size) {
}
