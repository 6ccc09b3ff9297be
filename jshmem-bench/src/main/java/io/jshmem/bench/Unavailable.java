package io.jshmem.bench;

/**
 * A benchmark that this run could not measure, and why (an operation not built yet, too few PEs). Written to the
 * JSON results instead of a figure, never replaced by a stand-in measurement.
 *
 * @param bench  benchmark id
 * @param reason what is missing, in words
 */
public record Unavailable(String bench, String reason) {
}
