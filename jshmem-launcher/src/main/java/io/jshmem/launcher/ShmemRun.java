package io.jshmem.launcher;

import io.jshmem.config.Setting;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code shmemrun} command: {@code shmemrun -np N [--timeout S] [--jvm-arg ARG]... [--cp PATH] [--]
 * (main-class | -jar app.jar) [args]} on one host, or, torchrun style, once on every node of a multi-node job:
 * {@code shmemrun --nnodes N --node-rank R --nproc-per-node P --master-addr A [--master-port PORT] ...} with the
 * same {@code JSHMEM_SECRET} in every node's environment. Everything after the main class (or after
 * {@code -jar app.jar}) goes to the program unchanged. Runs the job through {@link Launcher} and exits with its
 * status.
 */
@Command(name = "shmemrun", mixinStandardHelpOptions = true, versionProvider = ShmemRun.Version.class,
        sortOptions = false, usageHelpWidth = ShmemRun.HELP_WIDTH,
        // One string per paragraph: picocli wraps each at word boundaries to the help width.
        description = {
            "Runs N PEs of a jshmem program on this host, each in its own JVM, and serves their rendezvous."
                + " Every output line is prefixed with [pe K]. When a PE fails, shmemrun reports which PE failed"
                + " first and why, gives the others a short grace period, kills what is left and exits with the"
                + " failed PE's status. Afterwards no process and no /dev/shm file of the job is left.",
            "",
            "Multi-node jobs (torchrun style): run shmemrun once on every node with the same --nnodes,"
                + " --nproc-per-node, --master-addr and --master-port, its own --node-rank, and the same"
                + " JSHMEM_SECRET (16+ characters) in the environment. Node 0 serves the rendezvous at"
                + " --master-addr:--master-port; node R runs PEs R*P .. R*P+P-1. Each node's shmemrun reports its"
                + " own PEs; a PE that dies anywhere is reported to every PE of the job through the rendezvous.",
            "",
            "Every PE gets JSHMEM_PE, JSHMEM_NPES, JSHMEM_LOCAL_PE, JSHMEM_LOCAL_NPES and, as torchrun sets them,"
                + " RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE.",
            ""},
        footer = {"", "Exit status: 0 when every PE succeeded; the status of the PE that failed first (the"
            + " globalExit status when it ended the job); 124 on timeout; 127 when a PE could not be started (no"
            + " java, or its main class not found); 130 when interrupted (Ctrl-C); 2 on bad usage (a missing or"
            + " unknown option, a -jar without Main-Class, a --cp entry that does not exist).",
            "", "Examples:",
            "  shmemrun -np 4 io.jshmem.examples.Hello",
            "  shmemrun -np 4 --cp target/app.jar com.example.Main",
            "  shmemrun -np 2 --timeout 60 --jvm-arg -Xmx1g -jar app.jar --size 1m",
            "  JSHMEM_SECRET=... shmemrun --nnodes 2 --node-rank 0 --nproc-per-node 4 \\",
            "      --master-addr node0 --master-port 29500 io.jshmem.examples.RmaRing",
            "  (and --node-rank 1 on the other node)"})
public final class ShmemRun implements Callable<Integer> {
    static final int EXIT_USAGE = 2;
    /** Columns of the --help text: a standard terminal. */
    static final int HELP_WIDTH = 80;

    @Option(names = {"-np", "-n", "--np"}, paramLabel = "N",
            description = "Number of PEs of a one-node job (1..4096).")
    Integer nPes;

    @Option(names = {"--nproc-per-node", "--nproc_per_node"}, paramLabel = "P",
            description = "PEs on this node (1..4096); the job has nnodes * P PEs.")
    Integer nprocPerNode;

    @Option(names = "--nnodes", paramLabel = "N", defaultValue = "1",
            description = "Nodes of the job, one shmemrun each (default: ${DEFAULT-VALUE}).")
    int nNodes;

