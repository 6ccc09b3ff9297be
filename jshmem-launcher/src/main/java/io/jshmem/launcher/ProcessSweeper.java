package io.jshmem.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Makes sure no process started by a PE survives the job: remembers the PEs' descendants while they run (a PE that
 * dies hands its children to init, where they are no longer its descendants), and at the end also finds the job's
 * processes by the job id in their environment. Thread-safe.
 */
final class ProcessSweeper {
    private final Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
    private final String variable;
    private final String value;

    /** Sweeps the processes whose environment has {@code variable=value} (the job's unique id). */
    ProcessSweeper(String variable, String value) {
        this.variable = variable;
        this.value = value;
    }

    /** Notes the current descendants of the PEs; called periodically while the job runs. */
    void remember(List<PeProcess> pes) {
        for (PeProcess p : pes) {
            seen.addAll(p.descendants());
        }
        seen.removeIf(h -> !JobProcesses.isRunning(h));
    }

    /**
     * Kills every remembered or found process that still runs and waits up to 2 s for them to stop. Returns a
     * report for the user, or null when there was nothing to kill.
     */
    String killAll(Supplier<List<PeProcess>> pes) {
        remember(pes.get());
        List<ProcessHandle> victims = new ArrayList<>(seen);
        for (ProcessHandle h : JobProcesses.withEnvironment(variable, value)) {
            if (!victims.contains(h)) {
                victims.add(h);
            }
        }
        victims.removeIf(h -> !JobProcesses.isRunning(h));
        if (victims.isEmpty()) {
            return null;
        }
        victims.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (victims.stream().anyMatch(JobProcesses::isRunning) && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<ProcessHandle> survivors = victims.stream().filter(JobProcesses::isRunning).toList();
        return "killed " + victims.size() + " leftover process(es) started by the PEs (pids " + pids(victims) + ")"
                + (survivors.isEmpty() ? "" : "; still running: " + pids(survivors));
    }

    private static String pids(List<ProcessHandle> hs) {
        return hs.stream().map(h -> Long.toString(h.pid())).collect(Collectors.joining(", "));
    }
}
