package io.jshmem.launcher;

import io.jshmem.error.Checks;

import java.time.Duration;
import java.util.List;

/**
 * How a job ended. Immutable and thread-safe.
 *
 * @param exitCode     the job's status: 0 when every PE succeeded; else the exit status of the PE that failed first
 *                     (the globalExit status when it aborted the job, 1 when it merely lost its rendezvous
 *                     connection); 124 when the job's deadline passed first
 * @param failedPe     the PE that failed first, or -1 (none, or the deadline passed before any PE failed)
 * @param failure      why it failed, such as {@code killed by signal 9 (exit 137)}; null when the job succeeded
 * @param timedOut     whether the deadline passed
 * @param peExitCodes  exit status of every PE, indexed by PE (137 for the PEs the launcher had to kill)
 * @param stdout       the last captured stdout lines of every PE (without the {@code [pe K] } prefix), by PE
 * @param stderr       the same for stderr
 * @param messages     what the launcher itself reported (the lines it printed with {@code shmemrun: })
 * @param sessionName  the job's {@link io.jshmem.bootstrap.UniqueId#sessionName()}, which names its heap files
 * @param elapsed      wall time of the job
 */
public record JobResult(int exitCode, int failedPe, String failure, boolean timedOut, List<Integer> peExitCodes,
                        List<List<String>> stdout, List<List<String>> stderr, List<String> messages,
                        String sessionName, Duration elapsed) {
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

    /** The captured stdout lines of {@code pe}. */
    public List<String> stdout(int pe) {
        return stdout.get(Checks.pe("pe", pe, stdout.size()));
    }

    /** The captured stderr lines of {@code pe}. */
    public List<String> stderr(int pe) {
        return stderr.get(Checks.pe("pe", pe, stderr.size()));
    }

    /** Every captured line of every PE, prefixed as shmemrun prints it, stdout before stderr; for failure logs. */
    public String transcript() {
        StringBuilder sb = new StringBuilder();
        for (int pe = 0; pe < stdout.size(); pe++) {
            for (String l : stdout.get(pe)) {
                sb.append("[pe ").append(pe).append("] ").append(l).append('\n');
            }
            for (String l : stderr.get(pe)) {
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
