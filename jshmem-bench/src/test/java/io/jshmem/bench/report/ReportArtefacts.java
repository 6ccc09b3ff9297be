package io.jshmem.bench.report;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks that a report directory is complete: every artefact exists and parses. */
final class ReportArtefacts {
    private static final Pattern SRC = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    private ReportArtefacts() {
    }

    /**
     * index.html references only files that exist, every PNG decodes with ImageIO to a non-empty image, summary.md
     * holds the goals table with one row per goal; returns the PNG file names referenced by the page.
     */
    static List<String> check(Path report, int expectedGoals) throws IOException {
        Path index = report.resolve("index.html");
        assertTrue(Files.isRegularFile(index), "no " + index);
        String html = Files.readString(index);
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.strip().endsWith("</html>"), "truncated index.html");
        List<String> pngs = new ArrayList<>();
        Matcher m = SRC.matcher(html);
        while (m.find()) {
            Path f = report.resolve(m.group(1));
            assertTrue(Files.isRegularFile(f), "index.html references missing " + m.group(1));
            if (m.group(1).endsWith(".png")) {
                pngs.add(m.group(1));
                BufferedImage img = ImageIO.read(f.toFile());
                assertNotNull(img, m.group(1) + " does not decode as an image");
                assertTrue(img.getWidth() >= 400 && img.getHeight() >= 300, m.group(1) + " is too small");
            }
        }
        assertTrue(pngs.size() >= 1, "index.html shows no plot");
        String summary = Files.readString(report.resolve("summary.md"));
        assertTrue(summary.startsWith(SummaryMarkdown.HEADING), summary);
        List<String> lines = summary.lines().toList();
        int header = lines.indexOf(SummaryMarkdown.GOALS_HEADER);
        assertTrue(header >= 0, "summary.md has no goals table:\n" + summary);
        assertEquals("|---|---|---|---|", lines.get(header + 1));
        int rows = 0;
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String verdict = lines.get(i).substring(lines.get(i).lastIndexOf('|', lines.get(i).length() - 2) + 1,
                    lines.get(i).length() - 1).trim();
            assertTrue(List.of("met", "missed", "not measured").contains(verdict), lines.get(i));
            rows++;
        }
        assertEquals(expectedGoals, rows, "goals rows in summary.md");
        return pngs;
    }
}
