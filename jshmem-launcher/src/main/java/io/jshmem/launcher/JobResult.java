package io.jshmem.launcher;

import io.jshmem.error.ShmemArgumentException;

import java.time.Duration;
import java.util.List;

/**
 * How a job ended. Immutable and thread-safe.
 *
 * @param exitCode     the job's status: 0 when every PE succeeded; else the exit status of the PE that failed first
 *                     (the globalExit status when it aborted the job, 1 when it merely lost its rendezvous
 *                     connection); 124 when the job's deadline passed first
 * @param failedPe     the PE that failed first, or -1 (none, or the deadline passed before any PE failed); in a
 *                     multi-node job it may run on another node (node 0 hears of every PE through the rendezvous)
 * @param failure      why it failed, such as {@code killed by signal 9 (exit 137)}; null when the job succeeded
 * @param timedOut     whether the deadline passed
 * @param peExitCodes  exit status of every PE of this host, in order from {@code firstPe} (137 for the PEs the
 *                     launcher had to kill; -1 for a PE still running or never started)
 * @param stdout       the last captured stdout lines of every PE of this host (without the {@code [pe K] } prefix),
 *                     in order from {@code firstPe}
 * @param stderr       the same for stderr
 * @param messages     what the launcher itself reported (the lines it printed with {@code shmemrun: })
 * @param sessionName  the job's {@link io.jshmem.bootstrap.UniqueId#sessionName()}, which names its heap files
 * @param elapsed      wall time of the job
 * @param firstPe      the job-wide number of this host's first PE (0 on a one-node job; nodeRank * PEs per node)
 */
public record JobResult(int exitCode, int failedPe, String failure, boolean timedOut, List<Integer> peExitCodes,
                        List<List<String>> stdout, List<List<String>> stderr, List<String> messages,
                        String sessionName, Duration elapsed, int firstPe) {
    public JobResult {
        peExitCodes = List.copyOf(peExitCodes);
        stdout = stdout.stream().map(List::copyOf).toList();
        stderr = stderr.stream().map(List::copyOf).toList();
        messages = List.copyOf(messages);
    }

    /** Whether every PE exited with status 0. */
    public boolean succeeded() {
        return exitCode == 0 && failure == null && !timedOut;
    }

    /** The captured stdout lines of {@code pe}, a job-wide PE number of this host. */
    public List<String> stdout(int pe) {
        return stdout.get(localIndex(pe));
    }

    /** The captured stderr lines of {@code pe}, a job-wide PE number of this host. */
    public List<String> stderr(int pe) {
        return stderr.get(localIndex(pe));
    }

    /** The exit status of {@code pe}, a job-wide PE number of this host (-1 while running or never started). */
    public int peExitCode(int pe) {
        return peExitCodes.get(localIndex(pe));
    }

    private int localIndex(int pe) {
        if (pe < firstPe || pe - firstPe >= stdout.size()) {
            throw new ShmemArgumentException("pe = " + pe + " does not run on this host: valid range"
                    + " is " + firstPe + ".." + (firstPe + stdout.size() - 1) + "; ask the launcher of its node");
        }
        return pe - firstPe;
    }

    /** Every captured line of every PE, prefixed as shmemrun prints it, stdout before stderr; for failure logs. */
    public String transcript() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < stdout.size(); i++) {
            int pe = firstPe + i;
            for (String l : stdout.get(i)) {
                sb.append("[pe ").append(pe).append("] ").append(l).append('\n');
            }
            for (String l : stderr.get(i)) {
                sb.append("[pe ").append(pe).append("] (stderr) ").append(l).append('\n');
            }
        }
        messages.forEach(m -> sb.append(m).append('\n'));
        return sb.toString();
    }

    @Override
    public String toString() {
        return "JobResult[exitCode=" + exitCode + ", failedPe=" + failedPe + ", failure=" + failure + ", timedOut="
                + timedOut + ", peExitCodes=" + peExitCodes + ", elapsed=" + elapsed.toMillis() + " ms]";
    }
}
