package io.jshmem.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The performance goals (ratios in the same run, medians over rounds, 2 PEs unless said) and their
 * verdicts from one comparison's figures. A goal whose figures this run does not contain is "not measured", with the
 * command that measures it; it is never guessed from another figure. Stateless.
 */
final class Goals {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * 1024;

    private Goals() {
    }

    /** A benchmark case a goal looks at, with its label. */
    private record Case(String label, String bench, long size) {
    }

    /** Evaluates every goal on the run's figures. */
    static List<GoalRow> evaluate(RunResults r, MachineLimits limits, List<GateResult> gates,
                                  List<BarrierScale> barrier, UcxComparison ucx, RawBaseline raw) {
        List<GoalRow> rows = new ArrayList<>();
        rows.add(smallRma(r, raw));
        rows.add(withCopyFloor(ratioGoal(r, "put/get 1 MiB and 8 MiB", 1.0, null,
                new Case("put 1 MiB", "put_lat", MIB), new Case("put 8 MiB", "put_lat", 8 * MIB),
                new Case("get 1 MiB", "get_lat", MIB), new Case("get 8 MiB", "get_lat", 8 * MIB)), r, limits,
                MIB, 8 * MIB));
        rows.add(pingPong(r, limits));
        rows.add(ratioGoal(r, "fetch-add, compare-swap, swap, fetch", 0.5, null,
                new Case("fetch-add", "atomic_fetch_add", 8), new Case("compare-swap", "atomic_compare_swap", 8),
                new Case("swap", "atomic_swap", 8), new Case("fetch", "atomic_fetch", 8)));
        rows.add(ratioGoal(r, "getmem_nbi / putmem_nbi 8 B per op", 1.0, null,
                new Case("get_nbi 8 B", "get_bw", 8), new Case("put_nbi 8 B", "put_bw", 8)));
        rows.add(ratioGoal(r, "barrierAll", 0.7, null, new Case("barrierAll", "barrier_all", 0)));
        rows.add(ratioGoal(r, "broadcast, fcollect, sum-reduce at 8 B and 1 KiB (median)", 1.0, null,
                new Case("broadcast 8 B", "broadcast", 8), new Case("broadcast 1 KiB", "broadcast", KIB),
                new Case("fcollect 8 B", "fcollect", 8), new Case("fcollect 1 KiB", "fcollect", KIB),
                new Case("sum-reduce 8 B", "sum_reduce", 8), new Case("sum-reduce 1 KiB", "sum_reduce", KIB)));
        rows.add(bestAlgorithmGoal(r, "broadcast, fcollect 1 MiB",
                new Case("broadcast 1 MiB", "broadcast", MIB), new Case("fcollect 1 MiB", "fcollect", MIB)));
        rows.add(ratioGoal(r, "sum reduction 1 MiB of longs", 0.6, null,
                new Case("sum-reduce 1 MiB", "sum_reduce", MIB)));
        rows.add(barrierGoal(barrier));
        rows.add(ucxGoal(ucx));
        rows.add(gateGoal(gates));
        return rows;
    }

    private static String bound(double b) {
        return String.format(Locale.ROOT, "≤ %.1f× OSHMEM", b);
    }

    private static GoalRow ratioGoal(RunResults r, String metric, double bound, String notHere, Case... cases) {
        List<String> parts = new ArrayList<>();
        boolean missing = false;
        boolean over = false;
        for (Case c : cases) {
            double q = r.ratio(c.bench(), c.size());
            if (Double.isNaN(q)) {
                missing = true;
                parts.add(c.label() + " —");
            } else {
                over |= q > bound;
                parts.add(c.label() + " " + Units.ratio(q) + "× (p50 " + Units.ratio(r.ratioP50(c.bench(), c.size()))
                        + "×)");
            }
        }
        String measured = String.join(", ", parts);
        if (notHere != null) {
            measured += "; not compared here: " + notHere;
        }
        Verdict v = over ? Verdict.MISSED : missing ? Verdict.NOT_MEASURED : Verdict.MET;
        if (missing && !over) {
            measured += "; a case was not run (sizes of this run)";
        }
        return new GoalRow(metric, bound(bound), measured, v);
    }

    /**
     * Adds the same run's libc memcpy in C at {@code sizes} beside the large put/get figures: not a bound of the goal,
     * but the machine's own copy time, which says whether a ratio above 1 is a gap in jshmem or both libraries
     * copying at the machine's speed with OSHMEM on the luckier side of the noise.
     */
    private static GoalRow withCopyFloor(GoalRow row, RunResults r, MachineLimits limits, long... sizes) {
        if (limits == null) {
            return row;
        }
        List<String> parts = new ArrayList<>();
        for (long size : sizes) {
            double floor = limits.memcpyNs(size);
            if (Double.isNaN(floor)) {
                continue;
            }
            List<String> libs = new ArrayList<>();
            for (String impl : RunResults.IMPLS) {
                String put = r.figure(impl, "put_lat", size).map(f -> Units.time(f.medianNs())).orElse("—");
                String get = r.figure(impl, "get_lat", size).map(f -> Units.time(f.medianNs())).orElse("—");
                libs.add((impl.equals("oshmem") ? "OSHMEM" : impl) + " " + put + " / " + get);
            }
            parts.add(Units.size(size) + " " + Units.time(floor) + " (put / get: " + String.join(", ", libs) + ")");
        }
        if (parts.isEmpty()) {
            return row;
        }
        return new GoalRow(row.metric(), row.goal(), row.measured() + "; libc memcpy in C in the same run (the "
                + "machine's copy time, not a bound): " + String.join(", ", parts), row.verdict());
    }

