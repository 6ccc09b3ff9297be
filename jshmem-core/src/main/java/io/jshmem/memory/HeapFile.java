package io.jshmem.memory;

import io.jshmem.error.ShmemException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared-memory file behind one PE's symmetric heap: {@code <dir>/jshmem-<session>-<pe>-<token>}, where the
 * token is 64 random bits drawn by its PE at init and announced to the others only over the authenticated
 * rendezvous, so no other local user can predict (and pre-create, or plant a link at) the name. It is created
 * exclusively (O_CREAT|O_EXCL: an existing file or link is never opened) and owner-only, and mapped with
 * {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)} so the mapping lives as long as the runtime's
 * arena. The creator unlinks it once every local PE has mapped it; a job killed before that leaves it behind for
 * the launcher (and, where the launcher was killed too, {@link StaleHeapFiles}) to remove. Used where
 * {@link HeapBacking} selects the file; the default is a {@link MemfdHeap}, which never has a name.
 */
public final class HeapFile {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Files this process created and has not unlinked yet: what a halt must not leave behind. */
    private static final Set<Path> NOT_UNLINKED = ConcurrentHashMap.newKeySet();

    private HeapFile() {
    }

    /** A fresh unguessable token for this PE's heap file name (16 hex characters). */
    public static String newToken() {
        return HexFormat.of().toHexDigits(RANDOM.nextLong());
    }

    /** Name of PE {@code pe}'s heap for a session (the file's name, or the memfd's). */
    public static String name(String session, int pe, String token) {
        return "jshmem-" + session + "-" + pe + "-" + token;
    }

    /** Path of PE {@code pe}'s heap file for a session. */
    public static Path path(Path dir, String session, int pe, String token) {
        return dir.resolve(name(session, pe, token));
    }

    /** Bytes a new file in {@code dir} can take (statvfs's available blocks), or -1 when unknown. */
    public static long usableSpace(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Creates and maps this PE's heap file of {@code size} bytes (sparse: pages are allocated on first touch). */
    public static MemorySegment create(Path file, long size, Arena arena) {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new ShmemException("heap file " + file + " already exists although its name has a fresh random"
                    + " part: something else creates files with jshmem's names in JSHMEM_HEAP_DIR; remove it");
        } catch (IOException e) {
            throw new ShmemException("cannot create heap file " + file + ": " + e.getMessage()
                    + "; check that JSHMEM_HEAP_DIR points to a writable tmpfs with space", e);
        }
        NOT_UNLINKED.add(file);
        try (ch) {
            // Writing the last byte sizes the file without touching (allocating) the pages before it.
            ch.write(ByteBuffer.wrap(new byte[1]), size - 1);
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        } catch (IOException e) {
            unlinkQuietly(file);
            throw new ShmemException("cannot size or map heap file " + file + " to " + size + " bytes: "
                    + e.getMessage() + "; lower SHMEM_SYMMETRIC_SIZE or free space in JSHMEM_HEAP_DIR", e);
        }
    }

    /**
     * Allocates the pages of {@code [0, bytes)} of a heap file now ({@code fallocate}), so that touching them later
     * can never meet a full tmpfs (SIGBUS): a directory without room fails here, with a sentence. Where fallocate
     * cannot be called (no FFM libc binding) this does nothing: the room check at init is then the only guard.
     */
    public static void reserve(Path file, long bytes) {
        if (!Posix.available() || bytes <= 0) {
            return;
        }
        int fd;
        try {
            fd = Posix.open(file.toString(), Posix.O_RDWR | Posix.O_CLOEXEC);
        } catch (Posix.NativeError e) {
            throw new ShmemException("cannot open heap file " + file + " to reserve its pages: " + e.getMessage(), e);
        }
        try {
            Posix.fallocate(fd, 0, bytes);
        } catch (Posix.NativeError e) {
            throw new ShmemException("cannot reserve " + bytes + " bytes of heap file " + file + ": "
                    + e.getMessage() + "; the heap directory (JSHMEM_HEAP_DIR) filled up since init checked it: free"
                    + " space there, use JSHMEM_HEAP_BACKING=memfd, or lower SHMEM_SYMMETRIC_SIZE", e);
        } finally {
            Posix.closeQuietly(fd);
        }
    }

    /** Maps a peer's heap file; its size must equal {@code size}. */
    public static MemorySegment map(Path file, long size, Arena arena) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
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
        NOT_UNLINKED.remove(file);
    }

    /**
     * Unlinks every heap file this process created and has not unlinked yet: called just before the process halts
     * (its launcher died, or the job was aborted), so that a PE ended during init takes its file with it.
     */
    public static void unlinkUnfinished() {
        for (Path f : List.copyOf(NOT_UNLINKED)) {
            unlinkQuietly(f);
        }
    }
}
