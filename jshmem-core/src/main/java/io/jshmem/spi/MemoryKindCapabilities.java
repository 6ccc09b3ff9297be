package io.jshmem.spi;

/**
 * What a memory kind's heaps allow, as a {@link MemoryKindProvider} declares it before any heap is opened. jshmem reads
 * {@link #hostAddressable()} when it hands out a block of the kind: a host-addressable kind's blocks have views
 * ({@code local()}, {@code ptr(pe)}, team ptr) sliced from {@link MemoryKindHeap#local()} and
 * {@link MemoryKindHeap#peer}; a kind that is not host-addressable (GPU memory, for instance) never has a host view
 * handed out, and its bytes move only through {@link MemoryKindHeap}'s copies or the provider's own engines. The
 * contract suite checks that a heap behaves as its capabilities say. Immutable and thread-safe (a record).
 *
 * @param hostAddressable whether {@link MemoryKindHeap#local()} and the non-null results of
 *                        {@link MemoryKindHeap#peer} are real host mappings of the heaps, usable with the CPU's
 *                        loads and stores from any thread of this process; when false they may return null (or
 *                        segments meaningful only to the provider) and jshmem never reads them
 * @param atomics         whether the kind's memory supports atomic read-modify-write: through the host views with
 *                        {@link java.lang.invoke.VarHandle} atomics when host-addressable, otherwise through the
 *                        provider's own engines; jshmem's host atomics take HOST_SIDE buffers only today, so this
 *                        is reported for the engines that will route atomics to a kind
 */
public record MemoryKindCapabilities(boolean hostAddressable, boolean atomics) {
}