    /**
     * jshmem against the faster of OSHMEM's two collective components (default and {@code --mca scoll basic}) per
     * case. Without the basic run the goal is not measured unless the default alone already puts jshmem over.
     */
    private static GoalRow bestAlgorithmGoal(RunResults r, String metric, Case... cases) {
        String goal = "≤ 1.0× OSHMEM's best algorithm (default, --mca scoll basic)";
        List<String> parts = new ArrayList<>();
        boolean over = false;
        boolean missing = false;
        boolean noBasic = false;
        for (Case c : cases) {
            Optional<Figure> j = r.figure("jshmem", c.bench(), c.size());
            Optional<Figure> def = r.figure("oshmem", c.bench(), c.size());
            Optional<Figure> basic = r.figure(RunResults.OSHMEM_BASIC, c.bench(), c.size());
            double best = Math.min(def.map(Figure::medianNs).orElse(Double.POSITIVE_INFINITY),
                    basic.map(Figure::medianNs).orElse(Double.POSITIVE_INFINITY));
            if (j.isEmpty() || Double.isInfinite(best)) {
                missing = true;
                parts.add(c.label() + " —");
                continue;
            }
            noBasic |= basic.isEmpty();
            double q = j.get().medianNs() / best;
            over |= q > 1.0;
            parts.add(c.label() + " " + Units.ratio(q) + "× (jshmem " + Units.time(j.get().medianNs()) + "; OSHMEM "
                    + def.map(f -> Units.time(f.medianNs())).orElse("—") + " default, "
                    + basic.map(f -> Units.time(f.medianNs())).orElse("not run") + " scoll basic)");
        }
        String measured = String.join(", ", parts);
        if (noBasic) {
            measured += "; OSHMEM's scoll basic not run here (bench/compare-oshmem runs it)";
        }
        Verdict v = over ? Verdict.MISSED : missing || noBasic ? Verdict.NOT_MEASURED : Verdict.MET;
        return new GoalRow(metric, goal, measured, v);
    }

    /** Bound of the small put and get against the raw store and load, from the goal. */
    static final double RAW_BOUND = 1.1;

    /**
     * put 8 B + quiet and get 8 B: against OSHMEM, and against the raw store/load of RmaVsRawBench when the run
     * has it. Without it the goal is not measured, whatever OSHMEM's ratio says.
     */
    private static GoalRow smallRma(RunResults r, RawBaseline raw) {
        GoalRow oshmem = ratioGoal(r, "put 8 B + quiet, get 8 B", 1.0,
                raw == null ? "the raw store/load baseline: RmaVsRawBench" : null,
                new Case("put 8 B", "put_lat", 8), new Case("get 8 B", "get_lat", 8));
        String goal = oshmem.goal() + String.format(Locale.ROOT, " and ≤ %.1f× the raw store/load", RAW_BOUND);
        if (raw == null || raw.metrics().isEmpty()) {
            return new GoalRow(oshmem.metric(), goal, oshmem.measured(),
                    oshmem.verdict() == Verdict.MISSED ? Verdict.MISSED : Verdict.NOT_MEASURED);
        }
        List<String> parts = new ArrayList<>();
        boolean over = false;
        for (RawBaseline.Metric m : raw.metrics()) {
            parts.add(String.format(Locale.ROOT, "%s %s× (%s vs %s)", m.name(), Units.ratio(m.ratio()),
                    Units.time(m.jshmemNs()), Units.time(m.rawNs())));
            over |= m.ratio() > RAW_BOUND;
        }
        String measured = oshmem.measured() + "; against the raw store/load of the mapped heap (RmaVsRawBench): "
                + String.join(", ", parts);
        Verdict v = over || oshmem.verdict() == Verdict.MISSED ? Verdict.MISSED
                : raw.metrics().size() < RawBaseline.GOAL_METRICS.size() ? Verdict.NOT_MEASURED : oshmem.verdict();
        return new GoalRow(oshmem.metric(), goal, measured, v);
    }

