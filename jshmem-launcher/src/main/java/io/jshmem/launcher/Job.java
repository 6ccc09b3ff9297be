package io.jshmem.launcher;

import io.jshmem.bootstrap.RendezvousListener;
import io.jshmem.bootstrap.RendezvousServer;
import io.jshmem.bootstrap.UniqueId;
import io.jshmem.config.Setting;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One run of a {@link JobSpec}: serves the rendezvous, starts the PEs, watches them, and ends the job on the first
 * failure, on the deadline or on shutdown of the launcher. All decisions are made on the thread that calls
 * {@link #run()}; process exits and rendezvous reports reach it through a queue.
 */
final class Job implements RendezvousListener {
    /** How long a lost rendezvous connection waits for the same PE's exit, which explains it better. */
    private static final long LOST_TO_EXIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long SCAN_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long THREAD_DUMP_MILLIS = 1000;
    private static final long KILL_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final int EXIT_TIMEOUT = 124;
    static final int EXIT_START_FAILED = 127;

    private sealed interface Event permits Exited, Aborted, Lost {
    }

    private record Exited(int pe, int code) implements Event {
    }

    private record Aborted(int pe, int status, String reason) implements Event {
    }

    private record Lost(int pe, String reason) implements Event {
    }

    private record Failure(int pe, String why, int code) {
    }

    private final JobSpec spec;
    private final PrintStream out;
    private final PrintStream err;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final List<String> messages = Collections.synchronizedList(new ArrayList<>());
    private final Set<ProcessHandle> descendants = ConcurrentHashMap.newKeySet();
    private final List<PeProcess> pes = new ArrayList<>();
    private volatile boolean done;
    private volatile String sessionName;
    private volatile String uniqueIdText;
    private volatile Set<Path> heapDirs = Set.of(HeapFiles.DEV_SHM);

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

    JobResult run() {
        long t0 = System.nanoTime();
        RendezvousServer server = RendezvousServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), UniqueId.newSecret(), null);
        UniqueId uid = server.uniqueId();
        sessionName = uid.sessionName();
        uniqueIdText = uid.toString();
        server.addListener(this);
        Thread hook = new Thread(this::onShutdown, "shmemrun-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        int[] exitCodes = new int[spec.nPes()];
        Arrays.fill(exitCodes, -1);
        Failure failure;
        boolean timedOut = false;
        try {
            failure = startAll(uid);
            if (failure == null) {
                Outcome o = monitor(t0, exitCodes);
                failure = o.failure;
                timedOut = o.timedOut;
            }
        } finally {
            stopEverything();
            server.close();
            done = true;
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or will run; it finds nothing left to do.
            }
        }
        int code = failure != null ? failure.code() : timedOut ? EXIT_TIMEOUT : 0;
        List<List<String>> stdout = new ArrayList<>();
        List<List<String>> stderr = new ArrayList<>();
        for (int pe = 0; pe < spec.nPes(); pe++) {
            if (pe < pes.size()) {
                PeProcess p = pes.get(pe);
                stdout.add(p.stdoutLines());
                stderr.add(p.stderrLines());
                if (!p.isAlive()) {
                    exitCodes[pe] = p.exitCode();
                }
            } else {
                stdout.add(List.of());
                stderr.add(List.of());
            }
        }
        return new JobResult(code, failure == null ? -1 : failure.pe(), failure == null ? null : failure.why(),
                timedOut, Arrays.stream(exitCodes).boxed().toList(), stdout, stderr, List.copyOf(messages),
                uid.sessionName(), Duration.ofNanos(System.nanoTime() - t0));
    }

    private record Outcome(Failure failure, boolean timedOut) {
    }

    private Failure startAll(UniqueId uid) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(spec.javaArguments(System.getProperty("java.class.path", "")));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(spec.env());
        env.put(Setting.UNIQUE_ID.envName(), uid.toString());
        env.put(Setting.NPES.envName(), Integer.toString(spec.nPes()));
        env.put(Setting.LOCAL_NPES.envName(), Integer.toString(spec.nPes()));
        heapDirs = HeapFiles.directories(env);
        for (int pe = 0; pe < spec.nPes(); pe++) {
            env.put(Setting.PE.envName(), Integer.toString(pe));
            env.put(Setting.LOCAL_PE.envName(), Integer.toString(pe));
            try {
                PeProcess p = PeProcess.start(pe, command, env, out, err, spec.captureLines());
                synchronized (pes) {
                    pes.add(p);
                }
                int thisPe = pe;
                p.onExit().thenAccept(proc -> events.add(new Exited(thisPe, proc.exitValue())));
            } catch (IOException e) {
                String why = "could not be started: " + e.getMessage() + " (command: " + java + " ... "
                        + spec.describeProgram() + ")";
                report("PE " + pe + " " + why);
                return new Failure(pe, why, EXIT_START_FAILED);
            }
        }
        return null;
    }

    private Outcome monitor(long t0, int[] exitCodes) {
        int n = spec.nPes();
        int running = n;
        long never = Long.MAX_VALUE;
        long deadline = spec.timeout().isZero() ? never : t0 + spec.timeout().toNanos();
        long graceEnd = never;
        long killWaitEnd = never;
        long nextScan = System.nanoTime() + SCAN_NANOS;
        Failure first = null;
        Lost pendingLost = null;
        long pendingLostUntil = never;
        boolean killing = false;
        boolean timedOut = false;
        while (running > 0) {
            long now = System.nanoTime();
            if (pendingLost != null && now >= pendingLostUntil) {
                first = new Failure(pendingLost.pe(), "lost its rendezvous connection without goodbye ("
                        + pendingLost.reason() + ") and is still running", 1);
                pendingLost = null;
                pendingLostUntil = never;
            }
            if (first != null && graceEnd == never && !killing) {
                report("PE " + first.pe() + " failed first: " + first.why());
                graceEnd = now + spec.grace().toNanos();
            }
            if (!killing && now - deadline >= 0) {
                timedOut = true;
                List<Integer> alive = alive();
                report("timeout after " + seconds(spec.timeout()) + "; PEs still running: " + join(alive));
                if (spec.threadDumpOnTimeout()) {
                    alive.forEach(pe -> pes.get(pe).requestThreadDump());
                    sleep(THREAD_DUMP_MILLIS);
                }
                killing = true;
                killWaitEnd = System.nanoTime() + KILL_WAIT_NANOS;
                killAlive();
            } else if (!killing && now - graceEnd >= 0) {
                List<Integer> alive = alive();
                report("killing PEs " + join(alive) + ", still running " + seconds(spec.grace()) + " after PE "
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
                rememberDescendants();
                nextScan = now + SCAN_NANOS;
            }
            long wake = Math.min(Math.min(deadline, graceEnd), Math.min(Math.min(nextScan, killWaitEnd),
                    pendingLostUntil));
            Event e;
            try {
                e = events.poll(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wake - now)), TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                report("interrupted; killing all PEs");
                break;
            }
            if (e == null) {
                continue;
            }
            switch (e) {
                case Exited x -> {
                    running--;
                    exitCodes[x.pe()] = x.code();
                    if (pendingLost != null && pendingLost.pe() == x.pe()) {
                        first = x.code() != 0 ? new Failure(x.pe(), ExitStatus.describe(x.code()), x.code())
                                : new Failure(x.pe(), "exited with status 0 without closing its rendezvous"
                                        + " connection (did it skip finalize?)", 1);
                        pendingLost = null;
                        pendingLostUntil = never;
                    } else if (first == null && pendingLost == null && !killing && x.code() != 0) {
                        first = new Failure(x.pe(), ExitStatus.describe(x.code()), x.code());
                    }
                }
                case Aborted a -> {
                    if (first == null && !killing) {
                        first = new Failure(a.pe(), "called globalExit(" + a.status() + ")"
                                + (a.reason().isEmpty() ? "" : ": " + a.reason()), a.status());
                        pendingLost = null;
                        pendingLostUntil = never;
                    }
                }
                case Lost l -> {
                    if (first == null && pendingLost == null && !killing) {
                        if (exitCodes[l.pe()] >= 0) {
                            int c = exitCodes[l.pe()];
                            first = new Failure(l.pe(), c != 0 ? ExitStatus.describe(c)
                                    : "exited with status 0 without closing its rendezvous connection (did it skip"
                                            + " finalize?)", c != 0 ? c : 1);
                        } else {
                            pendingLost = l;
                            pendingLostUntil = System.nanoTime() + LOST_TO_EXIT_NANOS;
                        }
                    }
                }
            }
        }
        if (first != null && graceEnd == never) {
            report("PE " + first.pe() + " failed first: " + first.why());
        }
        return new Outcome(first, timedOut);
    }

    /** Kills whatever is left, waits for the output to drain, and removes the session's heap files. */
    private synchronized void stopEverything() {
        killAlive();
        for (PeProcess p : pes) {
            try {
                p.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                // Reported below if it is still alive.
            }
        }
        killLeftovers();
        for (PeProcess p : pes) {
            try {
                p.awaitOutput(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<Integer> alive = alive();
        if (!alive.isEmpty()) {
            report("PEs " + join(alive) + " could not be killed (pids " + alive.stream()
                    .map(pe -> Long.toString(pes.get(pe).pid())).collect(Collectors.joining(", ")) + ")");
        }
        String session = sessionName;
        if (session != null) {
            int removed = HeapFiles.remove(session, heapDirs);
            if (removed > 0) {
                report("removed " + removed + " leftover shared-memory file(s) jshmem-" + session + "-*");
            }
        }
    }

    /**
     * Kills the descendants seen while the PEs ran and the processes of the job that outlived their PE (found by
     * the job's id in their environment), then waits up to 2 s for them to stop.
     */
    private void killLeftovers() {
        List<ProcessHandle> victims = new ArrayList<>(descendants);
        String uid = uniqueIdText;
        List<ProcessHandle> orphans = uid == null ? List.of()
                : JobProcesses.withEnvironment(Setting.UNIQUE_ID.envName(), uid);
        orphans.stream().filter(o -> !victims.contains(o)).forEach(victims::add);
        victims.removeIf(h -> !JobProcesses.isRunning(h));
        if (victims.isEmpty()) {
            return;
        }
        victims.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (victims.stream().anyMatch(JobProcesses::isRunning) && System.nanoTime() - deadline < 0) {
            sleep(20);
        }
        List<ProcessHandle> survivors = victims.stream().filter(JobProcesses::isRunning).toList();
        report("killed " + victims.size() + " leftover process(es) started by the PEs (pids " + victims.stream()
                .map(h -> Long.toString(h.pid())).collect(Collectors.joining(", ")) + ")"
                + (survivors.isEmpty() ? "" : "; still running: " + survivors.stream()
                .map(h -> Long.toString(h.pid())).collect(Collectors.joining(", "))));
    }

    /** Ctrl-C or another shutdown of the launcher's JVM while the job runs: leave nothing behind. */
    private void onShutdown() {
        if (done) {
            return;
        }
        report("shutting down; killing PEs " + join(alive()));
        stopEverything();
    }

    private void killAlive() {
        rememberDescendants();
        List<PeProcess> snapshot;
        synchronized (pes) {
            snapshot = List.copyOf(pes);
        }
        for (PeProcess p : snapshot) {
            if (p.isAlive()) {
                p.killTree();
            }
        }
    }

    private void rememberDescendants() {
        List<PeProcess> snapshot;
        synchronized (pes) {
            snapshot = List.copyOf(pes);
        }
        for (PeProcess p : snapshot) {
            descendants.addAll(p.descendants());
        }
        descendants.removeIf(h -> !h.isAlive());
    }

    private List<Integer> alive() {
        List<Integer> alive = new ArrayList<>();
        synchronized (pes) {
            for (PeProcess p : pes) {
                if (p.isAlive()) {
                    alive.add(p.pe);
                }
            }
        }
        return alive;
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
