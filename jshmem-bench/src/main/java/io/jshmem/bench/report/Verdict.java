package io.jshmem.bench.report;

/** Whether a goal of the comparison was met in this run. */
enum Verdict {
    MET("met"),
    MISSED("missed"),
    NOT_MEASURED("not measured");

    final String label;

    Verdict(String label) {
        this.label = label;
    }
}