    @Option(names = {"--node-rank", "--node_rank"}, paramLabel = "R", defaultValue = "0",
            description = "This node, 0..nnodes-1; node 0 serves the rendezvous (default: ${DEFAULT-VALUE}).")
    int nodeRank;

    @Option(names = {"--master-addr", "--master_addr"}, paramLabel = "A",
            description = "Address of node 0 that every node reaches; node 0's rendezvous listens there."
                    + " Required with --nnodes > 1 (default on one node: 127.0.0.1).")
    String masterAddr;

    @Option(names = {"--master-port", "--master_port"}, paramLabel = "PORT",
            description = "Rendezvous port on node 0 (default: " + NodeLayout.DEFAULT_MASTER_PORT + " with"
                    + " --master-addr or --nnodes > 1, else any free port).")
    Integer masterPort;

    @Option(names = "--timeout", paramLabel = "S",
            description = "Kill the job after S seconds and exit with 124 (default: no deadline).")
    double timeoutSeconds;

    @Option(names = "--grace", paramLabel = "S", defaultValue = "3",
            description = "Seconds the other PEs may run on after the first failure (default: ${DEFAULT-VALUE}).")
    double graceSeconds;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "Extra JVM option of every PE (repeatable).")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--cp", paramLabel = "PATH",
            description = "Class path entries added after shmemrun's own class path (repeatable).")
    List<String> classpath = new ArrayList<>();

    @Option(names = {"--module-path", "-p"}, paramLabel = "PATH",
            description = "Module path entries of a modular application (repeatable); run it with -m module/class.")
    List<String> modulePath = new ArrayList<>();

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "Extra environment variable (repeatable).")
    Map<String, String> env = new LinkedHashMap<>();

    @Option(names = "--bind-to", paramLabel = "core|none", defaultValue = "none",
            description = "core: pin each PE to one CPU of this shmemrun's CPU set (local PE k to the k-th CPU,"
                + " round robin) with taskset, so that spinning shared-memory waits do not share a core; none: let"
                + " the OS schedule (default: ${DEFAULT-VALUE}). The binding is reported at start.")
    String bindTo;

    @Option(names = "--startup-cache", paramLabel = "DIR",
            description = "Keep a JDK ahead-of-time cache of the PEs' start-up in DIR: a job without one runs as"
                + " usual, then makes it with a short one-PE training run; later jobs with the same JDK, classpath"
                + " and JVM options map it and start faster (JSHMEM_STARTUP_CACHE).")
    Path startupCache;

    @Option(names = "--no-thread-dump", description = "Do not ask PEs for a thread dump when the job times out.")
    boolean noThreadDump;

    @Option(names = "--tls-info", paramLabel = "INFO",
            description = "TLS 1.3 with mutual authentication on the rendezvous: the files as 'key: value;' pairs"
                + " (tlsCert, tlsPk, tlsPkPwdFile, tlsCaFile, tlsCaPath, tlsCrlFile, tlsCrlPath). shmemrun's server"
                + " and every PE use them (sets JSHMEM_TLS=true and JSHMEM_TLS_INFO for the PEs).")
    String tlsInfo;

    @Option(names = "--cleanup", description = "Remove heap files of killed jobs (owner process gone; only this"
            + " user's jshmem files) from /dev/shm and JSHMEM_HEAP_DIR, list them, and exit. Every job does this at"
            + " start.")
    boolean cleanup;

    @Parameters(paramLabel = "PROGRAM",
            description = "main-class [args...] | -jar app.jar [args...] | -m module/main-class [args...]")
    List<String> program = new ArrayList<>();

    private final PrintStream out;
    private final PrintStream err;
    /** Where JSHMEM_SECRET is read from; the process environment except in tests. */
    Map<String, String> launcherEnvironment = System.getenv();

    ShmemRun(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Parses {@code args}, runs the job and returns the exit status (does not exit the JVM). */
    public static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine cl = commandLine(new ShmemRun(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    static CommandLine commandLine(ShmemRun command) {
        CommandLine cl = new CommandLine(command);
        // "-jar" and everything after the main class belong to the program, not to shmemrun.
        cl.setStopAtPositional(true);
        cl.setUnmatchedOptionsArePositionalParams(true);
        cl.setPosixClusteredShortOptionsAllowed(false);
        return cl;
    }

    @Override
    public Integer call() {
        if (cleanup) {
            return cleanup();
        }
        JobSpec spec;
        try {
            spec = spec();
            for (String entry : classpath) {
                checkClasspathEntry(entry);
            }
            for (String entry : modulePath) {
                checkClasspathEntry(entry);
            }
            if (spec.jar() != null) {
                // Read now, so that a jar without Main-Class is bad usage (exit 2), not a job that failed to start.
                JarMain.mainClassOf(spec.jar());
            }
        } catch (ShmemArgumentException e) {
            err.println("shmemrun: " + e.getMessage());
            err.println("usage: shmemrun (-np N | --nnodes N --node-rank R --nproc-per-node P --master-addr A) [options]"
                    + " [--] (main-class | -jar app.jar) [args]; see --help");
            return EXIT_USAGE;
        }
        try {
            return Launcher.run(spec, out, err).exitCode();
        } catch (ShmemException | ShmemArgumentException e) {
            err.println("shmemrun: " + e.getMessage());
            return 1;
        }
    }

    /** {@code --cleanup}: removes stale heap files and reports each; exits 0 (nothing to remove is no error). */
    private int cleanup() {
        Map<String, String> peEnv = new LinkedHashMap<>(launcherEnvironment);
        peEnv.putAll(env);
        List<io.jshmem.memory.StaleHeapFiles.Removed> removed =
                io.jshmem.memory.StaleHeapFiles.sweep(HeapFiles.directories(peEnv));
        for (io.jshmem.memory.StaleHeapFiles.Removed r : removed) {
            out.println("removed " + r);
        }
        out.println("shmemrun: removed " + removed.size() + " stale heap file" + (removed.size() == 1 ? "" : "s")
                + " from " + HeapFiles.directories(peEnv));
        return 0;
    }

    /** The job described by the parsed command line. */
    JobSpec spec() {
        if (program.isEmpty()) {
            throw new ShmemArgumentException("the program is missing: pass a main class or -jar app.jar");
        }
        JobSpec spec;
        List<String> args;
        String first = program.get(0);
        if (first.equals("-jar")) {
            if (program.size() < 2) {
                throw new ShmemArgumentException("-jar needs the path of a jar: -jar app.jar [args]");
            }
            spec = JobSpec.ofJar(Path.of(program.get(1)), pesHere());
            args = program.subList(2, program.size());
        } else if (first.equals("-m") || first.equals("--module")) {
            if (program.size() < 2 || program.get(1).indexOf('/') <= 0) {
                throw new ShmemArgumentException("-m needs module/main-class, for example -m com.example.app/"
                        + "com.example.app.Main, with the module's jar in --module-path");
            }
            spec = JobSpec.ofMainClass(program.get(1), pesHere());
            args = program.subList(2, program.size());
        } else if (first.startsWith("-")) {
            throw new ShmemArgumentException("unknown option '" + first + "': valid are -np, --nnodes, --node-rank,"
                    + " --nproc-per-node, --master-addr, --master-port, --timeout, --grace, --jvm-arg, --cp, --env,"
                    + " --bind-to, --startup-cache, --no-thread-dump, --tls-info, then a main class or -jar app.jar");
        } else {
            spec = JobSpec.ofMainClass(first, pesHere());
            args = program.subList(1, program.size());
        }
        if (timeoutSeconds < 0 || graceSeconds < 0) {
            throw new ShmemArgumentException("--timeout = " + timeoutSeconds + ", --grace = " + graceSeconds
                    + ": seconds must be zero or more (--timeout 0 = no deadline)");
        }
        CpuBinding.Mode mode = CpuBinding.Mode.ofOption(bindTo);
        List<String> entries = new ArrayList<>(classpath);
        entries.addAll(modulePath);
        spec = spec.withArgs(args).withJvmArgs(jvmArgs).withClasspath(entries)
                .withTimeout(Duration.ofMillis(Math.round(timeoutSeconds * 1000)))
                .withGrace(Duration.ofMillis(Math.round(graceSeconds * 1000)))
                .withThreadDumpOnTimeout(!noThreadDump);
        if (tlsInfo != null) {
            io.jshmem.bootstrap.TlsInfo.parse("--tls-info", tlsInfo);
            spec = spec.withEnv("JSHMEM_TLS", "true").withEnv("JSHMEM_TLS_INFO", tlsInfo);
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            spec = spec.withEnv(e.getKey(), e.getValue());
        }
        if (mode != CpuBinding.Mode.NONE) {
            spec = spec.withEnv(CpuBinding.VARIABLE, mode.word());
        }
        if (startupCache != null) {
            spec = spec.withEnv(Setting.STARTUP_CACHE.envName(), startupCache.toString());
        }
        return spec.withNodes(nodeLayout());
    }

    /** A --cp entry must exist: a typo would otherwise surface only as a missing class in every PE. */
    private static void checkClasspathEntry(String entry) {
        for (String part : entry.split(java.io.File.pathSeparator)) {
            if (part.isEmpty()) {
                continue;
            }
            String path = part.endsWith("/*") || part.equals("*") ? part.substring(0, Math.max(0, part.length() - 2))
                    : part;
            if (!java.nio.file.Files.exists(Path.of(path.isEmpty() ? "." : path))) {
                throw new ShmemArgumentException("--cp entry '" + part + "' does not exist (working directory "
                        + Path.of("").toAbsolutePath() + "); pass an existing jar or classes directory");
            }
        }
    }

    /** {@code shmemrun --version}: the version of the jshmem artifacts, from the library's build resource. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"shmemrun (jshmem) " + io.jshmem.config.BuildInfo.version()};
        }
    }

    /** The PEs this shmemrun starts: -np on one node, --nproc-per-node on every node of a multi-node job. */
    private int pesHere() {
        if (nPes != null && nprocPerNode != null) {
            throw new ShmemArgumentException("-np = " + nPes + " and --nproc-per-node = " + nprocPerNode + " are both"
                    + " given: pass only one (-np for a one-node job, --nproc-per-node with --nnodes)");
        }
        if (nNodes > 1 && nPes != null) {
            throw new ShmemArgumentException("-np = " + nPes + " with --nnodes " + nNodes + " is ambiguous: pass the"
                    + " PEs of each node with --nproc-per-node (the job then has nnodes * P PEs)");
        }
        if (nPes == null && nprocPerNode == null) {
            throw new ShmemArgumentException("the number of PEs is missing: pass -np N (one node) or --nproc-per-node"
                    + " P (PEs on this node of a --nnodes job)");
        }
        return nPes != null ? nPes : nprocPerNode;
    }

    private NodeLayout nodeLayout() {
        if (nNodes == 1 && masterAddr == null && masterPort == null) {
            if (nodeRank != 0) {
                throw new ShmemArgumentException("--node-rank = " + nodeRank + " is invalid: valid range is 0..0"
                        + " (--nnodes 1); pass --nnodes for a multi-node job");
            }
            return NodeLayout.SINGLE;
        }
        int port = masterPort != null ? masterPort : NodeLayout.DEFAULT_MASTER_PORT;
        String secret = launcherEnvironment.get(Setting.SECRET.envName());
        if (secret == null && env.containsKey(Setting.SECRET.envName())) {
            secret = env.get(Setting.SECRET.envName());
        }
        if (nNodes == 1 && secret == null) {
            return new NodeLayout(1, nodeRank, masterAddr == null ? "127.0.0.1" : masterAddr, port, null);
        }
        return new NodeLayout(nNodes, nodeRank, masterAddr, port, secret);
    }
}
