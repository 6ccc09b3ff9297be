/**
 * Collective algorithms over one team (barriers, broadcast, fcollect/collect, alltoall, reductions, scans),
 * built only from RMA, atomics and waits of the comm layer; each publishes which collective and epoch its PE is in
 * so that slow waits can name collectives called in different orders. Internal: not part of the API.
 */
package io.jshmem.collectives;
