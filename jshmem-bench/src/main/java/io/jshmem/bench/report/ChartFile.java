package io.jshmem.bench.report;

/**
 * A PNG plot of the report.
 *
 * @param file    file name in the report directory
 * @param title   heading above the plot
 * @param caption what the plot shows and how to read its reference lines
 */
record ChartFile(String file, String title, String caption) {
}
