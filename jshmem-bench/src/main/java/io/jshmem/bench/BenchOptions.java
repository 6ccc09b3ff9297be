package io.jshmem.bench;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options shared by every shmem-bench subcommand. The C benchmark takes the same long options with the same
 * defaults, so one command line drives both sides of the comparison.
 */
final class BenchOptions {
    @Option(names = "--min-size", paramLabel = "BYTES", description = "smallest message of the RMA, signal benchmarks"
            + " (k/m/g suffixes; default ${DEFAULT-VALUE})", defaultValue = "1")
    String minSize;
    @Option(names = "--max-size", paramLabel = "BYTES", description = "largest message of the RMA and signal"
            + " benchmarks (default ${DEFAULT-VALUE})", defaultValue = "8m")
    String maxSize;
    @Option(names = "--coll-min-size", paramLabel = "BYTES", description = "smallest per-PE block of the"
            + " collectives (at least 8; default ${DEFAULT-VALUE})", defaultValue = "8")
    String collMinSize;
    @Option(names = "--coll-max-size", paramLabel = "BYTES", description = "largest per-PE block of the collectives"
            + " (default ${DEFAULT-VALUE})", defaultValue = "1m")
    String collMaxSize;
    @Option(names = "--iterations", description = "operations per round up to 16 KiB; larger sizes scale it down"
            + " to about iterations*16KiB bytes per round, at least 10 (default ${DEFAULT-VALUE})",
            defaultValue = "10000")
    long iterations;
    @Option(names = "--warmup", description = "untimed operations per warm-up chunk, scaled like --iterations"
            + " (default ${DEFAULT-VALUE})", defaultValue = "10000")
    long warmup;
    @Option(names = "--warmup-ms", description = "warm-up chunks repeat until PE 0 spent this long in them, for"
            + " sizes up to 64 KiB, and until they settle (3 or more chunks, the last within 1.25x of the best, at"
            + " most 5 times this long): time for the JIT to (re)compile the loop (default ${DEFAULT-VALUE})",
            defaultValue = "200")
    long warmupMs;
    @Option(names = "--rounds", description = "timed rounds; figures are the median over rounds"
            + " (default ${DEFAULT-VALUE})", defaultValue = "7")
    int rounds;
    @Option(names = "--window", description = "non-blocking operations between quiets in the bandwidth benchmarks"
            + " (default ${DEFAULT-VALUE})", defaultValue = "64")
    int window;
    @Option(names = "--pes", description = "expected number of PEs (0: any); the run fails when the job has another"
            + " size (default ${DEFAULT-VALUE})", defaultValue = "0")
    int pes;
    @Option(names = "--output", paramLabel = "FILE", description = "JSON results file"
            + " (default results/shmem-bench_<N>pe.json)")
    Path output;
    @Option(names = "--no-progress", description = "no progress line")
    boolean noProgress;

    long minSizeBytes() {
        return Sizes.parse("--min-size", minSize);
    }

    long maxSizeBytes() {
        return Sizes.parse("--max-size", maxSize);
    }

    long collMinSizeBytes() {
        return Math.max(8, Sizes.parse("--coll-min-size", collMinSize));
    }

    long collMaxSizeBytes() {
        return Sizes.parse("--coll-max-size", collMaxSize);
    }

    /**
     * Checks the options and returns null, or a message that names the bad option, its value and the valid range.
     */
    String validate() {
        try {
            minSizeBytes();
            maxSizeBytes();
            collMinSizeBytes();
            collMaxSizeBytes();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        if (maxSizeBytes() < minSizeBytes()) {
            return "--max-size = " + maxSize + " is below --min-size = " + minSize + "; pass max >= min";
        }
        if (collMaxSizeBytes() < collMinSizeBytes()) {
            return "--coll-max-size = " + collMaxSize + " is below --coll-min-size = " + collMinSize
                    + " (at least 8); pass max >= min";
        }
        if (iterations < 1) {
            return "--iterations = " + iterations + " is below 1; pass 1 or more";
        }
        if (warmup < 0) {
            return "--warmup = " + warmup + " is negative; pass 0 or more";
        }
        if (warmupMs < 0 || warmupMs > 600_000) {
            return "--warmup-ms = " + warmupMs + " is outside 0..600000; pass milliseconds in that range";
        }
        if (rounds < 1 || rounds > 1000) {
            return "--rounds = " + rounds + " is outside 1..1000; pass a count in that range";
        }
        if (window < 1 || window > 1_000_000) {
            return "--window = " + window + " is outside 1..1000000; pass a count in that range";
        }
        if (pes < 0) {
            return "--pes = " + pes + " is negative; pass 0 (any) or the job's PE count";
        }
        return null;
    }

    /** The options as written to the results file. */
    Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min_size", minSizeBytes());
        m.put("max_size", maxSizeBytes());
        m.put("coll_min_size", collMinSizeBytes());
        m.put("coll_max_size", collMaxSizeBytes());
        m.put("iterations", iterations);
        m.put("warmup", warmup);
        m.put("warmup_ms", warmupMs);
        m.put("rounds", rounds);
        m.put("window", window);
        return m;
    }
}
