package io.jshmem.bench.report;

import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One run of the putmem overhead gate ({@code results/putmem_<N>pe.json}, written by PutmemGate). Immutable.
 *
 * @param pes               PEs of the ring
 * @param bytes             bytes per put
 * @param jshmemNs          median putmem + quiet, ns
 * @param rawNs             median raw copy + fence, ns
 * @param libcNs            median libc memcpy + fence, ns
 * @param overheadPercent   jshmem over raw, percent
 * @param thresholdPercent  largest overhead that passes
 * @param passed            the gate's verdict (data check included)
 * @param warmupCalls       warm-up copies per path (0 in a file from before the quiet-JIT warm-up)
 * @param jitQuiet          whether the warm-up ended on a stretch without compilation
 */
record GateResult(int pes, long bytes, double jshmemNs, double rawNs, double libcNs, double overheadPercent,
                  double thresholdPercent, boolean passed, long warmupCalls, boolean jitQuiet) {
    /** The warm-up in words, for the report's tables. */
    String warmup() {
        return warmupCalls + " copies" + (jitQuiet ? ", JIT quiet" : ", JIT not quiet");
    }

    /** Every {@code putmem_*pe.json} of {@code dir} by PE count; empty when the directory is missing. */
    static List<GateResult> readAll(Path dir) throws IOException {
        List<GateResult> all = new ArrayList<>();
        for (JsonObject o : JsonFiles.read(dir, "putmem_\\d+pe.*\\.json").values()) {
            all.add(new GateResult(o.get("world_size").getAsInt(), o.get("bytes").getAsLong(),
                    o.get("jshmem_ns_per_op").getAsDouble(), o.get("raw_ns_per_op").getAsDouble(),
                    o.get("libc_memcpy_ns_per_op").getAsDouble(), o.get("overhead_percent").getAsDouble(),
                    o.get("threshold_percent").getAsDouble(), o.get("passed").getAsBoolean(),
                    o.has("warmup_calls_per_path") ? o.get("warmup_calls_per_path").getAsLong() : 0,
                    o.has("warmup_jit_quiet") && o.get("warmup_jit_quiet").getAsBoolean()));
        }
        all.sort(Comparator.comparingInt(GateResult::pes));
        return all;
    }
}
