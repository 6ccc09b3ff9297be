package io.jshmem.bench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real programs' phase plots: per program, grouped bars of each phase's median (ms), Java beside C, at one PE
 * count. Stateless.
 */
final class AppsChart {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 420;
    private static final Color JAVA = new Color(0x1f77b4);
    private static final Color C = new Color(0xd62728);

    private AppsChart() {
    }

    /** One PNG per program measured on both sides at the plot's PE count ({@link AppsComparison#plotPes}). */
    static List<ChartFile> draw(AppsComparison apps, int cpus, Path dir) throws IOException {
        List<ChartFile> out = new ArrayList<>();
        int pes = apps.plotPes(cpus);
        if (pes < 0) {
            return out;
        }
        for (AppsComparison.Program p : apps.programs()) {
            List<String> names = p.plot().stream().map(AppsComparison.Phase::label).toList();
            List<Double> java = p.plot().stream().map(ph -> apps.median(p.name(), pes, AppRun.JAVA, ph.key()) * 1e3)
                    .toList();
            List<Double> c = p.plot().stream().map(ph -> apps.median(p.name(), pes, AppRun.C, ph.key()) * 1e3)
                    .toList();
            if (java.stream().anyMatch(v -> v.isNaN()) || c.stream().anyMatch(v -> v.isNaN())) {
                continue;
            }
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(p.name() + " on " + pes + " PEs: phases, Java (jshmem) and C (OSHMEM)")
                    .xAxisTitle("phase").yAxisTitle("ms (" + p.unit().replace("seconds", "time") + ")").build();
            Styler s = chart.getStyler();
            s.setChartBackgroundColor(Color.WHITE);
            s.setLegendPosition(Styler.LegendPosition.InsideNW);
            s.setAntiAlias(true);
            chart.getStyler().setOverlapped(false);
            CategorySeries js = chart.addSeries("Java (jshmem)", names, java);
            js.setFillColor(JAVA);
            CategorySeries cs = chart.addSeries("C (OSHMEM)", names, c);
            cs.setFillColor(C);
            String file = "apps_" + p.name() + ".png";
            BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
            out.add(new ChartFile(file, p.name() + " phases on " + pes + " PEs (" + apps.args(p.name(), pes) + ")",
                    "Median over the verified runs of each side, " + p.unit() + ", in ms. The PE count is the "
                            + "largest both sides ran that does not exceed the host's CPUs."));
        }
        return out;
    }
}
