package io.jshmem.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of the gate's {@code stream} mode, in the shape of CANN SHMEM's {@code putmem_on_stream_<N>pe.json}:
 * {@code world_size, bytes, iterations, warmup, rounds, stream, route}, the two paths' microseconds per operation,
 * {@code overhead_percent, threshold_percent, passed, correctness} and {@code per_rank} (rank, both us/op, overhead).
 * The seed compares Python ({@code python_us_per_op}) against C++ ({@code cpp_us_per_op}); here the wrapper is
 * jshmem's {@code Stream.putmem} ({@code jshmem_us_per_op}) and the native path the raw copy ({@code raw_us_per_op});
 * {@code seed_field_map} records the correspondence. Extra fields: the data check and each PE's rounds.
 */
final class StreamGateReport {
    private StreamGateReport() {
    }

    /** The report fields from the gathered rows of {@link StreamGate#measure}. */
    static Map<String, Object> of(double[][] perPe, int nPes, long bytes, int iterations, int warmup, int rounds,
                                  double thresholdPercent) {
        double[] jobStream = new double[rounds];
        double[] jobRaw = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            double s = Double.NEGATIVE_INFINITY;
            double w = Double.NEGATIVE_INFINITY;
            for (double[] row : perPe) {
                s = Math.max(s, row[r]);
                w = Math.max(w, row[rounds + r]);
            }
            jobStream[r] = s;
            jobRaw[r] = w;
        }
        double streamUs = Measurement.median(jobStream, rounds) / 1e3;
        double rawUs = Measurement.median(jobRaw, rounds) / 1e3;
        double overhead = (streamUs / rawUs - 1) * 100;
        boolean dataOk = true;
        List<Map<String, Object>> ranks = new ArrayList<>();
        for (int pe = 0; pe < nPes; pe++) {
            double[] row = perPe[pe];
            double s = Measurement.median(slice(row, 0, rounds), rounds) / 1e3;
            double w = Measurement.median(slice(row, rounds, rounds), rounds) / 1e3;
            boolean ok = row[2 * rounds] == 1;
            dataOk &= ok;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rank", pe);
            m.put("raw_us_per_op", w);
            m.put("jshmem_us_per_op", s);
            m.put("overhead_percent", (s / w - 1) * 100);
            m.put("data_ok", ok);
            m.put("expected_byte", (pe + nPes - 1) % nPes + 1 & 0xff);
            m.put("first_byte", (int) row[2 * rounds + 1] & 0xff);
            m.put("last_byte", (int) row[2 * rounds + 2] & 0xff);
            m.put("jshmem_rounds_us", scale(slice(row, 0, rounds)));
            m.put("raw_rounds_us", scale(slice(row, rounds, rounds)));
            ranks.add(m);
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("benchmark", "putmem_on_stream_gate");
        f.put("mode", "stream");
        f.put("world_size", nPes);
        f.put("bytes", bytes);
        f.put("iterations", iterations);
        f.put("warmup", warmup);
        f.put("rounds", rounds);
        f.put("stream", "same explicit jshmem Stream (createStream) for every iteration; synchronize after the loop");
        f.put("route", "ring PE -> (PE + 1) % world_size");
        f.put("jshmem_path", "iterations x Stream.putmem(dst, 0, src, 0, bytes, next), then Stream.synchronize()");
        f.put("raw_path", "iterations x MemorySegment.copy(src, 0, mapped peer dst, 0, bytes), then"
                + " VarHandle.fullFence()");
        f.put("raw_us_per_op", rawUs);
        f.put("jshmem_us_per_op", streamUs);
        f.put("overhead_percent", overhead);
        f.put("threshold_percent", thresholdPercent);
        f.put("passed", dataOk && overhead <= thresholdPercent);
        f.put("correctness", "bit-exact sampled first/last byte");
        f.put("data_ok", dataOk);
        f.put("statistic", "per round the slowest PE, then the median over rounds; paths alternate each round");
        f.put("seed_field_map", Map.of("cpp_us_per_op", "raw_us_per_op", "python_us_per_op", "jshmem_us_per_op"));
        f.put("per_rank", ranks);
        return f;
    }

    /** One line for the console. */
    static String summary(Map<String, Object> f) {
        return String.format("putmem_on_stream gate %d PEs %s: Stream.putmem %.1f us/op, raw %.1f us/op, overhead"
                        + " %+.2f%% (threshold %.1f%%), data check %s; gate %s", (Integer) f.get("world_size"),
                Sizes.human((Long) f.get("bytes")), (Double) f.get("jshmem_us_per_op"), (Double) f.get("raw_us_per_op"),
                (Double) f.get("overhead_percent"), (Double) f.get("threshold_percent"),
                (Boolean) f.get("data_ok") ? "ok" : "WRONG", (Boolean) f.get("passed") ? "PASSED" : "FAILED");
    }

    private static double[] slice(double[] row, int from, int len) {
        double[] s = new double[len];
        System.arraycopy(row, from, s, 0, len);
        return s;
    }

    private static double[] scale(double[] ns) {
        double[] us = new double[ns.length];
        for (int i = 0; i < ns.length; i++) {
            us[i] = ns[i] / 1e3;
        }
        return us;
    }
}
