package io.jshmem.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmarks of shmem-bench, by id (the {@code bench} field of the results). The C benchmark uses the same ids.
 * Each has a subcommand (its group), an operation label, the metric it reports and which sizes it runs.
 */
enum Bench {
    PUT_LAT("put-latency", "putmem+quiet", "latency", SizeKind.RMA, true),
    GET_LAT("get-latency", "getmem", "latency", SizeKind.RMA, true),
    PUT_BW("put-bandwidth", "putmem_nbi (window) + quiet", "bandwidth", SizeKind.RMA, true),
    GET_BW("get-bandwidth", "getmem_nbi (window) + quiet", "bandwidth", SizeKind.RMA, true),
    P_PINGPONG("pingpong", "long p + wait_until (ping-pong)", "half_round_trip", SizeKind.SCALAR, true),
    ATOMIC_FETCH("atomics", "long atomic_fetch", "latency", SizeKind.SCALAR, true),
    ATOMIC_SET("atomics", "long atomic_set", "issue", SizeKind.SCALAR, true),
    ATOMIC_SWAP("atomics", "long atomic_swap", "latency", SizeKind.SCALAR, true),
    ATOMIC_COMPARE_SWAP("atomics", "long atomic_compare_swap", "latency", SizeKind.SCALAR, true),
    ATOMIC_FETCH_INC("atomics", "long atomic_fetch_inc", "latency", SizeKind.SCALAR, true),
    ATOMIC_INC("atomics", "long atomic_inc", "issue", SizeKind.SCALAR, true),
    ATOMIC_FETCH_ADD("atomics", "long atomic_fetch_add", "latency", SizeKind.SCALAR, true),
    ATOMIC_ADD("atomics", "long atomic_add", "issue", SizeKind.SCALAR, true),
    ATOMIC_FETCH_AND("atomics", "ulong atomic_fetch_and", "latency", SizeKind.SCALAR, true),
    ATOMIC_AND("atomics", "ulong atomic_and", "issue", SizeKind.SCALAR, true),
    ATOMIC_FETCH_OR("atomics", "ulong atomic_fetch_or", "latency", SizeKind.SCALAR, true),
    ATOMIC_OR("atomics", "ulong atomic_or", "issue", SizeKind.SCALAR, true),
    ATOMIC_FETCH_XOR("atomics", "ulong atomic_fetch_xor", "latency", SizeKind.SCALAR, true),
    ATOMIC_XOR("atomics", "ulong atomic_xor", "issue", SizeKind.SCALAR, true),
    BARRIER_ALL("barrier", "barrier_all", "latency", SizeKind.NONE, false),
    BROADCAST("broadcast", "broadcastmem (root 0)", "latency", SizeKind.COLLECTIVE, false),
    FCOLLECT("fcollect", "fcollectmem", "latency", SizeKind.COLLECTIVE, false),
    COLLECT("collect", "collectmem", "latency", SizeKind.COLLECTIVE, false),
    ALLTOALL("alltoall", "alltoallmem", "latency", SizeKind.COLLECTIVE, false),
    SUM_REDUCE("reduce", "long sum_reduce", "latency", SizeKind.COLLECTIVE, false),
    PUT_SIGNAL("put-signal", "putmem_signal + signal_wait_until (ping-pong)", "round_trip", SizeKind.RMA, true);

    /** Which sizes a benchmark runs. */
    enum SizeKind {
        /** --min-size..--max-size. */
        RMA,
        /** --coll-min-size..--coll-max-size. */
        COLLECTIVE,
        /** One 8-byte word. */
        SCALAR,
        /** No payload (size 0). */
        NONE
    }

    final String group;
    final String op;
    final String metric;
    final SizeKind sizeKind;
    final boolean needsPeer;

    Bench(String group, String op, String metric, SizeKind sizeKind, boolean needsPeer) {
        this.group = group;
        this.op = op;
        this.metric = metric;
        this.sizeKind = sizeKind;
        this.needsPeer = needsPeer;
    }

    /** The id in the results, e.g. {@code put_lat}. */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The sizes this benchmark runs under {@code options}. */
    List<Long> sizes(BenchOptions options) {
        return switch (sizeKind) {
            case RMA -> Sizes.ladder(options.minSizeBytes(), options.maxSizeBytes());
            case COLLECTIVE -> Sizes.ladder(options.collMinSizeBytes(), options.collMaxSizeBytes());
            case SCALAR -> List.of(8L);
            case NONE -> List.of(0L);
        };
    }

    /** The benchmarks of subcommand {@code group}, in order. */
    static List<Bench> ofGroup(String group) {
        List<Bench> list = new ArrayList<>();
        for (Bench b : values()) {
            if (b.group.equals(group)) {
                list.add(b);
            }
        }
        return list;
    }

    /**
     * Parses a comma-separated list of ids or groups ({@code put_lat,atomics}).
     *
     * @throws IllegalArgumentException naming the unknown entry and the valid ones
     */
    static List<Bench> parseList(String list) {
        List<Bench> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.isEmpty()) {
                continue;
            }
            List<Bench> group = ofGroup(p);
            if (!group.isEmpty()) {
                group.stream().filter(b -> !out.contains(b)).forEach(out::add);
                continue;
            }
            Bench found = null;
            for (Bench b : values()) {
                if (b.id().equals(p.replace('-', '_'))) {
                    found = b;
                }
            }
            if (found == null) {
                List<String> valid = new ArrayList<>();
                for (Bench b : values()) {
                    valid.add(b.id());
                    if (!valid.contains(b.group)) {
                        valid.add(b.group);
                    }
                }
                throw new IllegalArgumentException("--benches entry '" + part + "' is unknown: valid are " + valid
                        + "; pass ids or groups separated by commas");
            }
            if (!out.contains(found)) {
                out.add(found);
            }
        }
        return out;
    }
}
