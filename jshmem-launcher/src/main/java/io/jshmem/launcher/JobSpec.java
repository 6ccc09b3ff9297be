package io.jshmem.launcher;

import io.jshmem.config.ArgumentChecks;
import io.jshmem.error.ShmemArgumentException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link Launcher} runs: {@code nPes} JVMs of one main class (or jar) on this host, alone or as one node of a
 * multi-node job ({@link #nodes()}). Immutable and thread-safe; the {@code with*} methods return modified copies.
 *
 * @param nPes               number of PEs on this host (torchrun's {@code --nproc-per-node}), 1..{@value #MAX_PES}
 * @param mainClass          main class to run, or null when {@code jar} is set
 * @param jar                executable jar (its Main-Class is run), or null when {@code mainClass} is set
 * @param args               program arguments, the same for every PE
 * @param jvmArgs            extra JVM options, placed before the main class
 * @param classpath          entries appended to the launcher's own class path
 * @param env                extra environment variables of every PE (override the launcher's)
 * @param timeout            the job's deadline ({@link Duration#ZERO} = none); when it passes the job exits with 124
 * @param grace              how long the other PEs may run on after the first failure before they are killed
 * @param threadDumpOnTimeout whether PEs still running at the timeout print a thread dump (SIGQUIT) before they die
 * @param captureLines       lines kept per PE and stream in the {@link JobResult} (the last ones)
 * @param nodes              the job's nodes and this node's rank; {@link NodeLayout#SINGLE} for a one-host job
 */
public record JobSpec(int nPes, String mainClass, Path jar, List<String> args, List<String> jvmArgs,
                      List<String> classpath, Map<String, String> env, Duration timeout, Duration grace,
                      boolean threadDumpOnTimeout, int captureLines, NodeLayout nodes) {
    public static final int MAX_PES = 4096;
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(3);
    public static final int DEFAULT_CAPTURE_LINES = 10_000;

    public JobSpec {
        if (nPes < 1 || nPes > MAX_PES) {
            throw new ShmemArgumentException("nPes = " + nPes + " is invalid: valid range is 1.." + MAX_PES
                    + "; pass the number of PEs with -np");
        }
        if ((mainClass == null) == (jar == null)) {
            throw new ShmemArgumentException("mainClass = " + mainClass + ", jar = " + jar + ": exactly one of"
                    + " them must be given; pass a main class or -jar app.jar");
        }
        if (mainClass != null && (mainClass.isBlank() || mainClass.startsWith("-"))) {
            throw new ShmemArgumentException("mainClass = '" + mainClass + "' is not a class name; pass a fully"
                    + " qualified main class such as com.example.Main, or -jar app.jar");
        }
        args = List.copyOf(ArgumentChecks.notNull("args", args));
        jvmArgs = List.copyOf(ArgumentChecks.notNull("jvmArgs", jvmArgs));
        classpath = List.copyOf(ArgumentChecks.notNull("classpath", classpath));
        env = Map.copyOf(ArgumentChecks.notNull("env", env));
        ArgumentChecks.notNull("timeout", timeout);
        ArgumentChecks.notNull("grace", grace);
        if (timeout.isNegative() || grace.isNegative()) {
            throw new ShmemArgumentException("timeout = " + timeout + ", grace = " + grace + ": durations must be"
                    + " zero or positive (timeout zero = no deadline)");
        }
        if (captureLines < 0) {
            throw new ShmemArgumentException("captureLines = " + captureLines + " is negative: valid range is 0.."
                    + Integer.MAX_VALUE);
        }
        ArgumentChecks.notNull("nodes", nodes);
        if ((long) nPes * nodes.nNodes() > Integer.MAX_VALUE) {
            throw new ShmemArgumentException("nPes = " + nPes + " per node on " + nodes.nNodes() + " nodes is too"
                    + " many PEs: valid are at most " + Integer.MAX_VALUE + " in all; use fewer nodes or PEs");
        }
    }

    /** {@code nPes} PEs running {@code mainClass}, no deadline, 3 s grace. */
    public static JobSpec ofMainClass(String mainClass, int nPes) {
        return new JobSpec(nPes, ArgumentChecks.notNull("mainClass", mainClass), null, List.of(), List.of(), List.of(),
                Map.of(), Duration.ZERO, DEFAULT_GRACE, true, DEFAULT_CAPTURE_LINES, NodeLayout.SINGLE);
    }

    /** {@code nPes} PEs running the Main-Class of {@code jar}, no deadline, 3 s grace. */
    public static JobSpec ofJar(Path jar, int nPes) {
        return new JobSpec(nPes, null, ArgumentChecks.notNull("jar", jar), List.of(), List.of(), List.of(), Map.of(),
                Duration.ZERO, DEFAULT_GRACE, true, DEFAULT_CAPTURE_LINES, NodeLayout.SINGLE);
    }

    public JobSpec withArgs(List<String> newArgs) {
        return new JobSpec(nPes, mainClass, jar, newArgs, jvmArgs, classpath, env, timeout, grace,
                threadDumpOnTimeout, captureLines, nodes);
    }

    public JobSpec withArgs(String... newArgs) {
        return withArgs(List.of(newArgs));
    }

    public JobSpec withJvmArgs(List<String> newJvmArgs) {
        return new JobSpec(nPes, mainClass, jar, args, newJvmArgs, classpath, env, timeout, grace,
                threadDumpOnTimeout, captureLines, nodes);
    }

    public JobSpec withClasspath(List<String> entries) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, entries, env, timeout, grace, threadDumpOnTimeout,
                captureLines, nodes);
    }

    /** A copy with one more environment variable for every PE. */
    public JobSpec withEnv(String name, String value) {
        Map<String, String> e = new LinkedHashMap<>(env);
        e.put(ArgumentChecks.notNull("name", name), ArgumentChecks.notNull("value", value));
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, e, timeout, grace, threadDumpOnTimeout,
                captureLines, nodes);
    }

    public JobSpec withTimeout(Duration newTimeout) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, env, newTimeout, grace,
                threadDumpOnTimeout, captureLines, nodes);
    }

    public JobSpec withGrace(Duration newGrace) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, env, timeout, newGrace,
                threadDumpOnTimeout, captureLines, nodes);
    }

    public JobSpec withThreadDumpOnTimeout(boolean dump) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, env, timeout, grace, dump, captureLines,
                nodes);
    }

    public JobSpec withCaptureLines(int lines) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, env, timeout, grace, threadDumpOnTimeout,
                lines, nodes);
    }

    /** A copy that runs as node {@code layout.nodeRank()} of a job on {@code layout.nNodes()} nodes. */
    public JobSpec withNodes(NodeLayout layout) {
        return new JobSpec(nPes, mainClass, jar, args, jvmArgs, classpath, env, timeout, grace, threadDumpOnTimeout,
                captureLines, layout);
    }

    /** PEs of the whole job: {@code nPes} on each of the {@link #nodes()}. */
    public int totalPes() {
        return nPes * nodes.nNodes();
    }

    /** The job-wide number of this host's first PE: {@code nodeRank * nPes}. */
    public int firstPe() {
        return nodes.nodeRank() * nPes;
    }

    /** What the PEs run, for messages: the main class, {@code -m module/class} or {@code -jar path}. */
    String describeProgram() {
        return mainClass != null ? (isModular() ? "-m " + mainClass : mainClass) : "-jar " + jar;
    }

    /**
     * Whether the PEs run on the module path: the main class is given as {@code module/class} (as {@code java -m}
     * takes it); the classpath entries then form the module path, after the launcher's own jars (the jshmem
     * modules among them).
     */
    public boolean isModular() {
        return mainClass != null && mainClass.indexOf('/') > 0;
    }

    /** The command line of every PE, without the java binary and without per-PE parts. */
    List<String> javaArguments(String launcherClasspath) {
        List<String> cmd = new ArrayList<>();
        if (isModular()) {
            return modularArguments(launcherClasspath);
        }
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvmArgs);
        List<String> cp = new ArrayList<>();
        if (jar != null) {
            // The jar goes first on -cp (rather than java -jar, which ignores -cp) so that the jshmem classes of
            // the launcher stay reachable; the JDK still follows the jar's manifest Class-Path.
            cp.add(jar.toAbsolutePath().toString());
        }
        if (!launcherClasspath.isEmpty()) {
            cp.add(launcherClasspath);
        }
        cp.addAll(classpath);
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, cp));
        cmd.add(mainClass != null ? mainClass : JarMain.mainClassOf(jar));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * {@code java -p <module path> -m module/class}: the application's module and jshmem's modules get native access
     * (FFM downcalls, mapped heaps); the UCX engine joins the module graph by service binding when it is on the path.
     */
    private List<String> modularArguments(String launcherClasspath) {
        List<String> cmd = new ArrayList<>();
        String module = mainClass.substring(0, mainClass.indexOf('/'));
        // Native access for the SPI modules on the path (engines, memory kinds: they join the graph by service binding
        // and come and go with their jar; naming a module outside the graph makes the JVM warn), besides the core, the
        // UCX engine and the application.
        java.util.Set<String> access = new java.util.LinkedHashSet<>(List.of("ALL-UNNAMED", "io.jshmem",
                "io.jshmem.ucx"));
        List<String> path = new ArrayList<>(classpath);
        // Only the launcher's named modules (jshmem's own, picocli) join the module path: plain jars and class
        // directories there would become automatic modules that may clash with the application's.
        for (String entry : launcherClasspath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty() && NamedModules.isNamedModule(java.nio.file.Path.of(entry))) {
                path.add(entry);
                NamedModules.spiProvider(java.nio.file.Path.of(entry)).ifPresent(access::add);
            }
        }
        access.add(module);
        cmd.add("--enable-native-access=" + String.join(",", access));
        cmd.addAll(jvmArgs);
        cmd.add("--module-path");
        cmd.add(String.join(java.io.File.pathSeparator, path));
        cmd.add("-m");
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
