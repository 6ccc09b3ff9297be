package io.jshmem.bench.report;

/**
 * One library's figure for one benchmark case, combined over the runs of a comparison: the median over runs of each
 * run's median (ns per operation) and of each run's p50 of timed batches.
 *
 * @param impl     {@code jshmem} or {@code oshmem}
 * @param bench    benchmark id, e.g. {@code put_lat}
 * @param op       what one operation is
 * @param metric   {@code latency}, {@code bandwidth}, {@code issue}, {@code half_round_trip} or {@code round_trip}
 * @param size     message bytes (0 where no payload)
 * @param medianNs median over runs of the median ns per operation
 * @param p50Ns    median over runs of the p50 ns per operation
 * @param runs     how many runs measured this case
 */
record Figure(String impl, String bench, String op, String metric, long size, double medianNs, double p50Ns,
              int runs) {
    /** MB/s (10^6 bytes per second) at the median; NaN without payload. */
    double bandwidthMbPerS() {
        return size > 0 ? size * 1000.0 / medianNs : Double.NaN;
    }
}
