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

    /** The backing these settings select; throws for an unknown value or memfd where it does not work. */
    public static HeapBacking of(Settings s) {
        String value = s.string(Setting.HEAP_BACKING).toLowerCase(Locale.ROOT);
        return switch (value) {
            case "memfd" -> {
                if (!MemfdHeap.available()) {
                    throw new ShmemException("JSHMEM_HEAP_BACKING=memfd, but memfd heaps do not work here: "
                            + MemfdHeap.unavailableReason() + "; use JSHMEM_HEAP_BACKING=auto or file");
                }
                yield MEMFD;
            }
            case "file" -> FILE;
            case "auto", "" -> !"default".equals(s.source(Setting.HEAP_DIR)) || !MemfdHeap.available() ? FILE : MEMFD;
            default -> throw new ShmemException("JSHMEM_HEAP_BACKING = '" + s.string(Setting.HEAP_BACKING)
                    + "' is not a heap backing: use auto, memfd or file");
        };
    }

    /** The word used in settings and diagnostics. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
