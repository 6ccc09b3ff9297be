package io.jshmem.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Checks that no job left a heap file in /dev/shm. With memfd heaps (the default) a job never creates one there,
 * so these checks then assert that nothing at all was written under jshmem's names; jobs that choose file heaps
 * must have unlinked theirs (or the launcher removed them).
 */
final class ShmFiles {
    private ShmFiles() {
    }

    static List<String> leftovers() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/dev/shm"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("jshmem-")).sorted().toList();
        }
    }

    static void assertNoneLeft() throws IOException {
        assertEquals(List.of(), leftovers(), "heap files left in /dev/shm");
    }

    /** No heap file of the job with this session name is left (other jobs running at the same time are ignored). */
    static void assertNoneLeft(String sessionName) {
        try {
            List<String> mine = leftovers().stream().filter(n -> n.startsWith("jshmem-" + sessionName + "-")).toList();
            assertEquals(List.of(), mine, "heap files of session " + sessionName + " left in /dev/shm");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
