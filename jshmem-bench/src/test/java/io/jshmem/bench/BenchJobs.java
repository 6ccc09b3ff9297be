package io.jshmem.bench;

import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import io.jshmem.launcher.Launcher;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;

/** Runs benchmark programs as real PE processes through the launcher's code path, with a hard deadline. */
final class BenchJobs {
    static final Duration DEADLINE = Duration.ofSeconds(150);
    private static final PrintStream DISCARD = new PrintStream(OutputStream.nullOutputStream());

    private BenchJobs() {
    }

    static JobResult run(Class<?> main, int nPes, Map<String, String> env, String... args) {
        JobSpec spec = JobSpec.ofMainClass(main.getName(), nPes).withArgs(args).withTimeout(DEADLINE)
                .withEnv("SHMEM_SYMMETRIC_SIZE", "32m");
        for (Map.Entry<String, String> e : env.entrySet()) {
            spec = spec.withEnv(e.getKey(), e.getValue());
        }
        return Launcher.run(spec, DISCARD, DISCARD);
    }
}
