package io.jshmem;

import io.jshmem.error.ShmemArgumentException;

/**
 * An engine's workspace configuration ({@code aclshmemx_set_mte_config} and its siblings): offset and size of
 * the staging area and the synchronization event id, validated as CANN does. jshmem's engines stage nothing; where an
 * engine has a counterpart of the staging size, {@code workspaceBytes} acts on it: MTE's is the SHM engine's
 * large-copy threshold, SDMA's the copy engine's minimum nbi size (see {@link ShmemRuntime#setMteConfig},
 * {@link ShmemRuntime#setSdmaConfig}). RDMA's and UDMA's configurations, and every {@code workspaceOffset} and
 * {@code syncId}, are accepted for parity only: kept by the runtime and shown by diagnostics, so code ported from
 * CANN keeps working unchanged. {@link ShmemRuntime#engineSettings} shows what each engine really runs with.
 * Immutable.
 *
 * @param workspaceOffset offset of the workspace ({@code ub_offset}), 0..2^63-1
 * @param workspaceBytes  size of the workspace ({@code ub_size}), the engine's minimum..2^32-1
 * @param syncId          event id ({@code sync_id}), 0..2^32-1
 */
public record EngineConfig(long workspaceOffset, long workspaceBytes, long syncId) {
    static final long MAX_U32 = 0xFFFF_FFFFL;

    /** Validates the values for {@code engine}; the message names the argument, its value and the range. */
    public static EngineConfig of(DataOpEngine engine, long workspaceOffset, long workspaceBytes, long syncId) {
        if (workspaceOffset < 0) {
            throw new ShmemArgumentException("workspaceOffset = " + workspaceOffset + " is invalid for " + engine
                    + ": valid range is 0.." + Long.MAX_VALUE);
        }
        if (workspaceBytes < engine.minWorkspace() || workspaceBytes > MAX_U32) {
            throw new ShmemArgumentException("workspaceBytes = " + workspaceBytes + " is invalid for " + engine
                    + ": valid range is " + engine.minWorkspace() + ".." + MAX_U32
                    + (engine.minWorkspace() > 0 ? " (the " + engine + " staging workspace needs at least "
                    + engine.minWorkspace() + " bytes)" : ""));
        }
        if (syncId < 0 || syncId > MAX_U32) {
            throw new ShmemArgumentException("syncId = " + syncId + " is invalid for " + engine + ": valid range is"
                    + " 0.." + MAX_U32);
        }
        return new EngineConfig(workspaceOffset, workspaceBytes, syncId);
    }

    /** CANN's defaults: MTE (0, 16 KiB, 0), SDMA (191 KiB, 64, 0), RDMA (190 KiB, 128, 0), UDMA (189 KiB, 128, 0). */
    public static EngineConfig defaultFor(DataOpEngine engine) {
        return switch (engine) {
            case MTE -> new EngineConfig(0, 16 << 10, 0);
            case SDMA -> new EngineConfig(191 << 10, 64, 0);
            case RDMA -> new EngineConfig(190 << 10, 128, 0);
            case UDMA -> new EngineConfig(189 << 10, 128, 0);
        };
    }
}