    private static GoalRow pingPong(RunResults r, MachineLimits limits) {
        String metric = "p + waitUntil ping-pong, half round trip";
        String goal = "≤ 0.5× OSHMEM and ≤ 2× the raw cache-line ping-pong";
        double q = r.ratio("p_pingpong", 8);
        Optional<Figure> j = r.figure("jshmem", "p_pingpong", 8);
        if (Double.isNaN(q) || j.isEmpty()) {
            return new GoalRow(metric, goal, "not run", Verdict.NOT_MEASURED);
        }
        double raw = limits == null ? Double.NaN : j.get().medianNs() / limits.pingPongHalfRttNs();
        String measured = Units.ratio(q) + "× OSHMEM (p50 " + Units.ratio(r.ratioP50("p_pingpong", 8)) + "×), "
                + (Double.isNaN(raw) ? "no machine limits" : Units.ratio(raw) + "× the cache-line ping-pong ("
                + Units.time(limits.pingPongHalfRttNs()) + ")");
        if (limits != null && !Double.isNaN(limits.flagPingPongNs())) {
            // Not a bound of the goal: the pattern's own cost in C, which says how much of the gap is the pattern.
            measured += "; " + Units.ratio(j.get().medianNs() / limits.flagPingPongNs())
                    + "× the same two-process flag pattern in C (" + Units.time(limits.flagPingPongNs()) + ")";
        }
        Verdict v = q > 0.5 || raw > 2 ? Verdict.MISSED : Double.isNaN(raw) ? Verdict.NOT_MEASURED : Verdict.MET;
        return new GoalRow(metric, goal, measured, v);
    }

    private static GoalRow barrierGoal(List<BarrierScale> barrier) {
        String metric = "barrier, 8 and 32 PEs on 2 cores";
        String goal = "≤ 0.25 ms and ≤ 1 ms per barrier";
        Optional<BarrierScale> b8 = barrier.stream().filter(b -> b.pes() == 8).findFirst();
        Optional<BarrierScale> b32 = barrier.stream().filter(b -> b.pes() == 32).findFirst();
        if (b8.isEmpty() && b32.isEmpty()) {
            return new GoalRow(metric, goal, "no barrier series in this run (compare-oshmem --barrier-scale, or "
                    + "CollectivesBench --barrier-only per PE count)", Verdict.NOT_MEASURED);
        }
        List<String> parts = new ArrayList<>();
        boolean over = false;
        if (b8.isPresent()) {
            parts.add("8 PEs " + Units.time(b8.get().barrierAllNs()));
            over |= b8.get().barrierAllNs() > 250_000;
        }
        if (b32.isPresent()) {
            parts.add("32 PEs " + Units.time(b32.get().barrierAllNs()));
            over |= b32.get().barrierAllNs() > 1_000_000;
        }
        Verdict v = over ? Verdict.MISSED : b8.isPresent() && b32.isPresent() ? Verdict.MET : Verdict.NOT_MEASURED;
        return new GoalRow(metric, goal, String.join(", ", parts), v);
    }

    private static GoalRow ucxGoal(UcxComparison ucx) {
        String metric = "UCX ping-pong, put 8 B + quiet, get 8 B, fetch-add over tcp loopback";
        String goal = "≤ 1.3× ucx_perftest";
        if (ucx == null) {
            return new GoalRow(metric, goal, "not part of this comparison (no ucx_perftest, or --no-ucx): "
                    + "UCX_TLS=tcp UCX_NET_DEVICES=lo bin/shmemrun -np 2 --env JSHMEM_ENGINE=ucx "
                    + "io.jshmem.bench.UcxVsPerftestBench", Verdict.NOT_MEASURED);
        }
        List<String> parts = new ArrayList<>();
        boolean over = false;
        for (UcxComparison.Metric m : ucx.metrics()) {
            parts.add(String.format(Locale.ROOT, "%s %s× (%.1f vs %.1f µs)", m.name(), Units.ratio(m.ratio()),
                    m.jshmemUs(), m.perftestUs()));
            over |= !(m.ratio() <= 1.3);
        }
        boolean all = ucx.metrics().size() == UcxComparison.GOAL_METRICS.size();
        Verdict v = over ? Verdict.MISSED : all ? Verdict.MET : Verdict.NOT_MEASURED;
        return new GoalRow(metric, goal, String.join(", ", parts) + " (" + ucx.transport() + ")"
                + (all || over ? "" : "; not every metric of the goal"), v);
    }

    private static GoalRow gateGoal(List<GateResult> gates) {
        String metric = "overhead gate, 8 MiB, 2/4/8 PEs";
        String goal = "≤ 5 %";
        if (gates.isEmpty()) {
            return new GoalRow(metric, goal, "gate not run (GATES=\"\" or --no-gates)", Verdict.NOT_MEASURED);
        }
        List<String> parts = new ArrayList<>();
        boolean over = false;
        for (GateResult g : gates) {
            parts.add(String.format(Locale.ROOT, "%d PEs %s %+.1f %%", g.pes(), Units.size(g.bytes()),
                    g.overheadPercent()));
            over |= !g.passed() || g.overheadPercent() > 5;
        }
        boolean all = gates.stream().map(GateResult::pes).toList().containsAll(List.of(2, 4, 8))
                && gates.stream().allMatch(g -> g.bytes() == 8 * MIB);
        Verdict v = over ? Verdict.MISSED : all ? Verdict.MET : Verdict.NOT_MEASURED;
        return new GoalRow(metric, goal, String.join(", ", parts) + (all || over ? "" : "; not every PE count or size"
                + " of the goal"), v);
    }
}
