package io.jshmem.runtime;

import io.jshmem.bootstrap.LaunchInfo;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one notice a PE prints when no launcher started it ({@code java -jar app.jar} without shmemrun): it runs as a
 * 1-PE job, which is easy to mistake for a working N-PE run. Printed once per process on standard error, whatever
 * the log level, because the alternative is a silent wrong job. Thread-safe.
 */
final class SinglePeNotice {
    private static final AtomicBoolean PRINTED = new AtomicBoolean();

    private SinglePeNotice() {
    }

    static void printIfAlone(LaunchInfo info) {
        if ("single".equals(info.source()) && PRINTED.compareAndSet(false, true)) {
            System.err.println(text());
        }
    }

    static String text() {
        return "jshmem: no launcher found (no JSHMEM_UNIQUE_ID from shmemrun, no RANK/WORLD_SIZE from torchrun, no"
                + " OMPI_COMM_WORLD_* or SLURM_* variables): running as a 1-PE job. To start N PEs: shmemrun -np N"
                + " <main-class> [args] (or shmemrun -np N -jar app.jar)";
    }
}
