package io.jshmem.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The raw limits of the machine measured in the same run by {@code bench/c/machine_limits.c}
 * ({@code schema = machine-limits/1}): memcpy time per size, the cross-core cache-line ping-pong, the same hand-off
 * in the pattern of a SHMEM ping-pong (two processes, a word in each one's page) and an uncontended atomic
 * fetch-add. They are the reference lines of the plots. Immutable.
 *
 * @param cpus              online CPUs
 * @param cpuModel          CPU model name
 * @param memcpy            memcpy figures, ascending size
 * @param pingPongHalfRttNs median half round trip of one cache line between two cores, ns
 * @param pingPongBestNs    best half round trip, ns
 * @param flagPingPongNs    median half round trip of two processes that each spin on a word of their own page and
 *                          store into the other's (the p + wait_until pattern, two lines per hand-off), ns; NaN in
 *                          files written before it was measured
 * @param fetchAddNs        uncontended atomic fetch-add, ns
 */
record MachineLimits(int cpus, String cpuModel, List<Copy> memcpy, double pingPongHalfRttNs, double pingPongBestNs,
                     double flagPingPongNs, double fetchAddNs) {
    /** memcpy of {@code size} bytes took {@code ns}. */
    record Copy(long size, double ns, double gbPerS) {
    }

    /** The file as written by machine_limits. */
    static MachineLimits read(Path file) throws IOException {
        JsonObject o = JsonFiles.readOne(file);
        if (o == null) {
            throw new java.nio.file.NoSuchFileException(file.toString(), null, "write it with bench/c/machine_limits");
        }
        if (!o.has("schema") || !"machine-limits/1".equals(o.get("schema").getAsString())) {
            throw new IOException(file + " is not a machine-limits/1 file; write it with bench/c/machine_limits");
        }
        List<Copy> copies = new ArrayList<>();
        for (JsonElement e : o.getAsJsonArray("memcpy")) {
            JsonObject c = e.getAsJsonObject();
            copies.add(new Copy(c.get("size").getAsLong(), c.get("ns").getAsDouble(), c.get("gb_per_s").getAsDouble()));
        }
        return new MachineLimits(o.get("cpus").getAsInt(), o.get("cpu_model").getAsString(), List.copyOf(copies),
                number(o, "cacheline_pingpong_half_rtt_ns"), number(o, "cacheline_pingpong_best_ns"),
                positive(number(o, "flag_pingpong_half_rtt_ns")), number(o, "atomic_fetch_add_uncontended_ns"));
    }

    private static double number(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? Double.NaN : e.getAsDouble();
    }

    /** machine_limits writes -1 for a figure it could not measure. */
    private static double positive(double v) {
        return v > 0 ? v : Double.NaN;
    }

    /** memcpy ns of {@code size} bytes, interpolated log-log between the measured sizes; NaN outside them. */
    double memcpyNs(long size) {
        for (int i = 0; i < memcpy.size(); i++) {
            Copy c = memcpy.get(i);
            if (c.size() == size) {
                return c.ns();
            }
            if (c.size() > size && i > 0) {
                Copy a = memcpy.get(i - 1);
                double t = (Math.log(size) - Math.log(a.size())) / (Math.log(c.size()) - Math.log(a.size()));
                return Math.exp(Math.log(a.ns()) + t * (Math.log(c.ns()) - Math.log(a.ns())));
            }
        }
        return Double.NaN;
    }
}
