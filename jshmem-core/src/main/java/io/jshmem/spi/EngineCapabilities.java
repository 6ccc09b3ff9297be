package io.jshmem.spi;

/**
 * What an engine can do, as far as the routing point and engine selection need to know: selection reads
 * {@link #reachesOtherHosts()} to find the network engine for {@code JSHMEM_ENGINE=auto}; the routing point reads
 * {@link #completesOnReturn()} to skip per-target bookkeeping for a context's quiet, and
 * {@link #mapsPeers()} to know that a non-null {@link Transport#directSegment} may appear. Immutable.
 *
 * @param reachesOtherHosts whether the engine can serve PEs on hosts other than this one
 * @param mapsPeers         whether {@link Transport#directSegment} may return a mapping of a peer's heap
 * @param completesOnReturn whether every operation, nbi forms included, is complete at its target when the call
 *                          returns, so that quiet reduces to a full fence
 */
public record EngineCapabilities(boolean reachesOtherHosts, boolean mapsPeers, boolean completesOnReturn) {
}
