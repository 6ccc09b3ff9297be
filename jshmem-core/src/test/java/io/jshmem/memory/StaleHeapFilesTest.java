package io.jshmem.memory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Only heap files of dead owners are swept; names are unguessable and creation is exclusive. */
class StaleHeapFilesTest {
    @Test
    void removesOnlyJshmemFilesWhoseOwnerIsGone(@TempDir Path dir) throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long deadPid = p.pid();
        Path dead = heap(dir, "jshmem-aaaaaaaaaaaa-0-0123456789abcdef", deadPid);
        Path live = heap(dir, "jshmem-aaaaaaaaaaaa-1-0123456789abcdef", ProcessHandle.current().pid());
        Path reused = heap(dir, "jshmem-aaaaaaaaaaaa-2-0123456789abcdef", ProcessHandle.current().pid());
        try (Arena a = Arena.ofConfined()) {
            // Our PID, but a start time an hour earlier: the recorded owner is gone and the PID was reused.
            MemorySegment h = HeapFile.map(reused, 1 << 16, a);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.OWNER_START_OFFSET, System.currentTimeMillis() - 3_600_000);
        }
        Path otherContainer = heap(dir, "jshmem-aaaaaaaaaaaa-3-0123456789abcdef", deadPid);
        try (Arena a = Arena.ofConfined()) {
            HeapFile.map(otherContainer, 1 << 16, a).set(ValueLayout.JAVA_LONG, HeapLayout.OWNER_PID_NS_OFFSET, 12345);
        }
        Path headerless = Files.write(dir.resolve("jshmem-bbbbbbbbbbbb-0"), new byte[64]);
        Path foreignName = heap(dir, "other-aaaaaaaaaaaa-0", deadPid);
        Path link = Files.createSymbolicLink(dir.resolve("jshmem-link"), dead);

        List<StaleHeapFiles.Removed> removed = StaleHeapFiles.sweep(List.of(dir));

        assertEquals(List.of(dead, reused), removed.stream().map(StaleHeapFiles.Removed::file).sorted().toList());
        assertTrue(Files.exists(live) && Files.exists(headerless) && Files.exists(foreignName)
                && Files.exists(otherContainer));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(deadPid, removed.stream().filter(r -> r.file().equals(dead)).findFirst().orElseThrow()
                .ownerPid());
    }

    @Test
    void creationIsExclusiveAndTokensAreFresh(@TempDir Path dir) throws IOException {
        String t1 = HeapFile.newToken();
        String t2 = HeapFile.newToken();
        assertTrue(t1.matches("[0-9a-f]{16}") && !t1.equals(t2), t1 + " " + t2);
        Path squatted = Files.writeString(HeapFile.path(dir, "cccccccccccc", 0, t1), "squatter");
        try (Arena a = Arena.ofConfined()) {
            assertThrows(io.jshmem.error.ShmemException.class, () -> HeapFile.create(squatted, 1 << 16, a));
        }
        assertEquals("squatter", Files.readString(squatted));
        Path target = Files.writeString(dir.resolve("victim"), "keep");
        Path planted = Files.createSymbolicLink(HeapFile.path(dir, "cccccccccccc", 1, t2), target);
        try (Arena a = Arena.ofConfined()) {
            assertThrows(io.jshmem.error.ShmemException.class, () -> HeapFile.create(planted, 1 << 16, a));
        }
        assertEquals("keep", Files.readString(target));
    }

    private static Path heap(Path dir, String name, long pid) {
        Path f = dir.resolve(name);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = HeapFile.create(f, 1 << 16, a);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET, HeapLayout.MAGIC);
            StaleHeapFiles.writeOwner(h);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.PID_OFFSET, pid);
        }
        return f;
    }
}
