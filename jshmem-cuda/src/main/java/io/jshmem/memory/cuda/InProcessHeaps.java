package io.jshmem.memory.cuda;

import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The heaps this process allocated, by IPC handle. The driver refuses to open an IPC handle in the process that
 * created it, yet PEs may be threads of one process (the contract tests, or an application running several
 * instances): such a peer's heap is reached through the allocating heap's own device pointer, which unified
 * addressing makes valid in every context of the process. Thread-safe.
 */
final class InProcessHeaps {
    private static final ConcurrentHashMap<String, Long> BY_HANDLE = new ConcurrentHashMap<>();

    private InProcessHeaps() {
    }

    static void add(byte[] handle, long pointer) {
        BY_HANDLE.put(HexFormat.of().formatHex(handle), pointer);
    }

    static void remove(byte[] handle) {
        BY_HANDLE.remove(HexFormat.of().formatHex(handle));
    }

    /** The pointer of the heap this process allocated with {@code handle}, or 0 when another process did. */
    static long pointer(byte[] handle) {
        Long p = BY_HANDLE.get(HexFormat.of().formatHex(handle));
        return p == null ? 0 : p;
    }
}
