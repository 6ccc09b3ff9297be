package io.jshmem.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of {@code RmaVsRawBench} ({@code rma_vs_raw.json}): jshmem's put and get of 8 bytes against a raw store
 * (with a full fence, as quiet) and a raw load of the peer's mapped heap, per metric the medians of both over
 * alternating rounds in one job. Immutable.
 *
 * @param metrics the metrics the goal covers, in {@link #GOAL_METRICS} order (those the file has)
 */
record RawBaseline(List<Metric> metrics) {
    /** The cases of the goal "put 8 B + quiet, get 8 B ... within 1.1x of the raw store/load baseline". */
    static final List<String> GOAL_METRICS = List.of("put_8B_quiet", "get_8B");

    /**
     * @param name     the benchmark's key, e.g. put_8B_quiet
     * @param jshmemNs jshmem's median, ns per operation
     * @param rawNs    the raw access's median in the same job, ns per operation
     */
    record Metric(String name, double jshmemNs, double rawNs) {
        double ratio() {
            return jshmemNs / rawNs;
        }
    }

    /** The file's figures, or null when {@code file} is null or missing. */
    static RawBaseline read(Path file) throws IOException {
        JsonObject o = JsonFiles.readOne(file);
        if (o == null) {
            return null;
        }
        List<Metric> metrics = new ArrayList<>();
        for (String name : GOAL_METRICS) {
            JsonElement e = o.get(name);
            if (e != null && e.isJsonObject()) {
                JsonObject m = e.getAsJsonObject();
                metrics.add(new Metric(name, m.get("jshmem_ns").getAsDouble(), m.get("raw_ns").getAsDouble()));
            }
        }
        return new RawBaseline(List.copyOf(metrics));
    }
}
