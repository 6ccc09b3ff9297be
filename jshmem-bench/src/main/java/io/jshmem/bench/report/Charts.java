package io.jshmem.bench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report's PNG plots, drawn with XChart (headless AWT): per benchmark with a size ladder, latency or bandwidth
 * against message size on log-log axes with both libraries and the same-run memcpy limit; the scalar operations as
 * markers with the cache-line and atomic limits; and barrier time against log2(PEs). Stateless.
 */
final class Charts {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 480;
    private static final Color JSHMEM = new Color(0x1f77b4);
    private static final Color OSHMEM = new Color(0xd62728);
    private static final Color LIMIT = new Color(0x555555);
    /** Benchmarks with a size ladder, their axis and how their limit line is drawn. */
    private static final Map<String, String> LADDERS = Map.of("put_lat", "latency", "get_lat", "latency",
            "put_bw", "bandwidth", "get_bw", "bandwidth", "put_signal", "round_trip", "broadcast", "latency",
            "fcollect", "latency", "collect", "latency", "alltoall", "latency", "sum_reduce", "latency");
    private static final List<String> SCALARS = List.of("p_pingpong", "atomic_fetch", "atomic_swap",
            "atomic_compare_swap", "atomic_fetch_add", "atomic_fetch_inc", "atomic_add", "atomic_set", "barrier_all");

    private Charts() {
    }

    /** Draws every plot the figures allow into {@code dir}. */
    static List<ChartFile> draw(RunResults r, MachineLimits limits, List<BarrierScale> barrier, Path dir)
            throws IOException {
        List<ChartFile> out = new ArrayList<>();
        for (String bench : r.benches()) {
            String kind = LADDERS.get(bench);
            if (kind != null && r.sizes(bench).stream().filter(s -> s > 0).count() >= 2) {
                out.add(ladder(r, limits, bench, kind, dir));
            }
        }
        if (SCALARS.stream().anyMatch(b -> !r.series("jshmem", b).isEmpty() || !r.series("oshmem", b).isEmpty())) {
            out.add(scalars(r, limits, dir));
        }
        if (barrier.size() >= 2) {
            out.add(barrierScale(barrier, limits, dir));
        }
        return out;
    }

    private static void style(Styler s) {
        s.setChartBackgroundColor(Color.WHITE);
        // Upper left: time and bandwidth both grow with size, so that corner of a size plot is empty (the upper
        // right hid the largest sizes of the latency plots).
        s.setLegendPosition(Styler.LegendPosition.InsideNW);
        s.setAntiAlias(true);
    }

