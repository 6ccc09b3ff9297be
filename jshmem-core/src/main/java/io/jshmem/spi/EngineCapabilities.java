package io.jshmem.spi;

/**
 * What an engine can do, as far as the routing point and engine selection need to know: selection reads
 * {@link #reachesOtherHosts()} to find the network engine for {@code JSHMEM_ENGINE=auto} and to refuse a one-host
 * engine for a multi-host job; the routing point reads {@link #completesOnReturn()} to skip per-target bookkeeping
 * for a context's quiet; {@link #mapsPeers()} promises whether {@link Transport#directSegment} can be non-null (the
 * contract suite checks it). Immutable and thread-safe (a record).
 *
 * @param reachesOtherHosts whether the engine can serve PEs on hosts other than this one
 * @param mapsPeers         whether {@link Transport#directSegment} may return a mapping of a peer's heap
 * @param completesOnReturn whether every operation, nbi forms included, is complete at its target when the call
 *                          returns, so that quiet reduces to a full fence
 */
public record EngineCapabilities(boolean reachesOtherHosts, boolean mapsPeers, boolean completesOnReturn) {
}
