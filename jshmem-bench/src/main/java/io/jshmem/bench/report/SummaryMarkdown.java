package io.jshmem.bench.report;

import io.jshmem.bench.ResultsDocument;

import java.util.List;
import java.util.Locale;

/**
 * {@code report/summary.md}: the "Latest comparison" section, also copied into docs/performance.md between the
 * generated-block markers. Heading, how the run was made and how idle the machine was, the goals table with
 * verdicts, the gate table, and the real programs' table. Stateless.
 */
final class SummaryMarkdown {
    /** The section's heading, the first line of summary.md. */
    static final String HEADING = "## Latest comparison";
    /** The goals table's header row; tests look for it. */
    static final String GOALS_HEADER = "| metric | goal | measured (jshmem / OSHMEM) | verdict |";

    private SummaryMarkdown() {
    }

    /**
     * The summary; {@code r} is null when the run had only the real programs ({@code --apps-only}): then it holds the
     * heading, the run and the real programs' section.
     */
    static String render(RunInfo info, RunResults r, MachineLimits limits, List<GoalRow> goals,
                         List<GateResult> gates, List<BarrierScale> barrier, AppsComparison apps) {
        StringBuilder md = new StringBuilder();
        md.append(HEADING).append("\n\n");
        if (r == null) {
            md.append("`").append(info.command()).append("`, report written ").append(info.generatedAt())
                    .append("; the real programs only. How idle the machine was: load average ")
                    .append(orUnknown(info.loadBefore())).append(" at the start, ").append(orUnknown(info.loadAfter()))
                    .append(" at the end.\n\n").append(AppsTables.markdown(apps));
            md.append("\nPlots: `report/index.html` (regenerate with `bench/compare-oshmem --apps-only`).\n");
            return md.toString();
        }
        ResultsDocument j = r.document("jshmem");
        ResultsDocument o = r.document("oshmem");
        md.append("`").append(info.command()).append("`, report written ").append(info.generatedAt())
                .append("; ").append(j.npes()).append(" PEs, ").append(r.runs()).append(" run(s) of each library, ")
                .append("jshmem ").append(j.implVersion()).append(" against ").append(o.implVersion()).append(".");
        if (limits != null) {
            md.append(" Host: ").append(limits.cpus()).append(" CPUs (").append(limits.cpuModel()).append(").");
        }
        md.append("\n\n");
        md.append("How idle the machine was: load average ").append(orUnknown(info.loadBefore()))
                .append(" at the start, ").append(orUnknown(info.loadAfter())).append(" at the end");
        if (limits != null) {
            md.append("; cross-core cache-line ping-pong ").append(Units.time(limits.pingPongHalfRttNs()))
                    .append(" in the same run (40–60 ns when idle, several hundred under load)");
        }
        md.append(". Ratio = jshmem / OSHMEM of the medians over rounds (the median over runs); p50 compares the ")
                .append("p50s of timed batches, which preemption disturbs less.\n\n");
        md.append(GOALS_HEADER).append("\n|---|---|---|---|\n");
        for (GoalRow g : goals) {
            md.append("| ").append(cell(g.metric())).append(" | ").append(cell(g.goal())).append(" | ")
                    .append(cell(g.measured())).append(" | ").append(g.verdict().label).append(" |\n");
        }
        if (!gates.isEmpty()) {
            md.append("\n| putmem gate (same run) | jshmem | raw copy | libc memcpy | overhead | verdict |"
                            + " warm-up per path |\n")
                    .append("|---|---|---|---|---|---|---|\n");
            for (GateResult g : gates) {
                md.append(String.format(Locale.ROOT, "| %d PEs, %s | %s | %s | %s | %+.1f %% | %s | %s |%n", g.pes(),
                        Units.size(g.bytes()), Units.time(g.jshmemNs()), Units.time(g.rawNs()),
                        Units.time(g.libcNs()), g.overheadPercent(), g.passed() ? "passed" : "failed",
                        cell(g.warmup())));
            }
        }
        if (!barrier.isEmpty()) {
            md.append("\n| barrier scale | barrierAll | TEAM_WORLD barrier | best round |\n|---|---|---|---|\n");
            for (BarrierScale b : barrier) {
                md.append("| ").append(b.pes()).append(" PEs | ").append(Units.time(b.barrierAllNs())).append(" | ")
                        .append(Units.time(b.teamBarrierNs())).append(" | ").append(Units.time(b.barrierAllBestNs()))
                        .append(" |\n");
            }
        }
        String appsSection = AppsTables.markdown(apps);
        if (!appsSection.isEmpty()) {
            md.append("\n").append(appsSection);
        }
        md.append("\nPlots and every case: `report/index.html` (regenerate with `bench/compare-oshmem`).\n");
        return md.toString();
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? "unknown" : s.trim();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
