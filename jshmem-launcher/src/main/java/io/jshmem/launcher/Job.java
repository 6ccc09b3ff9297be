package io.jshmem.launcher;

import io.jshmem.bootstrap.RendezvousListener;
import io.jshmem.bootstrap.RendezvousServer;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Setting;
import io.jshmem.launcher.FirstFailure.Failure;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One run of a {@link JobSpec}: serves the rendezvous (one-node jobs and node 0 of a multi-node job), starts this
 * host's PEs, watches them, and ends them on the first failure, on the deadline or when the launcher's JVM shuts
 * down. All decisions are made on the thread that calls {@link #run()}; process exits and rendezvous reports reach
 * it through a queue. PEs are numbered job-wide ({@code firstPe + local index}).
 */
final class Job implements RendezvousListener {
    static final int EXIT_TIMEOUT = 124;
    static final int EXIT_START_FAILED = 127;
    /**
     * Marks every process of this launcher's job (PEs and what they start) in its environment, so that the sweep
     * at the end finds exactly them: the unique id is the same on every node of a multi-node job, and nodes that
     * share a process table (network namespaces on one machine) must not sweep each other's PEs.
     */
    static final String LAUNCH_ID_VARIABLE = "JSHMEM_LAUNCH_ID";
    private static final long SCAN_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long THREAD_DUMP_MILLIS = 1000;
    private static final long KILL_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long NEVER = Long.MAX_VALUE;

    private sealed interface Event permits Exited, Aborted, Lost {
    }

    private record Exited(int pe, int code) implements Event {
    }

    private record Aborted(int pe, int status, String reason) implements Event {
    }

    private record Lost(int pe, String reason) implements Event {
    }

    private record Outcome(Failure failure, boolean timedOut) {
    }

    private final JobSpec spec;
    private final PrintStream out;
    private final PrintStream err;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final List<String> messages = Collections.synchronizedList(new ArrayList<>());
    /** Guarded by itself: the shutdown hook reads it while the monitor runs. */
    private final List<PeProcess> pes = new ArrayList<>();
    private volatile ProcessSweeper sweeper;
    private volatile String sessionName;
    private volatile Set<Path> heapDirs = Set.of(HeapFiles.DEV_SHM);
    private volatile boolean done;
    /** Set by the shutdown hook (Ctrl-C, SIGTERM): the PEs' deaths that follow are the launcher's doing. */
    private volatile boolean interrupted;
    /** The start-up cache to make after the job, with the PEs' command it serves; null when none. */
    private StartupCache training;
    private List<String> trainingCommand;

    Job(JobSpec spec, PrintStream out, PrintStream err) {
        this.spec = spec;
        this.out = out;
        this.err = err;
    }

    @Override
    public void peerLost(int pe, String reason) {
        events.add(new Lost(pe, reason));
    }

    @Override
    public void peerAborted(int pe, int status, String reason) {
        events.add(new Aborted(pe, status, reason));
    }

    /**
     * TLS 1.3 for the rendezvous when JSHMEM_TLS is on in the launcher's environment or the job's (CANN SHMEM's TLS
     * extension: the PEs read the same JSHMEM_TLS_INFO files), else null.
     */
    private javax.net.ssl.SSLContext rendezvousTls() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(spec.env());
        return io.jshmem.bootstrap.TlsContexts.fromSettings(io.jshmem.config.Settings.of(env));
    }

    JobResult run() {
        long t0 = System.nanoTime();
        NodeLayout nodes = spec.nodes();
        RendezvousServer server = null;
        UniqueId uid;
        if (nodes.servesRendezvous()) {
            InetSocketAddress bind = nodes.masterAddr() == null
                    ? new InetSocketAddress(InetAddress.getLoopbackAddress(), nodes.masterPort())
                    : new InetSocketAddress(nodes.masterAddr(), nodes.masterPort());
            // The other nodes connect to the address as given (a name resolves on each node), not to what it
            // resolved to here.
            server = RendezvousServer.start(bind, nodes.masterAddr(), nodes.rendezvousSecret(), rendezvousTls());
            uid = server.uniqueId();
            server.addListener(this);
        } else {
            uid = new UniqueId(nodes.masterAddr(), nodes.masterPort(), nodes.rendezvousSecret());
        }
        sessionName = uid.sessionName();
        String launchId = java.util.HexFormat.of().formatHex(UniqueId.newSecret(), 0, 12);
        sweeper = new ProcessSweeper(LAUNCH_ID_VARIABLE, launchId);
        Thread hook = new Thread(this::onShutdown, "shmemrun-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Outcome outcome;
        try {
            Failure startFailure = startAll(uid, launchId);
            outcome = startFailure != null ? new Outcome(startFailure, false) : monitor(t0);
        } finally {
            stopEverything();
            if (server != null) {
                server.close();
            }
            done = true;
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or will run; it finds nothing left to do.
            }
        }
        Failure f = outcome.failure();
        int code = f != null ? f.code() : outcome.timedOut() ? EXIT_TIMEOUT : 0;
        if (training != null && code == 0) {
            String whyNot = training.train(trainingCommand);
            report(whyNot == null ? "start-up cache written: " + training.file()
                    : "no start-up cache written (" + whyNot + "); the next job tries again");
        }
        List<Integer> exitCodes = new ArrayList<>();
        List<List<String>> stdout = new ArrayList<>();
        List<List<String>> stderr = new ArrayList<>();
        for (int i = 0; i < spec.nPes(); i++) {
            PeProcess p = i < pes.size() ? pes.get(i) : null;
            exitCodes.add(p == null || p.isAlive() ? -1 : p.exitCode());
            stdout.add(p == null ? List.of() : p.stdoutLines());
            stderr.add(p == null ? List.of() : p.stderrLines());
        }
        return new JobResult(code, f == null ? -1 : f.pe(), f == null ? null : f.why(), outcome.timedOut(),
                exitCodes, stdout, stderr, List.copyOf(messages), uid.sessionName(),
                Duration.ofNanos(System.nanoTime() - t0), spec.firstPe());
    }

    private Failure startAll(UniqueId uid, String launchId) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(spec.env());
        CpuBinding binding = CpuBinding.of(CpuBinding.Mode.parse(env.get(CpuBinding.VARIABLE)));
        List<String> peOptions = PeJvmOptions.choose(userJvmOptions(env), binding.active(), spec.nPes());
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(peOptions);
        command.addAll(spec.javaArguments(System.getProperty("java.class.path", "")));
        startupCache(env, command);
        env.put(Setting.UNIQUE_ID.envName(), uid.toString());
        env.put(LAUNCH_ID_VARIABLE, launchId);
        env.put(Setting.NPES.envName(), Integer.toString(spec.totalPes()));
        env.put(Setting.LOCAL_NPES.envName(), Integer.toString(spec.nPes()));
        // torchrun's names, for programs and libraries that read them (the PE itself reads JSHMEM_*).
        env.put("WORLD_SIZE", Integer.toString(spec.totalPes()));
        env.put("LOCAL_WORLD_SIZE", Integer.toString(spec.nPes()));
        env.put("GROUP_RANK", Integer.toString(spec.nodes().nodeRank()));
        heapDirs = HeapFiles.directories(env);
        for (io.jshmem.memory.StaleHeapFiles.Removed r : io.jshmem.memory.StaleHeapFiles.sweep(heapDirs)) {
            err.println("shmemrun: removed stale heap file " + r);
        }
        if (binding.whyNot() != null) {
            report(binding.whyNot());
        } else if (binding.active()) {
            report(binding.describe(spec.firstPe(), spec.nPes()));
            // A pinned PE's JVM sees one CPU: the library compares this host's PEs with the whole CPU set instead
            // (unless the user set the number).
            env.putIfAbsent(Setting.HOST_CPUS.envName(), Integer.toString(binding.cpuCount()));
            if (!peOptions.isEmpty()) {
                report("PE JVM options: " + String.join(" ", peOptions));
            }
        }
        for (int local = 0; local < spec.nPes(); local++) {
            int pe = spec.firstPe() + local;
            env.put(Setting.PE.envName(), Integer.toString(pe));
            env.put(Setting.LOCAL_PE.envName(), Integer.toString(local));
            env.put("RANK", Integer.toString(pe));
            env.put("LOCAL_RANK", Integer.toString(local));
            List<String> peCommand = command;
            if (binding.active()) {
                peCommand = new ArrayList<>(binding.prefix(local));
                peCommand.addAll(command);
                env.put("JSHMEM_BOUND_CPU", Integer.toString(binding.cpuOf(local)));
            }
            try {
                PeProcess p = PeProcess.start(pe, peCommand, env, out, err, spec.captureLines());
                synchronized (pes) {
                    pes.add(p);
                }
                int thisPe = pe;
                Thread.ofVirtual().name("shmemrun-exit-pe" + pe)
                        .start(() -> events.add(new Exited(thisPe, p.awaitExit())));
            } catch (IOException e) {
                String why = "could not be started: " + e.getMessage() + " (command: " + java + " ... "
                        + spec.describeProgram() + ")";
                report("PE " + pe + " " + why);
                return new Failure(pe, why, EXIT_START_FAILED);
            }
        }
        return null;
    }

    /** Waits for every PE to end, enforcing the grace period after the first failure and the job's deadline. */
    private Outcome monitor(long t0) {
        FirstFailure failures = new FirstFailure(spec.firstPe(), spec.nPes());
        int running = spec.nPes();
        long deadline = spec.timeout().isZero() ? NEVER : t0 + spec.timeout().toNanos();
        long graceEnd = NEVER;
        long killWaitEnd = NEVER;
        long nextScan = System.nanoTime() + SCAN_NANOS;
        boolean killing = false;
        boolean timedOut = false;
        boolean reported = false;
        while (running > 0) {
            long now = System.nanoTime();
            failures.tick(now);
            killing |= interrupted;
            Failure first = failures.get();
            if (first != null && !reported && !interrupted) {
                report("PE " + first.pe() + " failed first: " + first.why());
                reported = true;
                if (!killing) {
                    graceEnd = now + spec.grace().toNanos();
                }
            }
            if (!killing && now - deadline >= 0) {
                timedOut = true;
                List<Integer> alive = alive();
                report("timeout after " + seconds(spec.timeout()) + "; PEs still running: " + join(alive));
                if (spec.threadDumpOnTimeout()) {
                    snapshot().stream().filter(PeProcess::isAlive).forEach(PeProcess::requestThreadDump);
                    sleep(THREAD_DUMP_MILLIS);
                }
                killing = true;
                killWaitEnd = System.nanoTime() + KILL_WAIT_NANOS;
                killAlive();
            } else if (!killing && now - graceEnd >= 0) {
                report("killing PEs " + join(alive()) + ", still running " + seconds(spec.grace()) + " after PE "
                        + first.pe() + " failed");
                killing = true;
                killWaitEnd = now + KILL_WAIT_NANOS;
                killAlive();
            }
            if (killing && now - killWaitEnd >= 0) {
                report("PEs " + join(alive()) + " did not die within 10 s of SIGKILL; giving up on them");
                break;
            }
            if (now - nextScan >= 0) {
                sweeper.remember(snapshot());
                nextScan = now + SCAN_NANOS;
            }
            long wake = Math.min(Math.min(deadline, graceEnd), Math.min(Math.min(nextScan, killWaitEnd),
                    failures.wakeAt()));
            Event e;
            try {
                e = events.poll(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wake - now)), TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                report("interrupted; killing all PEs");
                break;
            }
            switch (e) {
                case null -> { }
                case Exited x -> {
                    running--;
                    String notStarted = x.code() == 1 && !killing ? mainClassMissing(x.pe()) : null;
                    if (notStarted != null) {
                        failures.notStarted(x.pe(), notStarted, killing);
                    } else {
                        failures.exited(x.pe(), x.code(), killing);
                    }
                }
                case Aborted a -> failures.aborted(a.pe(), a.status(), a.reason(), killing);
                case Lost l -> failures.lost(l.pe(), l.reason(), System.nanoTime(), killing);
            }
        }
        Failure first = failures.get();
        if (first != null && !reported && !interrupted) {
            report("PE " + first.pe() + " failed first: " + first.why());
        }
        return new Outcome(first, timedOut);
    }

    /**
     * Why the PE's JVM could not run the program, when its last words are the JVM's "could not find or load main
     * class" (exit status 1), else null. Waits briefly for the PE's stderr to drain, since the exit can be seen
     * before its last line is read.
     */
    private String mainClassMissing(int pe) {
        PeProcess p = snapshot().stream().filter(q -> q.pe == pe).findFirst().orElse(null);
        if (p == null) {
            return null;
        }
        try {
            p.awaitOutput(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        for (String line : p.stderrLines()) {
            if (line.startsWith("Error: Could not find or load main class")
                    || line.startsWith("Error: Unable to access jarfile")
                    || line.startsWith("Error: Main method not found")) {
                return "could not be started: " + line.substring("Error: ".length()) + " (program: "
                        + spec.describeProgram() + "; add its jar or classes directory with --cp)";
            }
        }
        return null;
    }

    /** Kills whatever is left, waits for the output to drain, and removes the session's heap files. */
    private synchronized void stopEverything() {
        killAlive();
        for (PeProcess p : snapshot()) {
            try {
                p.awaitExit(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        ProcessSweeper s = sweeper;
        String swept = s == null ? null : s.killAll(this::snapshot);
        if (swept != null) {
            report(swept);
        }
        for (PeProcess p : snapshot()) {
            try {
                p.awaitOutput(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<Integer> alive = alive();
        if (!alive.isEmpty()) {
            report("PEs " + join(alive) + " could not be killed (pids " + snapshot().stream()
                    .filter(PeProcess::isAlive).map(p -> Long.toString(p.pid())).collect(Collectors.joining(", "))
                    + ")");
        }
        String session = sessionName;
        if (session != null) {
            int removed = spec.nodes().nNodes() == 1 ? HeapFiles.remove(session, heapDirs)
                    : HeapFiles.remove(session, heapDirs, spec.firstPe(), spec.nPes());
            if (removed > 0) {
                report("removed " + removed + " leftover shared-memory file(s) jshmem-" + session + "-*");
            }
        }
    }

    /** Ctrl-C or another shutdown of the launcher's JVM while the job runs: leave nothing behind. */
    private void onShutdown() {
        if (done) {
            return;
        }
        interrupted = true;
        report("interrupted (Ctrl-C or SIGTERM to shmemrun); the PEs did not fail");
        report("shutting down; killing PEs " + join(alive()));
        stopEverything();
    }

    private void killAlive() {
        List<PeProcess> all = snapshot();
        ProcessSweeper s = sweeper;
        if (s != null) {
            s.remember(all);
        }
        for (PeProcess p : all) {
            if (p.isAlive()) {
                p.killTree();
            }
        }
    }

    private List<PeProcess> snapshot() {
        synchronized (pes) {
            return List.copyOf(pes);
        }
    }

    private List<Integer> alive() {
        return snapshot().stream().filter(PeProcess::isAlive).map(p -> p.pe).toList();
    }

    /**
     * Applies JSHMEM_STARTUP_CACHE to the PEs' {@code command}: with a cache for it, every PE maps the cache (the
     * options go into {@code command}); without one, the launcher makes it after the job ({@link #run}).
     */
    private void startupCache(Map<String, String> env, List<String> command) {
        String dir = env.getOrDefault(Setting.STARTUP_CACHE.envName(), "").strip();
        if (dir.isEmpty()) {
            return;
        }
        String whyNot = StartupCache.unusable(command, userJvmOptions(env));
        if (whyNot != null) {
            report("no start-up cache for this job: " + whyNot);
            return;
        }
        StartupCache cache = StartupCache.forCommand(Path.of(dir), command);
        if (cache.ready()) {
            command.addAll(1, cache.mapOptions());
            report("PEs map the start-up cache " + cache.file());
        } else {
            report("no start-up cache yet for these PEs: making " + cache.file() + " after the job (once)");
            training = cache;
            trainingCommand = List.copyOf(command);
        }
    }

    /** The PEs' own JVM options: --jvm-arg and the JVM's option variables, which a PE's JVM reads too. */
    private List<String> userJvmOptions(Map<String, String> env) {
        List<String> all = new ArrayList<>(spec.jvmArgs());
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            String v = env.get(variable);
            if (v != null && !v.isBlank()) {
                all.addAll(List.of(v.strip().split("\\s+")));
            }
        }
        return all;
    }

    private void report(String message) {
        String line = "shmemrun: " + message;
        messages.add(line);
        if (err != null) {
            err.println(line);
        }
    }

    private static String join(List<Integer> pes) {
        return pes.isEmpty() ? "(none)" : pes.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
