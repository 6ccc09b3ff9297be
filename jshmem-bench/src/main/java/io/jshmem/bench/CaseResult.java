package io.jshmem.bench;

/**
 * The figures of one benchmark case (one operation at one size), as written to the JSON results. Times are in
 * nanoseconds per operation. {@code medianNs} is the median over rounds of each round's mean (for collectives each
 * round's value is the slowest PE's); the percentiles come from an HdrHistogram of timed batches of at least about
 * 5 us each (a clock read costs ~20 ns, so single fast operations are never timed alone), recorded on PE 0.
 * The C benchmark (bench/c/oshmem_bench.c) writes the same fields.
 *
 * @param bench           benchmark id, e.g. {@code put_lat}
 * @param op              what one operation is, e.g. {@code putmem+quiet}
 * @param metric          {@code latency}, {@code issue} (non-blocking cost), {@code half_round_trip},
 *                        {@code round_trip} or {@code bandwidth}
 * @param size            message bytes (per PE block for collectives); 0 where no payload
 * @param iterations      operations per round
 * @param warmup          untimed operations before the rounds
 * @param rounds          number of rounds
 * @param medianNs        median over rounds of ns per operation
 * @param roundNs         ns per operation of every round
 * @param minNs           fastest batch mean
 * @param p50Ns           50th percentile of batch means
 * @param p90Ns           90th percentile
 * @param p99Ns           99th percentile
 * @param maxNs           slowest batch mean
 * @param bandwidthMbPerS   size / medianNs in MB/s (10^6 bytes), null where the size is 0
 * @param messageRateMops operations per microsecond at the median, i.e. millions per second
 * @param note            how to read this entry (may be null)
 */
public record CaseResult(String bench, String op, String metric, long size, long iterations, long warmup, int rounds,
                         double medianNs, double[] roundNs, double minNs, double p50Ns, double p90Ns, double p99Ns,
                         double maxNs, Double bandwidthMbPerS, Double messageRateMops, String note) {
}
