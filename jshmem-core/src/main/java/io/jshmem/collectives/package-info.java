/**
 * Collective algorithms (barriers, broadcasts, collects, alltoall, reductions, scans) built only from RMA, atomics
 * and waits on a {@link io.jshmem.collectives.TeamChannel}; never imports an engine. Callers serialize collectives
 * per team (the team's lock); algorithm objects are per call or per team. Not exported.
 */
package io.jshmem.collectives;
