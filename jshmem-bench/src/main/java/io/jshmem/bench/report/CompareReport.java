package io.jshmem.bench.report;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The comparison report of {@code bench/compare-oshmem}: reads both libraries' results files, the same run's machine
 * limits, the overhead gate's files and (optionally) a barrier growth series, the UCX engine's comparison with
 * ucx_perftest and the real programs' runs (jshmem-apps against their C twins), and writes {@code index.html}, one PNG
 * per plot and {@code summary.md} into the output directory; with {@code --docs} it also rewrites the generated
 * "Latest comparison" block of that Markdown file from summary.md. Single-threaded.
 *
 * <p>Run: {@code java -Djava.awt.headless=true -cp ... io.jshmem.bench.report.CompareReport --results
 * results/compare --gates results/compare/gates --out report}.
 */
@Command(name = "compare-report", mixinStandardHelpOptions = true,
        description = "HTML/PNG/Markdown report of a jshmem vs OSHMEM comparison")
public final class CompareReport implements Callable<Integer> {
    @Option(names = "--results", required = true, description = "directory of jshmem-*.json, oshmem-*.json and "
            + "limits.json")
    Path results;
    @Option(names = "--gates", description = "directory of putmem_<N>pe.json files (optional)")
    Path gates;
    @Option(names = "--barrier", description = "directory of barrier_<N>pe.json files of CollectivesBench "
            + "--barrier-only (optional)")
    Path barrier;
    @Option(names = "--ucx", description = "ucx_vs_perftest.json of UcxVsPerftestBench (optional)")
    Path ucx;
    @Option(names = "--raw", description = "rma_vs_raw.json of RmaVsRawBench (optional): put/get 8 B against raw "
            + "stores and loads")
    Path raw;
    @Option(names = "--apps", description = "directory of the real programs' run records (apps/ of the results; "
            + "optional)")
    Path apps;
    @Option(names = "--out", defaultValue = "report", description = "output directory (default ${DEFAULT-VALUE})")
    Path out;
    @Option(names = "--command", defaultValue = "bench/compare-oshmem", description = "the command line to quote")
    String command;
    @Option(names = "--load-before", defaultValue = "", description = "/proc/loadavg at the start of the run")
    String loadBefore;
    @Option(names = "--docs", description = "Markdown file whose generated block is rewritten from summary.md "
            + "(repeat for several, e.g. docs/performance.md and README.md)")
    List<Path> docs = List.of();

    public static void main(String[] args) {
        System.exit(new CommandLine(new CompareReport()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(results)) {
            System.err.println("compare-report: --results " + results + " is not a directory; pass the directory "
                    + "bench/compare-oshmem wrote (results/compare)");
            return 2;
        }
        AppsComparison appRuns;
        RunResults r;
        try {
            appRuns = AppsComparison.load(apps);
            // A run of the real programs only (--apps-only) has no benchmark results: the report is theirs alone.
            r = !appRuns.isEmpty() && !RunResults.any(results) ? null : RunResults.load(results);
        } catch (IOException e) {
            System.err.println("compare-report: " + e.getMessage());
            return 2;
        }
        Path limitsFile = results.resolve("limits.json");
        MachineLimits limits = Files.exists(limitsFile) ? MachineLimits.read(limitsFile) : null;
        List<GateResult> gateResults = GateResult.readAll(gates);
        List<BarrierScale> barrierScale = BarrierScale.readAll(barrier);
        UcxComparison ucxFigures = UcxComparison.read(ucx);
        RawBaseline rawFigures = RawBaseline.read(raw);
        RunInfo info = new RunInfo(command, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), loadBefore,
                loadAverage());
        Files.createDirectories(out);
        List<GoalRow> goals = r == null ? List.of()
                : Goals.evaluate(r, limits, gateResults, barrierScale, ucxFigures, rawFigures);
        List<ChartFile> charts = new ArrayList<>(r == null ? List.of() : Charts.draw(r, limits, barrierScale, out));
        charts.addAll(AppsChart.draw(appRuns, limits != null ? limits.cpus()
                : Runtime.getRuntime().availableProcessors(), out));
        String summary = SummaryMarkdown.render(info, r, limits, goals, gateResults, barrierScale, appRuns);
        Files.writeString(out.resolve("summary.md"), summary);
        Files.writeString(out.resolve("index.html"),
                HtmlPage.render(info, r, limits, goals, gateResults, barrierScale, charts, appRuns));
        for (String f : appRuns.failures()) {
            System.err.println("compare-report: real program not verified: " + f);
        }
        if (limits == null && r != null) {
            System.err.println("compare-report: no " + limitsFile + "; the plots have no machine-limit lines");
        }
        for (Path doc : docs) {
            GeneratedBlock.update(doc, summary);
            System.out.println("updated the generated block of " + doc);
        }
        System.out.println("wrote " + out.resolve("index.html") + ", " + charts.size() + " plots and "
                + out.resolve("summary.md"));
        return 0;
    }

    /** The 1, 5 and 15 minute load averages, or empty off Linux. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
