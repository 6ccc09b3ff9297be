package io.jshmem.bench;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code shmem-bench}: OSU-style benchmarks of every jshmem operation, one subcommand per operation group, run
 * through shmemrun:
 *
 * <pre>
 * bin/shmemrun -np 2 io.jshmem.bench.ShmemBench all
 * bin/shmemrun -np 2 io.jshmem.bench.ShmemBench put-latency --min-size 8 --max-size 1m --rounds 9
 * bin/shmemrun -np 4 io.jshmem.bench.ShmemBench broadcast --coll-max-size 64k --output results/bcast.json
 * </pre>
 *
 * Point-to-point benchmarks run between PE 0 and PE 1 (other PEs stay idle); collectives and the barrier run on
 * every PE and report the slowest PE per round. Each case: warm-up, then rounds; the figure is the median over
 * rounds, with HdrHistogram percentiles of timed batches. PE 0 writes the JSON results
 * (default {@code results/shmem-bench_<N>pe.json}) and prints a table. The C twin is bench/c/oshmem_bench.c.
 */
@Command(name = "shmem-bench", mixinStandardHelpOptions = true, version = "shmem-bench 1",
        description = "Latency, bandwidth, message rate and collective benchmarks of jshmem (run through shmemrun).",
        subcommandsRepeatable = false)
public final class ShmemBench implements Callable<Integer> {

    /** The subcommands and the benchmark groups they run, in the order {@code all} runs them. */
    static final String[][] GROUPS = {
            {"put-latency", "putmem + quiet latency, 1 B .. 8 MiB"},
            {"get-latency", "getmem latency, 1 B .. 8 MiB"},
            {"put-bandwidth", "putmem_nbi bandwidth and message rate (window, then quiet)"},
            {"get-bandwidth", "getmem_nbi bandwidth and message rate (window, then quiet)"},
            {"pingpong", "long p + waitUntil ping-pong, half round trip"},
            {"atomics", "latency of every 64-bit atomic"},
            {"barrier", "barrierAll"},
            {"broadcast", "broadcastmem per size"},
            {"fcollect", "fcollectmem per size"},
            {"collect", "collectmem per size"},
            {"alltoall", "alltoallmem per size"},
            {"reduce", "long sum reduction per size"},
            {"put-signal", "putmemSignal + signalWaitUntil round trip per size"},
    };

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with every subcommand registered (also used by tests). */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ShmemBench());
        for (String[] g : GROUPS) {
            CommandLine sub = new CommandLine(new Run(Bench.ofGroup(g[0])));
            sub.getCommandSpec().usageMessage().description(g[1]);
            cl.addSubcommand(g[0], sub);
        }
        CommandLine all = new CommandLine(new Run(List.of(Bench.values())));
        all.getCommandSpec().usageMessage().description("every benchmark above, in that order "
                + "(--benches picks some: ids or groups, comma-separated)");
        cl.addSubcommand("all", all);
        return cl;
    }

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.out);
        return 2;
    }

    /** One subcommand: runs its benchmarks (or those picked with --benches) and writes the results. */
    @Command(mixinStandardHelpOptions = true)
    static final class Run implements Callable<Integer> {
        private final List<Bench> benches;
        @Mixin
        BenchOptions options = new BenchOptions();
        @Option(names = "--benches", paramLabel = "LIST", description = "benchmark ids or groups to run, comma-"
                + "separated (e.g. put_lat,atomics,reduce); default: all of this subcommand")
        String pick;

        Run(List<Bench> benches) {
            this.benches = benches;
        }

        @Override
        public Integer call() throws IOException {
            String bad = options.validate();
            List<Bench> list = benches;
            if (bad == null && pick != null) {
                try {
                    LinkedHashSet<Bench> chosen = new LinkedHashSet<>(Bench.parseList(pick));
                    chosen.retainAll(benches);
                    list = new ArrayList<>(chosen);
                } catch (IllegalArgumentException e) {
                    bad = e.getMessage();
                }
            }
            if (bad != null) {
                System.err.println("shmem-bench: " + bad);
                return 2;
            }
            try (ShmemRuntime shmem = Shmem.init(); Arena arena = Arena.ofShared()) {
                if (options.pes > 0 && shmem.nPes() != options.pes) {
                    if (shmem.myPe() == 0) {
                        System.err.println("shmem-bench: --pes = " + options.pes + " but the job has " + shmem.nPes()
                                + " PEs; start it with shmemrun -np " + options.pes + " or drop --pes");
                    }
                    return 2;
                }
                return runAll(shmem, arena, list);
            }
        }

        private int runAll(ShmemRuntime shmem, Arena arena, List<Bench> list) throws IOException {
            ResultsDocument doc = new ResultsDocument("jshmem", implVersion(), shmem.nPes(), hostName(),
                    Instant.now().toString());
            doc.options.putAll(options.describe());
            doc.options.put("java", System.getProperty("java.version"));
            doc.options.put("jshmem_checks", System.getenv().getOrDefault("JSHMEM_CHECKS", "true"));
            Path out = options.output != null ? options.output
                    : Path.of("results", "shmem-bench_" + shmem.nPes() + "pe.json");
            Progress progress = new Progress(System.out, !options.noProgress && shmem.myPe() == 0);
            for (Bench b : list) {
                progress.expect(b.needsPeer && shmem.nPes() < 2 ? 0 : b.sizes(options).size());
            }
            try (PeGather gather = new PeGather(shmem, 1)) {
                Harness harness = new Harness(shmem, options, gather, progress);
                BenchSuite suite = new BenchSuite(shmem, options, harness, doc, arena);
                for (Bench b : list) {
                    suite.run(b);
                    if (shmem.myPe() == 0) {
                        doc.write(out);
                    }
                }
            }
            if (shmem.myPe() == 0) {
                doc.write(out);
                ResultTable.print(doc, System.out);
                System.out.println("wrote " + out);
            }
            return 0;
        }
    }

    /** Every benchmark id in the order shmem-bench runs them (the report lists them in this order). */
    public static List<String> benchmarkIds() {
        return java.util.Arrays.stream(Bench.values()).map(Bench::id).toList();
    }

    static String implVersion() {
        String v = ShmemRuntime.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
