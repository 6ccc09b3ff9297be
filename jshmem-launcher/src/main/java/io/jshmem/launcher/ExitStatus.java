package io.jshmem.launcher;

/** Words for a process exit status. Stateless and thread-safe. */
final class ExitStatus {
    private ExitStatus() {
    }

    /**
     * {@code exit status 3}, or {@code killed by signal 9 (exit 137)} for the 128 + signal statuses that the JDK
     * reports for a process ended by a signal.
     */
    static String describe(int code) {
        if (code > 128 && code <= 128 + 64) {
            return "killed by signal " + (code - 128) + " (exit " + code + ")";
        }
        return "exit status " + code;
    }
}
