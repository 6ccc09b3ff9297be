package io.jshmem.launcher;

import io.jshmem.config.ArgumentChecks;

import java.io.PrintStream;

/**
 * Runs a job the way {@code shmemrun} does, for programs and tests that want the result in hand:
 * <ol>
 *   <li>starts a rendezvous on 127.0.0.1 (ephemeral port, fresh secret);</li>
 *   <li>starts {@code nPes} JVMs with the launcher's own java binary, the launcher's class path plus the spec's,
 *       {@code --enable-native-access=ALL-UNNAMED}, and {@code JSHMEM_UNIQUE_ID}, {@code JSHMEM_PE},
 *       {@code JSHMEM_NPES}, {@code JSHMEM_LOCAL_PE}, {@code JSHMEM_LOCAL_NPES} in their environment;</li>
 *   <li>copies every output line with a {@code [pe K] } prefix (stdout to {@code out}, stderr to {@code err});</li>
 *   <li>when a PE fails (exits non-zero, dies, or ends the job through globalExit) reports
 *       {@code shmemrun: PE K failed first: <why>}, lets the others run for the grace period so they can report
 *       the dead PE themselves, then kills every PE left and its descendants; the same, without grace, when the
 *       deadline passes (exit 124);</li>
 *   <li>afterwards deletes the job's leftover {@code jshmem-<session>-*} files in /dev/shm and the heap directory,
 *       and leaves no child process. A shutdown hook does the same when the launcher's JVM is stopped (Ctrl-C).</li>
 * </ol>
 * Thread-safe: every call runs its own job.
 */
public final class Launcher {
    private Launcher() {
    }

    /** Runs {@code spec}, printing the PEs' output and the launcher's reports on System.out and System.err. */
    public static JobResult run(JobSpec spec) {
        return run(spec, System.out, System.err);
    }

    /**
     * Runs {@code spec}; blocks until every PE has ended.
     *
     * @param out where prefixed stdout lines go, or null to only capture them
     * @param err where prefixed stderr lines and the launcher's reports go, or null to only capture them
     */
    public static JobResult run(JobSpec spec, PrintStream out, PrintStream err) {
        return new Job(ArgumentChecks.notNull("spec", spec), out, err).run();
    }
}
