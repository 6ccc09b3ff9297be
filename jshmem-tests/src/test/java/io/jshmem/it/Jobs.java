package io.jshmem.it;

import io.jshmem.launcher.JobResult;
import io.jshmem.launcher.JobSpec;
import io.jshmem.launcher.Launcher;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs PE programs through the launcher's own code path, with a hard deadline, and checks their output. */
final class Jobs {
    static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final PrintStream DISCARD = new PrintStream(OutputStream.nullOutputStream());
    /**
     * JVM options of every test PE (system property {@code jshmem.it.peJvmArgs}, space-separated; empty for none).
     * By default the PEs stop at the C1 compiler: a test PE lives seconds, and on a 2-core machine C2's compilations
     * of the JDK's start-up code (method-handle and FFM stub generation) were a fifth of the suite's CPU time
     * (TeamTest: 245 CPU-s with C2, 193 with C1 only). The benchmarks and the application kernels, run through
     * shmemrun, keep C2.
     */
    private static final List<String> PE_JVM_ARGS = peJvmArgs();

    private Jobs() {
    }

    static JobSpec spec(Class<?> main, int nPes, String... args) {
        return JobSpec.ofMainClass(main.getName(), nPes).withArgs(args).withTimeout(DEADLINE)
                .withEnv("SHMEM_SYMMETRIC_SIZE", "32m").withJvmArgs(PE_JVM_ARGS);
    }

    private static List<String> peJvmArgs() {
        String args = System.getProperty("jshmem.it.peJvmArgs", "-XX:TieredStopAtLevel=1").trim();
        return args.isEmpty() ? List.of() : List.of(args.split("\\s+"));
    }

    /** Runs the job; the transcript of every PE is printed only when the caller's assertions fail. */
    static JobResult run(JobSpec spec) {
        JobResult r = Launcher.run(spec, DISCARD, DISCARD);
        if (r.sessionName() != null) {
            ShmFiles.assertNoneLeft(r.sessionName());
        }
        return r;
    }

    /** Runs a job that must succeed and prints {@code line(pe)} on every PE. */
    static JobResult runOk(Class<?> main, int nPes, java.util.function.IntFunction<String> line, String... args) {
        JobResult r = run(spec(main, nPes, args));
        assertEquals(0, r.exitCode(), () -> "job failed: " + r + "\n" + r.transcript());
        for (int pe = 0; pe < nPes; pe++) {
            String expected = line.apply(pe);
            int p = pe;
            assertTrue(r.stdout(pe).contains(expected), () -> "PE " + p + " did not print '" + expected + "'\n"
                    + r.transcript());
        }
        return r;
    }
}
