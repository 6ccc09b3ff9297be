package io.jshmem.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code report/index.html}: the summary's facts, the goals with verdicts, the real programs' table, every plot,
 * the machine limits, and the full table of cases both libraries measured with their ratio. Self-contained apart
 * from the PNG files next to it. Stateless.
 */
final class HtmlPage {
    private HtmlPage() {
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** The page; {@code r} is null when the run had only the real programs ({@code --apps-only}). */
    static String render(RunInfo info, RunResults r, MachineLimits limits, List<GoalRow> goals,
                         List<GateResult> gates, List<BarrierScale> barrier, List<ChartFile> charts,
                         AppsComparison apps) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>jshmem vs OSHMEM</title><style>")
                .append("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}")
                .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;")
                .append("text-align:left}td.n{text-align:right}.met{color:#070}.missed{color:#b00}")
                .append(".not-measured{color:#777}figure{margin:1.5em 0}</style></head><body>\n");
        h.append("<h1>jshmem vs Open MPI OSHMEM</h1>\n");
        if (r == null) {
            h.append("<p>Command: <code>").append(esc(info.command())).append("</code>; written ")
                    .append(esc(info.generatedAt())).append("; the real programs only. Load average at the start: ")
                    .append(esc(orUnknown(info.loadBefore()))).append(", at the end: ")
                    .append(esc(orUnknown(info.loadAfter()))).append(".</p>\n").append(AppsTables.html(apps));
            plots(h, charts);
            h.append("<p>Summary as Markdown: <a href=\"summary.md\">summary.md</a>.</p>\n</body></html>\n");
            return h.toString();
        }
        h.append("<p>Command: <code>").append(esc(info.command())).append("</code>; written ")
                .append(esc(info.generatedAt())).append("; ").append(r.document("jshmem").npes()).append(" PEs; ")
                .append(r.runs()).append(" run(s) of each library; ").append(r.files()).append(" results files. ")
                .append("Load average at the start: ").append(esc(info.loadBefore().isBlank() ? "unknown"
                        : info.loadBefore())).append(", at the end: ").append(esc(info.loadAfter().isBlank()
                        ? "unknown" : info.loadAfter())).append(".</p>\n");
        if (limits != null) {
            h.append("<h2>Machine limits (same run)</h2>\n<table><tr><th>what</th><th>value</th></tr>")
                    .append(row("CPUs", limits.cpus() + " (" + limits.cpuModel() + ")"))
                    .append(row("cache-line ping-pong, half round trip (median / best)",
                            Units.time(limits.pingPongHalfRttNs()) + " / " + Units.time(limits.pingPongBestNs())))
                    .append(row("flag ping-pong of two processes, a word in each one's page (the p + wait_until "
                            + "pattern), half round trip", Double.isNaN(limits.flagPingPongNs()) ? "not measured"
                            : Units.time(limits.flagPingPongNs())))
                    .append(row("atomic fetch-add, uncontended", Units.time(limits.fetchAddNs())));
            for (MachineLimits.Copy c : limits.memcpy()) {
                h.append(row("memcpy " + Units.size(c.size()), Units.time(c.ns()) + ", "
                        + String.format(Locale.ROOT, "%.2f GB/s", c.gbPerS())));
            }
            h.append("</table>\n");
        }
        h.append("<h2>Goals</h2>\n<table><tr><th>metric</th><th>goal</th><th>measured (jshmem / OSHMEM)</th>")
                .append("<th>verdict</th></tr>\n");
        for (GoalRow g : goals) {
            h.append("<tr><td>").append(esc(g.metric())).append("</td><td>").append(esc(g.goal())).append("</td><td>")
                    .append(esc(g.measured())).append("</td><td class=\"")
                    .append(g.verdict().label.replace(' ', '-')).append("\">").append(g.verdict().label)
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (!gates.isEmpty()) {
            h.append("<h2>putmem overhead gate</h2>\n<table><tr><th>PEs</th><th>bytes</th><th>jshmem</th>")
                    .append("<th>raw copy</th><th>libc memcpy</th><th>overhead</th><th>verdict</th>")
                    .append("<th>warm-up per path</th></tr>\n");
            for (GateResult g : gates) {
                h.append("<tr><td class=\"n\">").append(g.pes()).append("</td><td>").append(Units.size(g.bytes()))
                        .append("</td><td class=\"n\">").append(Units.time(g.jshmemNs())).append("</td><td class=\"n\">")
                        .append(Units.time(g.rawNs())).append("</td><td class=\"n\">").append(Units.time(g.libcNs()))
                        .append("</td><td class=\"n\">")
                        .append(String.format(Locale.ROOT, "%+.1f %%", g.overheadPercent())).append("</td><td>")
                        .append(g.passed() ? "passed" : "failed").append("</td><td>").append(esc(g.warmup()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        if (!barrier.isEmpty()) {
            h.append("<h2>Barrier scale</h2>\n<table><tr><th>PEs</th><th>barrierAll</th><th>TEAM_WORLD barrier</th>")
                    .append("<th>best round</th></tr>\n");
            for (BarrierScale b : barrier) {
                h.append("<tr><td class=\"n\">").append(b.pes()).append("</td><td class=\"n\">")
                        .append(Units.time(b.barrierAllNs())).append("</td><td class=\"n\">")
                        .append(Units.time(b.teamBarrierNs())).append("</td><td class=\"n\">")
                        .append(Units.time(b.barrierAllBestNs())).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append(AppsTables.html(apps));
        plots(h, charts);
        h.append("<h2>Every case</h2>\n<table><tr><th>benchmark</th><th>size</th><th>jshmem median</th>")
                .append("<th>OSHMEM median</th><th>ratio</th><th>ratio p50</th></tr>\n");
        for (String bench : r.benches()) {
            for (long size : r.sizes(bench)) {
                Optional<Figure> j = r.figure("jshmem", bench, size);
                Optional<Figure> o = r.figure("oshmem", bench, size);
                h.append("<tr><td>").append(esc(bench)).append("</td><td class=\"n\">").append(Units.size(size))
                        .append("</td><td class=\"n\">").append(Units.time(j.map(Figure::medianNs).orElse(Double.NaN)))
                        .append("</td><td class=\"n\">").append(Units.time(o.map(Figure::medianNs).orElse(Double.NaN)))
                        .append("</td><td class=\"n\">").append(Units.ratio(r.ratio(bench, size)))
                        .append("</td><td class=\"n\">").append(Units.ratio(r.ratioP50(bench, size)))
                        .append("</td></tr>\n");
            }
        }
        h.append("</table>\n");
        if (!r.unavailable().isEmpty()) {
            h.append("<h2>Not measured</h2>\n<ul>\n");
            r.unavailable().forEach(u -> h.append("<li>").append(esc(u)).append("</li>\n"));
            h.append("</ul>\n");
        }
        h.append("<p>Summary as Markdown: <a href=\"summary.md\">summary.md</a>.</p>\n</body></html>\n");
        return h.toString();
    }

    private static void plots(StringBuilder h, List<ChartFile> charts) {
        h.append("<h2>Plots</h2>\n");
        for (ChartFile c : charts) {
            h.append("<figure><img src=\"").append(esc(c.file())).append("\" alt=\"").append(esc(c.title()))
                    .append("\" width=\"800\"><figcaption><b>").append(esc(c.title())).append("</b>. ")
                    .append(esc(c.caption())).append("</figcaption></figure>\n");
        }
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? "unknown" : s.trim();
    }

    private static String row(String what, String value) {
        return "<tr><td>" + esc(what) + "</td><td>" + esc(value) + "</td></tr>";
    }
}
