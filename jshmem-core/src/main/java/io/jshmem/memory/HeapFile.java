package io.jshmem.memory;

import io.jshmem.error.ShmemException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The shared-memory file behind one PE's symmetric heap: {@code <dir>/jshmem-<session>-<pe>}, created owner-only,
 * mapped with {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)} so the mapping lives as long as the
 * runtime's arena. The creator unlinks it once every local PE has mapped it, so a crash leaves nothing behind
 * (the launcher removes files of a job that died before that point).
 */
public final class HeapFile {
    private HeapFile() {
    }

    /** Name of PE {@code pe}'s heap file for a session. */
    public static Path path(Path dir, String session, int pe) {
        return dir.resolve("jshmem-" + session + "-" + pe);
    }

    /** Creates and maps this PE's heap file of {@code size} bytes (sparse: pages are allocated on first touch). */
    public static MemorySegment create(Path file, long size, Arena arena) {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new ShmemException("heap file " + file + " already exists: another job with the same session is "
                    + "running, or a crashed job left it; remove it or use a new unique id");
        } catch (IOException e) {
            throw new ShmemException("cannot create heap file " + file + ": " + e.getMessage()
                    + "; check that JSHMEM_HEAP_DIR points to a writable tmpfs with space", e);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // Writing the last byte sizes the file without touching (allocating) the pages before it.
            ch.write(ByteBuffer.wrap(new byte[1]), size - 1);
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        } catch (IOException e) {
            unlinkQuietly(file);
            throw new ShmemException("cannot size or map heap file " + file + " to " + size + " bytes: "
                    + e.getMessage() + "; lower SHMEM_SYMMETRIC_SIZE or free space in JSHMEM_HEAP_DIR", e);
        }
    }

    /** Maps a peer's heap file; its size must equal {@code size}. */
    public static MemorySegment map(Path file, long size, Arena arena) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long actual = ch.size();
            if (actual != size) {
                throw new ShmemException("heap file " + file + " has " + actual + " bytes, expected " + size
                        + "; every PE must use the same SHMEM_SYMMETRIC_SIZE");
            }
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        } catch (NoSuchFileException e) {
            throw new ShmemException("peer heap file " + file + " does not exist: the peer is not on this host or "
                    + "uses another JSHMEM_HEAP_DIR", e);
        } catch (IOException e) {
            throw new ShmemException("cannot map peer heap file " + file + ": " + e.getMessage(), e);
        }
    }

    public static void unlinkQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // Best effort: the launcher sweeps the session's files at the end of the job.
        }
    }
}
