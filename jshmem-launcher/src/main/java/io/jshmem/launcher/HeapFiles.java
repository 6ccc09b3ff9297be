package io.jshmem.launcher;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Removes a job's leftover shared-memory files, {@code jshmem-<sessionName>-<pe>-<token>} in /dev/shm and in the configured
 * heap directory. Only file heaps ({@code JSHMEM_HEAP_BACKING=file}, or an explicit JSHMEM_HEAP_DIR) have such files
 * (memfd heaps have no name): the runtime unlinks them once every local PE has mapped them; this catches what a
 * killed job leaves. Stateless and thread-safe.
 */
final class HeapFiles {
    static final Path DEV_SHM = Path.of("/dev/shm");

    private HeapFiles() {
    }

    /** /dev/shm and the heap directory the PEs will use (their JSHMEM_HEAP_DIR or the launcher's setting). */
    static Set<Path> directories(Map<String, String> peEnvironment) {
        Set<Path> dirs = new LinkedHashSet<>();
        dirs.add(DEV_SHM);
        Settings.of(peEnvironment).get(Setting.HEAP_DIR).ifPresent(d -> dirs.add(Path.of(d)));
        return dirs;
    }

    /** Deletes the session's files; returns how many were deleted. Never follows a name outside the pattern. */
    static int remove(String sessionName, Set<Path> directories) {
        return remove(sessionName, directories, 0, Integer.MAX_VALUE);
    }

    /**
     * Deletes the heap files of PEs {@code firstPe .. firstPe + count - 1} of the session (the PEs of one node of a
     * multi-node job: nodes may share a heap directory, as network namespaces on one machine do, and must not
     * delete each other's files). Returns how many were deleted.
     */
    static int remove(String sessionName, Set<Path> directories, int firstPe, int count) {
        if (!sessionName.matches("[0-9a-f]{12}")) {
            throw new IllegalArgumentException("sessionName = '" + sessionName + "' is not 12 hex characters");
        }
        int removed = 0;
        for (Path dir : directories) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "jshmem-" + sessionName + "-*")) {
                for (Path f : files) {
                    if (!belongsTo(f.getFileName().toString(), sessionName, firstPe, count)) {
                        continue;
                    }
                    try {
                        if (Files.deleteIfExists(f)) {
                            removed++;
                        }
                    } catch (IOException e) {
                        // Not ours to delete after all (permissions): leave it and go on.
                    }
                }
            } catch (IOException e) {
                // Directory not readable: nothing we can clean there.
            }
        }
        return removed;
    }

    private static boolean belongsTo(String name, String sessionName, int firstPe, int count) {
        if (firstPe == 0 && count == Integer.MAX_VALUE) {
            return true;
        }
        String suffix = name.substring(("jshmem-" + sessionName + "-").length());
        // jshmem-<session>-<pe>-<token>; older versions wrote jshmem-<session>-<pe>.
        int dash = suffix.indexOf('-');
        if (dash >= 0) {
            suffix = suffix.substring(0, dash);
        }
        if (suffix.isEmpty() || suffix.length() > 10 || !suffix.chars().allMatch(Character::isDigit)) {
            return false;
        }
        long pe = Long.parseLong(suffix);
        return pe >= firstPe && pe - firstPe < count;
    }
}
