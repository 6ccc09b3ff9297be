package io.jshmem.runtime;

import io.jshmem.memory.HeapFile;

/**
 * Ends this process at once with a status, after unlinking heap files it has not unlinked yet and flushing standard
 * streams (used by globalExit and by the orphan watchdog).
 */
final class GlobalExit {
    private GlobalExit() {
    }

    static void haltNow(int status) {
        // A halt during init would otherwise leave this PE's heap file until a later job sweeps it.
        HeapFile.unlinkUnfinished();
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(status);
    }
}
