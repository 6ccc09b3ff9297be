package io.jshmem.bench.report;

/**
 * How the comparison was run, for the heading of the report and the summary.
 *
 * @param command      the command line that produced the results
 * @param generatedAt  when the report was written (UTC, ISO-8601)
 * @param loadBefore   /proc/loadavg when the run started, or empty
 * @param loadAfter    /proc/loadavg when the report was written, or empty
 */
record RunInfo(String command, String generatedAt, String loadBefore, String loadAfter) {
}
