package io.jshmem.runtime;

import io.jshmem.DataOpEngine;
import io.jshmem.EngineConfig;
import io.jshmem.comm.Comm;
import io.jshmem.memory.CopyRoutine;
import io.jshmem.spi.Transport;
import io.jshmem.transport.shm.CopyEngineTransport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where CANN's engine configurations ({@code aclshmemx_set_*_config}) act on jshmem's engines, and what each engine
 * really runs with. CANN's {@code ub_size} is the staging window an engine moves data through; its jshmem
 * counterpart is the size at which an engine changes how it moves data:
 * <ul>
 *   <li>MTE {@code workspaceBytes}: the SHM engine's large-copy threshold (copies from it up use the routine
 *       {@link CopyRoutine} chose; JSHMEM_MEMCPY_THRESHOLD, whose default is MTE's 16 KiB, until set). Only the
 *       threshold is held by the engines that copy (the SHM engine, which serves mapped peers, and the copy
 *       engine); which routine a copy of a size takes is {@link CopyRoutine}'s decision alone;</li>
 *   <li>SDMA {@code workspaceBytes}: the copy engine's minimum: nbi copies of at least this many bytes (at least 1)
 *       go to its background thread (JSHMEM_COPY_ENGINE_MIN until set; acts only with JSHMEM_COPY_ENGINE on);</li>
 *   <li>RDMA and UDMA, and every {@code workspaceOffset} and {@code syncId}: accepted for parity only (no
 *       staging area exists; UCX fixes its protocols when {@code ucp_init} reads its configuration, so the RDMA
 *       knob is {@code setQpNum}, applied at init).</li>
 * </ul>
 * Stateless; the engines' setters are thread-safe.
 */
public final class EngineTuning {
    private EngineTuning() {
    }

    /** Applies {@code config} to the engine {@code engine} names on this PE; no-op where it has no counterpart. */
    public static void apply(Comm comm, DataOpEngine engine, EngineConfig config) {
        switch (engine) {
            case MTE -> {
                comm.shm().memcpyThreshold(config.workspaceBytes());
                CopyEngineTransport ce = copyEngine(comm);
                if (ce != null) {
                    ce.memcpyThreshold(config.workspaceBytes());
                }
            }
            case SDMA -> {
                CopyEngineTransport ce = copyEngine(comm);
                if (ce != null) {
                    ce.minBytes(config.workspaceBytes());
                }
            }
            case RDMA, UDMA -> {
                // Parity only: see the class comment.
            }
        }
    }

    /**
     * What {@code engine} runs with on this PE now: for MTE {@code memcpyThresholdBytes} and {@code largeCopy} (the
     * routine from the threshold up, in words); for SDMA
     * {@code copyEngine} (on/off), {@code minBytes}, {@code queuedCopies}, {@code bytesCopied}; for RDMA the UCX
     * engine's {@link Transport#tuning()} (empty without a UCX engine); for UDMA nothing. Every map names the
     * config fields that act ({@code actingFields}).
     */
    public static Map<String, Object> effective(Comm comm, DataOpEngine engine) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (engine) {
            case MTE -> {
                m.put("actingFields", "workspaceBytes -> memcpyThresholdBytes");
                m.put("memcpyThresholdBytes", comm.memcpyThreshold());
                m.put("shmEngineMemcpyThresholdBytes", comm.shm().memcpyThreshold());
                m.put("largeCopy", CopyRoutine.plan());
            }
            case SDMA -> {
                CopyEngineTransport ce = copyEngine(comm);
                m.put("actingFields", "workspaceBytes -> minBytes (with JSHMEM_COPY_ENGINE on)");
                m.put("copyEngine", ce != null);
                m.put("minBytes", ce == null ? null : ce.minBytes());
                m.put("queuedCopies", ce == null ? 0L : ce.statistics().get(0));
                m.put("bytesCopied", ce == null ? 0L : ce.statistics().get(1));
            }
            case RDMA -> {
                m.put("actingFields", "none (parity); queue pairs per peer: setQpNum -> UCX_MAX_RNDV_RAILS");
                Transport ucx = network(comm);
                m.put("ucxEngine", ucx != null);
                if (ucx != null) {
                    m.putAll(ucx.tuning());
                }
            }
            case UDMA -> m.put("actingFields", "none (parity): jshmem has no UDMA engine");
        }
        return m;
    }

    private static CopyEngineTransport copyEngine(Comm comm) {
        return comm.engineFor(comm.myPe()) instanceof CopyEngineTransport ce ? ce : null;
    }

    private static Transport network(Comm comm) {
        // engines() includes a network engine that serves no route of this PE (created collectively, as at 1 PE).
        for (Transport t : comm.engines()) {
            if (t.capabilities().reachesOtherHosts()) {
                return t;
            }
        }
        return null;
    }
}
