package io.jshmem.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of {@code UcxVsPerftestBench} ({@code ucx_vs_perftest.json}): jshmem's UCX engine against
 * {@code ucx_perftest} over the same transport, per metric the median of each side over alternating rounds.
 * Immutable.
 *
 * @param transport the UCX transport both used, e.g. "UCX_TLS=tcp UCX_NET_DEVICES=lo"
 * @param metrics   the latency metrics (time ratios: lower is better), in the file's order
 */
record UcxComparison(String transport, List<Metric> metrics) {
    /** The latencies the goal covers, as the benchmark names them. */
    static final List<String> GOAL_METRICS = List.of("put_8B_pingpong", "put_8B_quiet", "get_8B", "fadd_8B");

    /**
     * @param name      the benchmark's key, e.g. put_8B_pingpong
     * @param jshmemUs  jshmem's median, µs
     * @param perftestUs ucx_perftest's median in the same run, µs
     */
    record Metric(String name, double jshmemUs, double perftestUs) {
        double ratio() {
            return jshmemUs / perftestUs;
        }
    }

    /** The file's figures, or null when {@code file} is null or missing. */
    static UcxComparison read(Path file) throws IOException {
        JsonObject o = JsonFiles.readOne(file);
        if (o == null) {
            return null;
        }
        List<Metric> metrics = new ArrayList<>();
        for (String name : GOAL_METRICS) {
            JsonElement e = o.get(name);
            if (e != null && e.isJsonObject()) {
                JsonObject m = e.getAsJsonObject();
                metrics.add(new Metric(name, m.get("jshmem_median").getAsDouble(),
                        m.get("perftest_median").getAsDouble()));
            }
        }
        JsonElement t = o.get("transport");
        return new UcxComparison(t == null ? "?" : t.getAsString(), List.copyOf(metrics));
    }
}
