package io.jshmem.comm;

import io.jshmem.spi.Transport;
import io.jshmem.transport.shm.ShmTransport;

import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The engines of a {@link Comm} and what it derives from them once, at init: per target PE its engine, the heap the
 * built-in engine maps for it (or null) and whether its engine may return before an operation is complete; which
 * PEs' waits sleep; and the distinct engines, which fence, the full quiet and close reach once each however many PEs
 * they serve. Comm copies the arrays into final fields of its own, so that its put, get, fence and quiet read them
 * with no hop through this object. Immutable; thread-safe as its engines.
 */
final class Engines {
    /** Engine per target PE. */
    final Transport[] route;
    /** Per PE: its heap as mapped by the built-in engine, or null when another engine serves it. */
    final MemorySegment[] direct;
    /** Per PE: its engine may return before an operation is complete. */
    final boolean[] deferred;
    /** Every distinct engine in use, each once (Comm's fence and quiet read it from a field of their own). */
    final Transport[] distinct;
    /** Per PE: its waits sleep ({@link WaitMode#SLEEP}), as exchanged at init; null when not known. */
    private final boolean[] sleepingPes;

    /**
     * @param route       engine per target PE
     * @param shm         the built-in engine: PEs whose engine maps them ({@link Transport#directSegment}) to the same
     *                    segment as {@code shm}'s are served by it directly
     * @param sleepingPes per PE, whether its waits sleep (the same array on every PE); null: unknown
     * @param extra       engines that serve no route of this PE but must still be quieted and closed with it
     */
    Engines(Transport[] route, ShmTransport shm, boolean[] sleepingPes, Transport[] extra) {
        int nPes = route.length;
        if (sleepingPes != null && sleepingPes.length != nPes) {
            throw new IllegalArgumentException("sleepingPes has " + sleepingPes.length + " entries for " + nPes
                    + " PEs");
        }
        this.sleepingPes = sleepingPes == null ? null : sleepingPes.clone();
        this.route = route.clone();
        this.direct = new MemorySegment[nPes];
        this.deferred = new boolean[nPes];
        Set<Transport> all = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int pe = 0; pe < nPes; pe++) {
            // Only the built-in engine's mappings take the direct path: another engine that maps a peer is routed.
            MemorySegment d = route[pe].directSegment(pe);
            direct[pe] = d != null && d == shm.directSegment(pe) ? d : null;
            deferred[pe] = !route[pe].completesOnReturn();
            all.add(route[pe]);
        }
        all.addAll(List.of(extra));
        this.distinct = all.toArray(new Transport[0]);
    }

    /** Every distinct engine in use. */
    List<Transport> list() {
        return List.of(distinct);
    }

    /**
     * Whether every one of {@code members} (global PE numbers) has its heap mapped here and waits by sleeping: then
     * a barrier over them should let each member sleep once rather than once per round. Every member computes the
     * same answer from the wait modes exchanged at init (as long as they map each other, which same-host PEs do).
     */
    boolean allSleep(int[] members) {
        if (sleepingPes == null) {
            return false;
        }
        for (int pe : members) {
            if (direct[pe] == null || !sleepingPes[pe]) {
                return false;
            }
        }
        return true;
    }

    /** Every engine closed (each quiets first); keeps going when one fails and rethrows the first failure. */
    void close() {
        RuntimeException first = null;
        for (Transport t : distinct) {
            try {
                t.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
