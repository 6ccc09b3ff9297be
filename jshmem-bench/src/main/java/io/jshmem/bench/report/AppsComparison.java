package io.jshmem.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The real programs of one comparison: every run of the jshmem-apps programs and their C twins, combined per program,
 * PE count, side and phase as the median over the runs that verified. The table shows each program's communication
 * phase, its timed total and the job's wall time; the phase plots show the phases that make up its timed section.
 * Immutable after {@link #load}.
 */
final class AppsComparison {
    /** The table's header row; tests look for it. */
    static final String TABLE_HEADER = "| program | PEs | phase | Java median | C median | ratio Java/C | runs "
            + "(Java, C) | verified (Java, C) |";
    /** The pseudo-key of the job's wall time from launch to exit. */
    static final String WALL = "wall_s";

    /**
     * A timed figure of a program.
     *
     * @param key   the RESULT key ({@link #WALL} for the job's wall time)
     * @param label what it times, for the table and the plots
     */
    record Phase(String key, String label) {
    }

    /**
     * What a program's table rows and phase plot show.
     *
     * @param table the communication phase first, then the timed total, the same two over the second half of the
     *              timed iterations (where the program has iterations; the JIT's warm-up is in the first half), and
     *              the wall time
     * @param plot  the phases that add up to the timed section, in the program's order
     * @param unit  what the plotted figures are, for the axis
     */
    record Program(String name, List<Phase> table, List<Phase> plot, String unit) {
    }

    private static final Phase WALL_PHASE = new Phase(WALL, "job wall time, launch to exit");

    /** The five programs of docs/apps.md, in the report's order. */
    static final List<Program> PROGRAMS = List.of(
            new Program("BucketSort", List.of(new Phase("exchange_s", "exchange: fetch-add + putmem + barrier "
                    + "(per iteration, mean of PEs)"), new Phase("total_s", "whole sort (per iteration, mean of PEs)"),
                    new Phase("exchange_late_s", "exchange, second half of the iterations"),
                    new Phase("total_late_s", "whole sort, second half"), WALL_PHASE), List.of(new Phase("input_s", "input"), new Phase("count_s", "count"),
                    new Phase("offsets_s", "offsets"), new Phase("bucketize_s", "bucketize"),
                    new Phase("exchange_s", "exchange"), new Phase("sort_s", "sort")),
                    "seconds per iteration, mean of PEs"),
            new Program("Stencil", List.of(new Phase("halo_s", "halo exchange (per iteration, slowest PE)"),
                    new Phase("total_s", "timed iterations (slowest PE)"),
                    new Phase("halo_late_s", "halo exchange, second half of the iterations"),
                    new Phase("iter_late_s", "one iteration, second half"), WALL_PHASE),
                    List.of(new Phase("halo_s", "halo"), new Phase("compute_s", "compute")),
                    "seconds per iteration, slowest PE"),
            new Program("Transpose", List.of(new Phase("comm_s", "put-with-signal + waits (per iteration, slowest "
                    + "PE)"), new Phase("total_s", "timed iterations (slowest PE)"),
                    new Phase("comm_late_s", "put-with-signal + waits, second half of the iterations"),
                    new Phase("iter_late_s", "one iteration, second half"), WALL_PHASE),
                    List.of(new Phase("comm_s", "comm"), new Phase("local_s", "local")),
                    "seconds per iteration, slowest PE"),
            new Program("SynchP2p", List.of(new Phase("avg_iter_s", "pipeline sweep (per iteration, slowest PE)"),
                    new Phase("total_s", "timed iterations (slowest PE)"),
                    new Phase("iter_late_s", "pipeline sweep, second half of the iterations"), WALL_PHASE),
                    List.of(new Phase("avg_iter_s", "sweep")), "seconds per iteration, slowest PE"),
            new Program("Gups", List.of(new Phase("update_s", "updates, barrier to barrier (PE 0)"),
                    new Phase("check_s", "verification replay (PE 0)"), WALL_PHASE),
                    List.of(new Phase("update_s", "update"), new Phase("check_s", "check")), "seconds, PE 0"));

    /**
     * One row of the table.
     *
     * @param javaMedian  median seconds over the Java side's verified runs (NaN if none)
     * @param cMedian     the same of the C side
     * @param javaRuns    the Java side's verified runs
     * @param cRuns       the C side's verified runs
     * @param javaAll     the Java side's runs
     * @param cAll        the C side's runs
     */
    record Row(String program, int pes, Phase phase, double javaMedian, double cMedian, int javaRuns, int cRuns,
               int javaAll, int cAll) {
        double ratio() {
            return javaMedian / cMedian;
        }
    }

    private final List<AppRun> runs;

    private AppsComparison(List<AppRun> runs) {
        this.runs = List.copyOf(runs);
    }

    /** Every run recorded in {@code dir} (apps/ of the results); empty when there is none. */
    static AppsComparison load(Path dir) throws IOException {
        return new AppsComparison(AppRun.readAll(dir));
    }

    static AppsComparison of(List<AppRun> runs) {
        return new AppsComparison(runs);
    }

    boolean isEmpty() {
        return runs.isEmpty();
    }

    List<AppRun> runs() {
        return runs;
    }

    /** The programs that ran, in the report's order (unknown names last, as they came). */
    List<Program> programs() {
        List<Program> out = new ArrayList<>();
        for (Program p : PROGRAMS) {
            if (runs.stream().anyMatch(r -> r.program().equals(p.name()))) {
                out.add(p);
            }
        }
        return out;
    }

    /** The PE counts of {@code program}, ascending. */
    List<Integer> pes(String program) {
        TreeSet<Integer> s = new TreeSet<>();
        runs.stream().filter(r -> r.program().equals(program)).forEach(r -> s.add(r.pes()));
        return List.copyOf(s);
    }

    private List<AppRun> select(String program, int pes, String side) {
        return runs.stream().filter(r -> r.program().equals(program) && r.pes() == pes && r.side().equals(side))
                .toList();
    }

    /** The median of {@code key} over the verified runs of one side, NaN without any. */
    double median(String program, int pes, String side, String key) {
        return RunResults.median(select(program, pes, side).stream().filter(AppRun::verified)
                .mapToDouble(r -> WALL.equals(key) ? r.wallS() : r.number(key)).toArray());
    }

    /** Every table row: per program and PE count, its table phases. */
    List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Program p : programs()) {
            for (int n : pes(p.name())) {
                List<AppRun> j = select(p.name(), n, AppRun.JAVA);
                List<AppRun> c = select(p.name(), n, AppRun.C);
                int jv = (int) j.stream().filter(AppRun::verified).count();
                int cv = (int) c.stream().filter(AppRun::verified).count();
                for (Phase ph : p.table()) {
                    out.add(new Row(p.name(), n, ph, median(p.name(), n, AppRun.JAVA, ph.key()),
                            median(p.name(), n, AppRun.C, ph.key()), jv, cv, j.size(), c.size()));
                }
            }
        }
        return out;
    }

    /** The runs that did not verify (a failed job, a missing RESULT line, verified=false), described. */
    List<String> failures() {
        return runs.stream().filter(r -> !r.verified()).map(r -> r.side() + " " + r.program() + " on " + r.pes()
                + " PEs, run " + r.run() + ": exit status " + r.exitStatus() + (r.line().isBlank()
                ? ", no RESULT line" : ", verified=" + r.fields().get("verified"))).toList();
    }

    /** Whether every program at every PE count has verified runs on both sides and no run failed. */
    boolean allVerified() {
        return !runs.isEmpty() && failures().isEmpty();
    }

    /** The parameters of a program's runs at a PE count, e.g. "-n 1000 -iterations 20" (the first run's). */
    String args(String program, int pes) {
        return runs.stream().filter(r -> r.program().equals(program) && r.pes() == pes).map(AppRun::args)
                .filter(Objects::nonNull).findFirst().orElse("");
    }

    /** How the runs moved data: "UCX over tcp loopback on both sides" when forced, else the libraries' defaults. */
    String engine() {
        return runs.stream().anyMatch(r -> r.engine().equals("ucx")) ? "UCX over tcp loopback on both sides (jshmem "
                + "JSHMEM_ENGINE=ucx, OSHMEM --mca spml ucx; UCX_TLS=tcp, UCX_NET_DEVICES=lo)"
                : "each library's default on one host (jshmem: shared memory; OSHMEM: UCX over shared memory)";
    }

    /**
     * The PE count of the phase plots: the largest measured on both sides that does not exceed {@code cpus} (no
     * oversubscription, so the phases are not mostly waiting for the CPU), else the smallest measured.
     */
    int plotPes(int cpus) {
        TreeSet<Integer> both = new TreeSet<>();
        for (AppRun r : runs) {
            if (r.verified() && runs.stream().anyMatch(o -> o.verified() && o.pes() == r.pes()
                    && !o.side().equals(r.side()))) {
                both.add(r.pes());
            }
        }
        if (both.isEmpty()) {
            return -1;
        }
        Integer fit = both.floor(cpus);
        return fit != null ? fit : both.first();
    }
}
