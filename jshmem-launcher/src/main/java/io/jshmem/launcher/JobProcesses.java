package io.jshmem.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the processes of a job that are no longer descendants of a PE: a PE that exits leaves its children to
 * init, where {@link ProcessHandle#descendants()} cannot see them. They still carry the job's
 * {@code JSHMEM_UNIQUE_ID} in their environment, which Linux shows in {@code /proc/<pid>/environ} to the same user.
 * Elsewhere (no /proc) this finds nothing. Stateless and thread-safe.
 */
final class JobProcesses {
    private static final Path PROC = Path.of("/proc");

    private JobProcesses() {
    }

    /** Live processes (other than this one) whose environment contains {@code variable=value}. */
    static List<ProcessHandle> withEnvironment(String variable, String value) {
        byte[] needle = ("\0" + variable + "=" + value + "\0").getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        List<ProcessHandle> found = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return found;
        }
        try (Stream<Path> entries = Files.list(PROC)) {
            for (Path dir : entries.toList()) {
                String name = dir.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit) || Long.parseLong(name) == self) {
                    continue;
                }
                byte[] env;
                try {
                    env = Files.readAllBytes(dir.resolve("environ"));
                } catch (IOException | SecurityException e) {
                    continue; // another user's process, or already gone
                }
                if (contains(env, needle)) {
                    ProcessHandle.of(Long.parseLong(name)).ifPresent(found::add);
                }
            }
        } catch (IOException e) {
            return found;
        }
        return found;
    }

    /**
     * Whether {@code h} still runs. A killed process whose parent has not reaped it yet is a zombie: it no longer
     * runs, but {@link ProcessHandle#isAlive()} says it is alive until it is reaped.
     */
    static boolean isRunning(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(h.pid())).resolve("stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException | SecurityException e) {
            return h.isAlive();
        }
    }

    /** Whether {@code env} (NUL-separated, without a leading NUL) contains {@code needle} (NUL-framed). */
    private static boolean contains(byte[] env, byte[] needle) {
        // Frame env as "\0...\0" so the first and last entries match like the others.
        byte[] framed = new byte[env.length + 2];
        System.arraycopy(env, 0, framed, 1, env.length);
        outer:
        for (int i = 0; i + needle.length <= framed.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (framed[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
