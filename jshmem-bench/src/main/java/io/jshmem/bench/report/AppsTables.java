package io.jshmem.bench.report;

import java.util.ArrayList;
import java.util.List;

/** The "Real programs" section of summary.md and index.html from an {@link AppsComparison}. Stateless. */
final class AppsTables {
    /** The section's heading in summary.md; tests look for it. */
    static final String HEADING = "### Real programs";

    private AppsTables() {
    }

    private static String intro(AppsComparison apps) {
        return "The jshmem-apps programs (docs/apps.md) against their C twins on OSHMEM (bench/c/apps, `oshcc -O3 "
                + "-march=native`), run alternately; data movement: " + apps.engine() + ". Median over each side's "
                + "verified runs; ratio = Java / C (below 1: Java faster). Phases as the programs time them; \"second "
                + "half\" rows time the last half of the timed iterations alone (the JVMs compile the programs' hot "
                + "methods during the first half); the wall time is the job's, launch to exit, start-up included (a "
                + "JVM per PE against a C process per PE).";
    }

    private static String parameters(AppsComparison apps) {
        List<String> parts = new ArrayList<>();
        for (AppsComparison.Program p : apps.programs()) {
            for (int n : apps.pes(p.name())) {
                String a = apps.args(p.name(), n);
                String part = p.name() + " `" + a + "`";
                if (!parts.contains(part)) {
                    parts.add(part);
                }
            }
        }
        return String.join(", ", parts);
    }

    private static String runs(AppsComparison.Row r) {
        return r.javaAll() + ", " + r.cAll();
    }

    private static String verified(AppsComparison.Row r) {
        return r.javaRuns() + "/" + r.javaAll() + ", " + r.cRuns() + "/" + r.cAll();
    }

    /** The section as Markdown; empty when no program ran. */
    static String markdown(AppsComparison apps) {
        if (apps == null || apps.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder();
        md.append(HEADING).append("\n\n").append(intro(apps)).append("\n\n");
        md.append(AppsComparison.TABLE_HEADER).append("\n|---|---|---|---|---|---|---|---|\n");
        for (AppsComparison.Row r : apps.rows()) {
            md.append("| ").append(r.program()).append(" | ").append(r.pes()).append(" | ")
                    .append(r.phase().label().replace("|", "\\|")).append(" | ")
                    .append(Units.time(r.javaMedian() * 1e9)).append(" | ").append(Units.time(r.cMedian() * 1e9))
                    .append(" | ").append(Units.ratio(r.ratio())).append(" | ").append(runs(r)).append(" | ")
                    .append(verified(r)).append(" |\n");
        }
        md.append("\nParameters: ").append(parameters(apps)).append(".\n");
        List<String> failures = apps.failures();
        if (!failures.isEmpty()) {
            md.append("\nNot verified: ").append(String.join("; ", failures)).append(".\n");
        }
        return md.toString();
    }

    /** The section as HTML (heading, table, parameters, failures); empty when no program ran. */
    static String html(AppsComparison apps) {
        if (apps == null || apps.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder();
        h.append("<h2>Real programs</h2>\n<p>").append(HtmlPage.esc(intro(apps).replace("`", ""))).append("</p>\n");
        h.append("<table><tr><th>program</th><th>PEs</th><th>phase</th><th>Java median</th><th>C median</th>")
                .append("<th>ratio Java/C</th><th>runs (Java, C)</th><th>verified (Java, C)</th></tr>\n");
        for (AppsComparison.Row r : apps.rows()) {
            h.append("<tr><td>").append(HtmlPage.esc(r.program())).append("</td><td class=\"n\">").append(r.pes())
                    .append("</td><td>").append(HtmlPage.esc(r.phase().label())).append("</td><td class=\"n\">")
                    .append(Units.time(r.javaMedian() * 1e9)).append("</td><td class=\"n\">")
                    .append(Units.time(r.cMedian() * 1e9)).append("</td><td class=\"n\">")
                    .append(Units.ratio(r.ratio())).append("</td><td>").append(runs(r)).append("</td><td>")
                    .append(verified(r)).append("</td></tr>\n");
        }
        h.append("</table>\n<p>Parameters: ").append(HtmlPage.esc(parameters(apps).replace("`", ""))).append(".</p>\n");
        List<String> failures = apps.failures();
        if (!failures.isEmpty()) {
            h.append("<p class=\"missed\">Not verified: ").append(HtmlPage.esc(String.join("; ", failures)))
                    .append(".</p>\n");
        }
        return h.toString();
    }
}