    private static void save(Chart<?, ?> c, Path file) throws IOException {
        BitmapEncoder.saveBitmap(c, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static ChartFile ladder(RunResults r, MachineLimits limits, String bench, String kind, Path dir)
            throws IOException {
        boolean bw = kind.equals("bandwidth");
        String op = r.series("jshmem", bench).isEmpty() ? r.series("oshmem", bench).get(0).op()
                : r.series("jshmem", bench).get(0).op();
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(bench + ": " + op)
                .xAxisTitle("message size (bytes, log)")
                .yAxisTitle(bw ? "bandwidth (GB/s, log)" : kind.equals("round_trip") ? "round trip (µs, log)"
                        : "time per operation (µs, log)").build();
        style(c.getStyler());
        c.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        double minSize = Double.MAX_VALUE;
        double maxSize = 0;
        for (String impl : List.of("jshmem", "oshmem", RunResults.OSHMEM_BASIC)) {
            List<Figure> s = r.series(impl, bench).stream().filter(f -> f.size() > 0).toList();
            if (s.isEmpty()) {
                continue;
            }
            double[] x = s.stream().mapToDouble(Figure::size).toArray();
            double[] y = s.stream().mapToDouble(f -> bw ? f.size() / f.medianNs() : f.medianNs() / 1e3).toArray();
            minSize = Math.min(minSize, x[0]);
            maxSize = Math.max(maxSize, x[x.length - 1]);
            boolean basic = impl.equals(RunResults.OSHMEM_BASIC);
            XYSeries ser = c.addSeries(basic ? "oshmem (--mca scoll basic)" : impl, x, y);
            ser.setLineColor(impl.equals("jshmem") ? JSHMEM : OSHMEM);
            ser.setMarkerColor(impl.equals("jshmem") ? JSHMEM : OSHMEM);
            ser.setMarker(impl.equals("jshmem") ? SeriesMarkers.CIRCLE
                    : basic ? SeriesMarkers.DIAMOND : SeriesMarkers.SQUARE);
            if (basic) {
                ser.setLineStyle(SeriesLines.DOT_DOT);
            }
        }
        String caption;
        if (kind.equals("round_trip") && limits != null) {
            double rtt = 2 * limits.pingPongHalfRttNs() / 1e3;
            reference(c, "2 × cache-line ping-pong (round trip)", new double[]{minSize, maxSize},
                    new double[]{rtt, rtt});
            caption = "Dashed: the round trip of one cache line between two cores, measured in the same run.";
        } else if (limits != null) {
            final double lo = minSize;
            final double hi = maxSize;
            List<MachineLimits.Copy> m = limits.memcpy().stream().filter(p -> p.size() >= lo && p.size() <= hi)
                    .toList();
            if (m.size() >= 2) {
                reference(c, "memcpy (machine limit)", m.stream().mapToDouble(MachineLimits.Copy::size).toArray(),
                        m.stream().mapToDouble(p -> bw ? p.gbPerS() : p.ns() / 1e3).toArray());
            }
            caption = "Dashed: one libc memcpy of the same size on one core, measured in the same run"
                    + (bw ? " (GB/s = 10^9 bytes per second)." : ".");
        } else {
            caption = "No machine limits in this run.";
        }
        String file = bench + ".png";
        save(c, dir.resolve(file));
        return new ChartFile(file, bench + " (" + op + ")", (bw ? "Bandwidth" : "Time per operation")
                + " against message size, medians over rounds (median over runs). " + caption);
    }

    private static void reference(XYChart c, String name, double[] x, double[] y) {
        XYSeries ref = c.addSeries(name, x, y);
        ref.setLineStyle(SeriesLines.DASH_DASH);
        ref.setLineColor(LIMIT);
        ref.setMarker(SeriesMarkers.NONE);
    }

    /**
     * The single-word operations both libraries measured, as markers on a log axis, with the machine's
     * cache-line hand-off and uncontended fetch-add as dashed lines across the plot.
     */
    private static ChartFile scalars(RunResults r, MachineLimits limits, Path dir) throws IOException {
        List<String> names = SCALARS.stream().filter(b -> !r.series("jshmem", b).isEmpty()
                && !r.series("oshmem", b).isEmpty()).toList();
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("single-word operations and barrier_all").xAxisTitle("operation")
                .yAxisTitle("time per operation (ns, log)").build();
        style(c.getStyler());
        c.getStyler().setYAxisLogarithmic(true);
        // Markers, not bars: a bar starts at 0, which a log axis cannot show.
        c.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
        c.getStyler().setXAxisLabelRotation(30);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        for (String impl : RunResults.IMPLS) {
            List<Double> y = names.stream().map(b -> r.series(impl, b).get(0).medianNs()).toList();
            CategorySeries ser = c.addSeries(impl, names, y);
            ser.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            ser.setMarker(impl.equals("jshmem") ? SeriesMarkers.CIRCLE : SeriesMarkers.SQUARE);
            ser.setMarkerColor(impl.equals("jshmem") ? JSHMEM : OSHMEM);
        }
        String caption = "Medians over rounds (median over runs), ns per operation (p_pingpong: half round trip); "
                + "operations only one library measured are left out.";
        if (limits != null) {
            limitLine(c, names, "cache-line ping-pong (half round trip)", limits.pingPongHalfRttNs(),
                    SeriesLines.DASH_DASH);
            if (!Double.isNaN(limits.flagPingPongNs())) {
                limitLine(c, names, "flag ping-pong of two processes (p + wait pattern in C)", limits.flagPingPongNs(),
                        SeriesLines.DASH_DOT);
            }
            limitLine(c, names, "atomic fetch-add, uncontended", limits.fetchAddNs(), SeriesLines.DOT_DOT);
            caption += " Grey lines: the same run's cross-core cache-line hand-off, the same hand-off in the pattern of "
                    + "p + wait_until between two processes, and uncontended atomic fetch-add.";
        }
        save(c, dir.resolve("scalars.png"));
        return new ChartFile("scalars.png", "Single-word operations and barrier_all", caption);
    }

    private static void limitLine(CategoryChart c, List<String> names, String label, double ns,
                                  java.awt.BasicStroke stroke) {
        if (Double.isNaN(ns) || names.isEmpty()) {
            return;
        }
        CategorySeries s = c.addSeries(label, names, names.stream().map(n -> ns).toList());
        s.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        s.setLineStyle(stroke);
        s.setLineColor(LIMIT);
        s.setMarker(SeriesMarkers.NONE);
    }

    private static ChartFile barrierScale(List<BarrierScale> barrier, MachineLimits limits, Path dir)
            throws IOException {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("barrier time against log2(PEs)")
                .xAxisTitle("log2(PEs)").yAxisTitle("time per barrier (µs, log)").build();
        style(c.getStyler());
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setXAxisDecimalPattern("0.#");
        double[] x = barrier.stream().mapToDouble(b -> Math.log(b.pes()) / Math.log(2)).toArray();
        XYSeries all = c.addSeries("barrierAll", x, barrier.stream().mapToDouble(b -> b.barrierAllNs() / 1e3)
                .toArray());
        all.setLineColor(JSHMEM);
        all.setMarkerColor(JSHMEM);
        XYSeries team = c.addSeries("TEAM_WORLD barrier", x, barrier.stream()
                .mapToDouble(b -> b.teamBarrierNs() / 1e3).toArray());
        team.setMarker(SeriesMarkers.DIAMOND);
        String caption = "jshmem's barriers, medians over rounds, one job per PE count (CollectivesBench "
                + "--barrier-only).";
        if (limits != null && !Double.isNaN(limits.pingPongHalfRttNs())) {
            reference(c, "log2(PEs) × cache-line ping-pong", x, barrier.stream()
                    .mapToDouble(b -> Math.log(b.pes()) / Math.log(2) * limits.pingPongHalfRttNs() / 1e3).toArray());
            caption += " Dashed: a dissemination barrier's floor, log2(N) rounds of one cache-line hand-off.";
        }
        save(c, dir.resolve("barrier_scale.png"));
        return new ChartFile("barrier_scale.png", "Barrier scale", caption);
    }
}
