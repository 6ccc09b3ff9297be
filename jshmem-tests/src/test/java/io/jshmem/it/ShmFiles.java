package io.jshmem.it;

import io.jshmem.memory.HeapLayout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
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

    /**
     * No heap file is left that this test JVM's jobs could have made: files whose recorded owner still runs and is
     * neither this JVM nor one of its descendants belong to jobs of other builds on the same machine, running now.
     */
    static void assertNoneLeft() throws IOException {
        List<String> mine = leftovers().stream().filter(ShmFiles::notSomeoneElsesLiveHeap).toList();
        assertEquals(List.of(), mine, "heap files left in /dev/shm");
    }

    private static boolean notSomeoneElsesLiveHeap(String name) {
        long owner;
        try (FileChannel ch = FileChannel.open(Path.of("/dev/shm", name), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
            if (ch.read(b, HeapLayout.PID_OFFSET) != 8) {
                return true;
            }
            owner = b.getLong(0);
        } catch (IOException e) {
            return false; // unlinked meanwhile: not left behind
        }
        if (owner <= 0) {
            return false; // header not written yet: a file being created right now, by a job that runs
        }
        ProcessHandle self = ProcessHandle.current();
        return ProcessHandle.of(owner).filter(ProcessHandle::isAlive)
                .map(h -> h.pid() == self.pid() || self.descendants().anyMatch(d -> d.pid() == h.pid()))
                .orElse(true);
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
