package io.jshmem.bench.report;

import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The barrier growth series: the files {@code barrier_<N>pe.json} that {@code CollectivesBench --barrier-only}
 * writes, one per PE count. Immutable.
 *
 * @param pes           PEs of the job
 * @param barrierAllNs  median ns per barrierAll
 * @param teamBarrierNs median ns per TEAM_WORLD barrier
 * @param barrierAllBestNs best round of barrierAll, ns
 */
record BarrierScale(int pes, double barrierAllNs, double teamBarrierNs, double barrierAllBestNs) {
    /** Every {@code barrier_*pe.json} of {@code dir}, ascending PE count; empty when the directory is missing. */
    static List<BarrierScale> readAll(Path dir) throws IOException {
        List<BarrierScale> all = new ArrayList<>();
        for (Map.Entry<Path, JsonObject> e : JsonFiles.read(dir, "barrier_\\d+pe\\.json").entrySet()) {
            Path f = e.getKey();
            JsonObject o = e.getValue();
            JsonObject b = o.getAsJsonObject("barrierAll_vs_team_barrier");
            if (b == null) {
                throw new IOException(f + " has no barrierAll_vs_team_barrier; write it with CollectivesBench "
                        + "--barrier-only");
            }
            all.add(new BarrierScale(o.get("pes").getAsInt(), b.get("barrierAll_ns").getAsDouble(),
                    b.get("team_barrier_ns").getAsDouble(), b.get("barrierAll_best_ns").getAsDouble()));
        }
        all.sort(Comparator.comparingInt(BarrierScale::pes));
        return all;
    }
}
