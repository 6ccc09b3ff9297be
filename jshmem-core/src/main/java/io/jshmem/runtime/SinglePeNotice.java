package io.jshmem.runtime;

import io.jshmem.bootstrap.LaunchInfo;

import java.io.File;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

/**
 * The one notice a PE prints when no launcher started it ({@code java -jar app.jar} without shmemrun): it runs as a
 * 1-PE job, which is easy to mistake for a working N-PE run. Printed once per process on standard error, whatever
 * the log level, because the alternative is a silent wrong job. The shmemrun command it suggests is this process's
 * own (its class path or module path and main class, or its jar), so that it runs as printed once N is chosen; the
 * program's arguments are left out (they may hold secrets). Thread-safe.
 */
final class SinglePeNotice {
    private static final AtomicBoolean PRINTED = new AtomicBoolean();
    private static final Pattern SHELL_SAFE = Pattern.compile("[\\w@%+=:,./-]+");

    private SinglePeNotice() {
    }

    static void printIfAlone(LaunchInfo info) {
        if ("single".equals(info.source()) && PRINTED.compareAndSet(false, true)) {
            System.err.println(text(System.getProperty("sun.java.command", ""),
                    System.getProperty("jdk.module.main"), System.getProperty("jdk.module.path"),
                    System.getProperty("java.class.path", "")));
        }
    }

    /**
     * The notice for a process started as {@code javaCommand} (the JVM's {@code sun.java.command}: main class, jar
     * or module/class, then the program's arguments), with the main module (null when on the class path), the
     * module path and the class path it runs with.
     */
    static String text(String javaCommand, String mainModule, String modulePath, String classPath) {
        return "jshmem: no launcher found (no JSHMEM_UNIQUE_ID from shmemrun, no RANK/WORLD_SIZE from torchrun, no"
                + " OMPI_COMM_WORLD_* or SLURM_* variables): running as a 1-PE job. To start N PEs: "
                + command(javaCommand, mainModule, modulePath, classPath);
    }

    private static String command(String javaCommand, String mainModule, String modulePath, String classPath) {
        String first = javaCommand == null ? "" : javaCommand.strip().split("\\s+", 2)[0];
        boolean hasArgs = javaCommand != null && javaCommand.strip().contains(" ");
        String args = hasArgs ? " [args]" : "";
        if (mainModule != null && !mainModule.isEmpty() && first.contains("/")) {
            return "shmemrun -np N --module-path " + quote(modulePath == null ? "" : modulePath) + " -m " + first
                    + args;
        }
        if (first.endsWith(".jar")) {
            return "shmemrun -np N -jar " + quote(first) + args;
        }
        if (first.isEmpty() || first.contains(File.separator)) {
            // Unknown (an embedded JVM, the source launcher): the general form.
            return "shmemrun -np N --cp <class path> <main-class> [args] (or shmemrun -np N -jar app.jar)";
        }
        String cp = classPath == null || classPath.isEmpty() ? "." : classPath;
        return "shmemrun -np N --cp " + quote(cp) + " " + first + args;
    }

    /** The word as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
    private static String quote(String word) {
        if (SHELL_SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
