package io.jshmem.memory;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemException;

import java.util.Locale;

/**
 * What holds a PE's symmetric heap ({@code JSHMEM_HEAP_BACKING}): a {@link MemfdHeap memfd} or a {@link HeapFile
 * file} in {@code JSHMEM_HEAP_DIR}. {@code auto} takes the file where the user named a heap directory (they chose
 * where the heaps go) and otherwise the memfd where this process can create and reopen one, else the file.
 */
public enum HeapBacking {
    MEMFD, FILE;

    /** The values of {@code JSHMEM_HEAP_BACKING}. */
    public enum Choice {
        AUTO, MEMFD, FILE
    }

    /**
     * The backing these settings select.
     *
     * @throws io.jshmem.error.ShmemArgumentException for a value that is not a {@link Choice}, naming the valid ones
     * @throws ShmemException for memfd where memfd heaps do not work
     */
    public static HeapBacking of(Settings s) {
        return switch (s.choice(Setting.HEAP_BACKING, Choice.class)) {
            case MEMFD -> {
                if (!MemfdHeap.available()) {
                    throw new ShmemException("JSHMEM_HEAP_BACKING=memfd, but memfd heaps do not work here: "
                            + MemfdHeap.unavailableReason() + "; use JSHMEM_HEAP_BACKING=auto or file");
                }
                yield MEMFD;
            }
            case FILE -> FILE;
            case AUTO -> !"default".equals(s.source(Setting.HEAP_DIR)) || !MemfdHeap.available() ? FILE : MEMFD;
        };
    }

    /** The word used in settings and diagnostics. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
