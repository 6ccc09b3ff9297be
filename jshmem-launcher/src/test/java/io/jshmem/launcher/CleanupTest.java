package io.jshmem.launcher;

import io.jshmem.memory.HeapFile;
import io.jshmem.memory.HeapLayout;
import io.jshmem.memory.StaleHeapFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code shmemrun --cleanup} removes heap files of dead owners from JSHMEM_HEAP_DIR and lists them. */
class CleanupTest {
    @Test
    void cleanupRemovesAndReportsStaleHeapFiles(@TempDir Path dir) throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        Path stale = HeapFile.path(dir, "dddddddddddd", 0, HeapFile.newToken());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = HeapFile.create(stale, 1 << 16, a);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET, HeapLayout.MAGIC);
            StaleHeapFiles.writeOwner(h);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.PID_OFFSET, p.pid());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = ShmemRun.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream()), "--env", "JSHMEM_HEAP_DIR=" + dir, "--cleanup");
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text);
        assertFalse(Files.exists(stale), text);
        assertTrue(text.contains("removed " + stale + " (65536 bytes, owner PID " + p.pid()), text);
        assertTrue(text.contains("stale heap file"), text);
    }
}
