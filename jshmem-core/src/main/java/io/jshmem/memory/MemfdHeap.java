package io.jshmem.memory;

import io.jshmem.error.ShmemException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A symmetric heap in an anonymous shared-memory file ({@code memfd_create}): it has no name in any file system, so
 * no kill at any moment leaves anything behind (its pages go when the last process that maps it or holds its
 * descriptor is gone), and it does not depend on the size of /dev/shm: its pages are the kernel's shmem pages,
 * allocated on first touch and charged to the toucher's memory cgroup. The only way touching one fails is memory
 * exhaustion (the OOM killer), never SIGBUS for a full tmpfs.
 *
 * <p>The owner creates it (close-on-exec, sized with {@code ftruncate} and sealed against shrinking and growing, so
 * no process can cut pages from under a mapping) and maps it through its own {@code /proc/self/fd/<fd>}. Same-host
 * peers open {@code /proc/<ownerPid>/fd/<fd>}, which the kernel allows only to processes of the owner's user (the
 * ptrace read check), after checking that the link names the owner's memfd ({@code /memfd:<name> (deleted)}: the
 * name carries the session and the random token announced over the authenticated rendezvous). The owner keeps the
 * descriptor open until every local PE has mapped the heap, then closes it. Stateless and thread-safe.
 */
public final class MemfdHeap {
    private static final String PROC = "/proc";

    /** The owner's side: its descriptor (open until {@link #closeDescriptor}) and its mapping. */
    public record Owned(int fd, MemorySegment segment) {
    }

    private MemfdHeap() {
    }

    /**
     * Whether memfd heaps work in this process: the libc calls link, and a memfd can be created and reopened through
     * /proc (a kernel without memfd_create, a seccomp filter that refuses it, or no /proc make this false).
     */
    public static boolean available() {
        return Probe.AVAILABLE;
    }

    /** Why {@link #available()} is false, or "" when it is true. */
    public static String unavailableReason() {
        return Probe.REASON;
    }

    /** Creates, sizes, seals and maps a memfd named {@code name} of {@code size} bytes (sparse). */
    public static Owned create(String name, long size, Arena arena) {
        int fd;
        try {
            fd = Posix.memfdCreate(name, Posix.MFD_CLOEXEC | Posix.MFD_ALLOW_SEALING);
        } catch (Posix.NativeError e) {
            throw new ShmemException("cannot create the memfd heap: " + e.getMessage() + "; set"
                    + " JSHMEM_HEAP_BACKING=file to use a heap file in JSHMEM_HEAP_DIR instead", e);
        }
        try {
            Posix.ftruncate(fd, size);
            Posix.addSeals(fd, Posix.F_SEAL_SHRINK | Posix.F_SEAL_GROW | Posix.F_SEAL_SEAL);
            return new Owned(fd, mapPath(Path.of(PROC, "self", "fd", Integer.toString(fd)), size, arena));
        } catch (Posix.NativeError | IOException e) {
            Posix.closeQuietly(fd);
            throw new ShmemException("cannot size or map the memfd heap of " + size + " bytes: " + e.getMessage()
                    + "; lower SHMEM_SYMMETRIC_SIZE", e);
        }
    }

    /**
     * Maps a same-host peer's memfd heap through {@code /proc/<pid>/fd/<fd>}; the link must name {@code name} and
     * the file must have {@code size} bytes.
     */
    public static MemorySegment map(long pid, int fd, String name, long size, Arena arena) {
        Path link = Path.of(PROC, Long.toString(pid), "fd", Integer.toString(fd));
        String target;
        try {
            target = Files.readSymbolicLink(link).toString();
        } catch (NoSuchFileException e) {
            throw new ShmemException("cannot reach the heap of a peer on this host through " + link + ": the process"
                    + " is gone or in another PID namespace (containers must share the PID namespace, e.g. --pid=host"
                    + " or shareProcessNamespace, or set JSHMEM_HEAP_BACKING=file with a shared JSHMEM_HEAP_DIR)", e);
        } catch (IOException | SecurityException e) {
            throw new ShmemException("cannot read " + link + " to map a peer's memfd heap: " + e.getMessage()
                    + "; PEs of one host must run as the same user, or set JSHMEM_HEAP_BACKING=file", e);
        }
        String expected = "/memfd:" + name + " (deleted)";
        if (!target.equals(expected)) {
            throw new ShmemException(link + " is " + target + ", not the peer's heap " + expected + ": the peer's"
                    + " process is gone and its PID was reused, or it is not a PE of this job");
        }
        try {
            return mapPath(link, size, arena);
        } catch (IOException e) {
            throw new ShmemException("cannot map a peer's memfd heap through " + link + ": " + e.getMessage()
                    + "; PEs of one host must run as the same user, or set JSHMEM_HEAP_BACKING=file", e);
        }
    }

    /** Closes the owner's descriptor once every local PE has mapped the heap; the mappings stay valid. */
    public static void closeDescriptor(int fd) {
        Posix.closeQuietly(fd);
    }

    /** A private scratch mapping of {@code size} bytes of the same kind of memory as the heaps, or null. */
    static MemorySegment scratch(long size, Arena arena) {
        if (!available()) {
            return null;
        }
        try {
            int fd = Posix.memfdCreate("jshmem-scratch", Posix.MFD_CLOEXEC);
            try {
                Posix.ftruncate(fd, size);
                return mapPath(Path.of(PROC, "self", "fd", Integer.toString(fd)), size, arena);
            } finally {
                Posix.closeQuietly(fd);
            }
        } catch (Posix.NativeError | IOException | RuntimeException e) {
            return null;
        }
    }

    private static MemorySegment mapPath(Path path, long size, Arena arena) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long actual = ch.size();
            if (actual != size) {
                throw new IOException(path + " has " + actual + " bytes, expected " + size
                        + " (every PE must use the same SHMEM_SYMMETRIC_SIZE)");
            }
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        }
    }

    /** One trial per process: create a one-page memfd and reopen it through /proc. */
    private static final class Probe {
        static final String REASON = probe();
        static final boolean AVAILABLE = REASON.isEmpty();

        private static String probe() {
            if (!Posix.available()) {
                return "memfd_create cannot be called here (not Linux, or a C library without it)";
            }
            try (Arena arena = Arena.ofConfined()) {
                int fd = Posix.memfdCreate("jshmem-probe", Posix.MFD_CLOEXEC | Posix.MFD_ALLOW_SEALING);
                try {
                    Posix.ftruncate(fd, 4096);
                    mapPath(Path.of(PROC, "self", "fd", Integer.toString(fd)), 4096, arena);
                } finally {
                    Posix.closeQuietly(fd);
                }
                return "";
            } catch (Posix.NativeError | IOException | RuntimeException e) {
                return e.getMessage() == null ? e.toString() : e.getMessage();
            }
        }
    }
}
