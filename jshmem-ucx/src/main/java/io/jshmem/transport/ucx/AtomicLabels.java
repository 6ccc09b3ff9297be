package io.jshmem.transport.ucx;

import io.jshmem.spi.AmoOp;

/**
 * The names of atomic operations in error messages, made once per operation code so that an atomic builds no
 * string. Indexed by {@link AmoOp#ordinal()}. Immutable.
 */
final class AtomicLabels {
    static final String[] ENTER = labels("atomic ");
    static final String[] WIDE = labels("64-bit atomic ");
    static final String[] NARROW = labels("32-bit atomic ");

    private AtomicLabels() {
    }

    private static String[] labels(String prefix) {
        AmoOp[] ops = AmoOp.values();
        String[] out = new String[ops.length];
        for (AmoOp op : ops) {
            out[op.ordinal()] = prefix + op;
        }
        return out;
    }
}
