package io.jshmem.memory;

import io.jshmem.config.Setting;
import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The backing rule (auto, memfd, file) and the memfd heap's create/map checks, in this process. */
class HeapBackingTest {
    private static Settings env(Map<String, String> vars) {
        return Settings.of(vars);
    }

    @Test
    void autoTakesMemfdUnlessTheHeapDirectoryIsNamed() {
        Assumptions.assumeTrue(MemfdHeap.available(), () -> "memfd heaps do not work here: "
                + MemfdHeap.unavailableReason());
        assertEquals(HeapBacking.MEMFD, HeapBacking.of(env(Map.of())));
        assertEquals(HeapBacking.MEMFD, HeapBacking.of(env(Map.of("JSHMEM_HEAP_BACKING", "AUTO"))));
        assertEquals(HeapBacking.FILE, HeapBacking.of(env(Map.of("JSHMEM_HEAP_DIR", "/dev/shm"))));
        assertEquals(HeapBacking.FILE, HeapBacking.of(env(Map.of()).with(Setting.HEAP_DIR, "/tmp")));
        assertEquals(HeapBacking.MEMFD, HeapBacking.of(env(Map.of("JSHMEM_HEAP_DIR", "/tmp",
                "JSHMEM_HEAP_BACKING", "memfd"))));
        assertEquals(HeapBacking.FILE, HeapBacking.of(env(Map.of("JSHMEM_HEAP_BACKING", "file"))));
    }

    @Test
    void anUnknownBackingIsRejectedWithTheChoices() {
        ShmemArgumentException e = assertThrows(ShmemArgumentException.class,
                () -> HeapBacking.of(env(Map.of("JSHMEM_HEAP_BACKING", "hugetlb"))));
        assertTrue(e.getMessage().contains("JSHMEM_HEAP_BACKING = 'hugetlb'")
                && e.getMessage().contains("one of auto, memfd, file"), e.getMessage());
    }

    @Test
    void aPeerMapsTheOwnersMemfdOnlyUnderItsNameAndSize() {
        Assumptions.assumeTrue(MemfdHeap.available(), () -> "memfd heaps do not work here: "
                + MemfdHeap.unavailableReason());
        long pid = ProcessHandle.current().pid();
        String name = HeapFile.name("bbbbbbbbbbbb", 0, "0123456789abcdef");
        try (Arena arena = Arena.ofShared()) {
            MemfdHeap.Owned owned = MemfdHeap.create(name, 1 << 20, arena);
            try {
                owned.segment().set(ValueLayout.JAVA_LONG, 4096, 42L);
                MemorySegment peer = MemfdHeap.map(pid, owned.fd(), name, 1 << 20, arena);
                assertEquals(42L, peer.get(ValueLayout.JAVA_LONG, 4096), "the peer's mapping shows the owner's store");
                peer.set(ValueLayout.JAVA_LONG, 0, 7L);
                assertEquals(7L, owned.segment().get(ValueLayout.JAVA_LONG, 0), "and the other way round");
                ShmemException wrongName = assertThrows(ShmemException.class, () -> MemfdHeap.map(pid, owned.fd(),
                        HeapFile.name("bbbbbbbbbbbb", 1, "0123456789abcdef"), 1 << 20, arena));
                assertTrue(wrongName.getMessage().contains("not the peer's heap"), wrongName.getMessage());
                ShmemException wrongSize = assertThrows(ShmemException.class,
                        () -> MemfdHeap.map(pid, owned.fd(), name, 2 << 20, arena));
                assertTrue(wrongSize.getMessage().contains("SHMEM_SYMMETRIC_SIZE"), wrongSize.getMessage());
            } finally {
                MemfdHeap.closeDescriptor(owned.fd());
            }
            assertTrue(!Files.exists(Path.of("/proc/self/fd/" + owned.fd()))
                    || !isMemfd(Path.of("/proc/self/fd/" + owned.fd()), name), "the descriptor is closed");
            assertEquals(42L, owned.segment().get(ValueLayout.JAVA_LONG, 4096), "the mapping outlives it");
        }
    }

    /** On a tmpfs, fallocate beyond the file system's size fails at once (nothing is allocated first). */
    @Test
    void reserveFailsWithASentenceWhereTheDirectoryHasNoRoom() throws Exception {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && "tmpfs".equals(Files.getFileStore(shm).type()),
                "needs /dev/shm on a tmpfs");
        Path dir = Files.createTempDirectory(shm, "heap-backing-test-");
        Path file = HeapFile.path(dir, "cccccccccccc", 0, HeapFile.newToken());
        long tooMuch = 2 * Files.getFileStore(dir).getTotalSpace() + (1L << 30);
        try (Arena arena = Arena.ofConfined()) {
            HeapFile.create(file, tooMuch, arena);
            ShmemException e = assertThrows(ShmemException.class, () -> HeapFile.reserve(file, tooMuch));
            assertTrue(e.getMessage().contains("cannot reserve")
                    && e.getMessage().contains("JSHMEM_HEAP_BACKING=memfd"), e.getMessage());
            HeapFile.reserve(file, 1 << 16);
        } finally {
            HeapFile.unlinkQuietly(file);
            Files.deleteIfExists(dir);
        }
    }

    private static boolean isMemfd(Path fd, String name) {
        try {
            return Files.readSymbolicLink(fd).toString().contains(name);
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
