package io.jshmem.bench;

import java.io.PrintStream;

/** Prints a results document as an aligned text table (one line per case) and its unavailable list. */
final class ResultTable {
    private ResultTable() {
    }

    static void print(ResultsDocument doc, PrintStream out) {
        out.printf("%-22s %10s %12s %12s %12s %12s %10s%n", "bench", "size", "median ns", "p50 ns", "p99 ns",
                "MB/s", "Mops/s");
        for (CaseResult r : doc.results) {
            out.printf("%-22s %10s %12.1f %12.1f %12.1f %12s %10.3f%n", r.bench(), Sizes.human(r.size()),
                    r.medianNs(), r.p50Ns(), r.p99Ns(),
                    r.bandwidthMbPerS() == null ? "-" : String.format("%.0f", r.bandwidthMbPerS()),
                    r.messageRateMops() == null ? Double.NaN : r.messageRateMops());
        }
        for (Unavailable u : doc.unavailable) {
            out.printf("%-22s unavailable: %s%n", u.bench(), u.reason());
        }
    }
}
