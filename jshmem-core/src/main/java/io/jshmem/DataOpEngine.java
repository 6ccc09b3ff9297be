package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

import java.util.EnumSet;
import java.util.Set;

/**
 * CANN SHMEM's data engines ({@code data_op_engine_type}) and what serves them in jshmem. Choose them at init with
 * {@link InitAttributes#dataOpEngines}; configure their workspace with the {@code set*Config} calls (which fields act:
 * {@link EngineConfig}).
 */
public enum DataOpEngine {
    /** Loads and stores inside a node: jshmem's SHM engine (mapped peer heaps). */
    MTE(0x1, 0),
    /** The system DMA: jshmem's copy engine, a background thread for large nbi copies to mapped peers. */
    SDMA(0x2, 0),
    /** RDMA / RoCE between nodes: jshmem's UCX engine. */
    RDMA(0x4, 128),
    /** The Ascend 950 UB fabric: no jshmem engine; its configuration is kept for API parity only. */
    UDMA(0x8, 128);

    private final int mask;
    private final long minWorkspace;

    DataOpEngine(int mask, long minWorkspace) {
        this.mask = mask;
        this.minWorkspace = minWorkspace;
    }

    /** The engine's bit in CANN's mask: MTE 1, SDMA 2, RDMA 4, UDMA 8. */
    public int mask() {
        return mask;
    }

    /** Smallest workspace ({@code ub_size}) CANN accepts for it: 128 bytes for RDMA and UDMA, else 0. */
    public long minWorkspace() {
        return minWorkspace;
    }

    /** The engines of a CANN mask (bits 1, 2, 4, 8; at least one). */
    public static Set<DataOpEngine> fromMask(int mask) {
        if (mask <= 0 || (mask & ~0xF) != 0) {
            throw new ShmemArgumentException("dataOpEngineType = " + mask + " is not an engine mask: valid are"
                    + " non-zero combinations of MTE 1, SDMA 2, RDMA 4, UDMA 8 (1..15)");
        }
        EnumSet<DataOpEngine> set = EnumSet.noneOf(DataOpEngine.class);
        for (DataOpEngine e : values()) {
            if ((mask & e.mask) != 0) {
                set.add(e);
            }
        }
        return set;
    }
}
