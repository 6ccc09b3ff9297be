package io.jshmem.bench.report;

/**
 * One row of the goals table: the metric, the goal as the issue states it, what this run measured, and the verdict.
 *
 * @param metric   what is compared
 * @param goal     the bound, in words
 * @param measured the figures of this run (ratios or times), in words
 * @param verdict  met, missed, or not measured (with the reason in {@code measured})
 */
record GoalRow(String metric, String goal, String measured, Verdict verdict) {
}
