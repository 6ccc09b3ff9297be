package io.jshmem.bench.report;

import io.jshmem.bench.CaseResult;
import io.jshmem.bench.ResultsDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Both libraries' results of one comparison: every {@code shmem-bench/1} file of the results directory (the
 * compare script writes {@code jshmem-r<run>-<group>.json} and {@code oshmem-r<run>-<group>.json}), combined per
 * library, benchmark and size over the runs. OSHMEM's collectives run a second time with its other collective
 * component ({@code --mca scoll basic}, files {@code oshmem_basic-r<run>-<group>.json}), kept as their own series
 * {@link #OSHMEM_BASIC}: which of its two algorithms is faster depends on the size. Immutable after {@link #load}.
 */
final class RunResults {
    /** The two libraries, in the order of every table and plot. */
    static final List<String> IMPLS = List.of("jshmem", "oshmem");
    /** The series of OSHMEM run with {@code --mca scoll basic} (its documents say impl "oshmem"). */
    static final String OSHMEM_BASIC = "oshmem_basic";

    private final Map<String, Figure> figures;
    private final Map<String, ResultsDocument> firstDoc;
    private final List<String> unavailable;
    private final int files;

    private RunResults(Map<String, Figure> figures, Map<String, ResultsDocument> firstDoc, List<String> unavailable,
                       int files) {
        this.figures = figures;
        this.firstDoc = firstDoc;
        this.unavailable = unavailable;
        this.files = files;
    }

    private static String key(String impl, String bench, long size) {
        return impl + "|" + bench + "|" + size;
    }

    /** Whether {@code dir} holds any benchmark results file of either library. */
    static boolean any(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().matches("(jshmem|oshmem)-.*\\.json"));
        }
    }

    /**
     * Reads every results file of {@code dir}.
     *
     * @throws IOException when the directory holds no results of one of the libraries, or a file does not parse
     */
    static RunResults load(Path dir) throws IOException {
        List<Path> paths;
        try (Stream<Path> s = Files.list(dir)) {
            paths = s.filter(p -> p.getFileName().toString().matches("(jshmem|oshmem|oshmem_basic)-.*\\.json"))
                    .sorted().toList();
        }
        Map<String, List<CaseResult>> cases = new LinkedHashMap<>();
        Map<String, ResultsDocument> first = new LinkedHashMap<>();
        List<String> unavailable = new ArrayList<>();
        for (Path p : paths) {
            ResultsDocument d = ResultsDocument.read(p);
            String series = d.impl();
            if (p.getFileName().toString().startsWith(OSHMEM_BASIC + "-")) {
                if (!d.impl().equals("oshmem")) {
                    throw new IOException(p + " is named as OSHMEM's scoll basic run but holds impl '" + d.impl()
                            + "'; only oshmem_bench writes these files");
                }
                series = OSHMEM_BASIC;
            } else {
                first.putIfAbsent(d.impl(), d);
            }
            for (CaseResult c : d.results()) {
                cases.computeIfAbsent(key(series, c.bench(), c.size()), k -> new ArrayList<>()).add(c);
            }
            d.unavailable().forEach(u -> unavailable.add(d.impl() + ": " + u.bench() + " (" + u.reason() + ")"));
        }
        for (String impl : IMPLS) {
            if (!first.containsKey(impl)) {
                throw new IOException(dir + " holds no results of " + impl + " (files " + impl
                        + "-*.json); run bench/compare-oshmem, which writes both");
            }
        }
        Map<String, Figure> figures = new LinkedHashMap<>();
        for (Map.Entry<String, List<CaseResult>> e : cases.entrySet()) {
            List<CaseResult> l = e.getValue();
            CaseResult c = l.get(0);
            String impl = e.getKey().substring(0, e.getKey().indexOf('|'));
            figures.put(e.getKey(), new Figure(impl, c.bench(), c.op(), c.metric(), c.size(),
                    median(l.stream().mapToDouble(CaseResult::medianNs).toArray()),
                    median(l.stream().mapToDouble(CaseResult::p50Ns).toArray()), l.size()));
        }
        return new RunResults(figures, first, List.copyOf(unavailable), paths.size());
    }

    static double median(double[] v) {
        double[] c = Arrays.stream(v).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (c.length == 0) {
            return Double.NaN;
        }
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
    }

    /** The figure of {@code impl} for a case, if measured. */
    Optional<Figure> figure(String impl, String bench, long size) {
        return Optional.ofNullable(figures.get(key(impl, bench, size)));
    }

    /** jshmem median / OSHMEM median for a case; NaN unless both measured it. */
    double ratio(String bench, long size) {
        Optional<Figure> j = figure("jshmem", bench, size);
        Optional<Figure> o = figure("oshmem", bench, size);
        return j.isPresent() && o.isPresent() ? j.get().medianNs() / o.get().medianNs() : Double.NaN;
    }

    /** jshmem p50 / OSHMEM p50 for a case; NaN unless both measured it. */
    double ratioP50(String bench, long size) {
        Optional<Figure> j = figure("jshmem", bench, size);
        Optional<Figure> o = figure("oshmem", bench, size);
        return j.isPresent() && o.isPresent() ? j.get().p50Ns() / o.get().p50Ns() : Double.NaN;
    }

    /** Every benchmark id measured by either library, in first-seen order. */
    List<String> benches() {
        List<String> b = new ArrayList<>();
        for (Figure f : figures.values()) {
            if (!b.contains(f.bench())) {
                b.add(f.bench());
            }
        }
        return b;
    }

    /** The sizes either library measured for {@code bench}, ascending. */
    List<Long> sizes(String bench) {
        TreeSet<Long> s = new TreeSet<>();
        figures.values().stream().filter(f -> f.bench().equals(bench)).forEach(f -> s.add(f.size()));
        return List.copyOf(s);
    }

    /** {@code impl}'s figures of {@code bench}, by size. */
    List<Figure> series(String impl, String bench) {
        return figures.values().stream().filter(f -> f.impl().equals(impl) && f.bench().equals(bench))
                .sorted(Comparator.comparingLong(Figure::size)).toList();
    }

    /** One results document of {@code impl} (PE count, version, host, options). */
    ResultsDocument document(String impl) {
        return firstDoc.get(impl);
    }

    /** What either library reported unavailable. */
    List<String> unavailable() {
        return unavailable;
    }

    /** How many results files were read. */
    int files() {
        return files;
    }

    /** The most runs any case was measured in. */
    int runs() {
        return figures.values().stream().mapToInt(Figure::runs).max().orElse(0);
    }
}
