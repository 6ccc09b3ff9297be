package io.jshmem.memory;

import io.jshmem.config.ShmemLog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Finds and removes heap files whose owner process is gone: what a job killed before its PEs unlinked their files
 * leaves behind (a kill -9 of everything during init). Run by every init and by {@code shmemrun} (also on demand,
 * {@code shmemrun --cleanup}).
 *
 * <p>A file is removed only when all of these hold, so that nothing of a running job or of another user is touched:
 * its name starts with {@code jshmem-}; it is a regular file (links are never followed); it belongs to this
 * process's user; its header carries jshmem's magic (a file without one is being created right now, or is not
 * jshmem's); it was written in this process's PID namespace (containers sharing /dev/shm keep their hands off
 * each other's files); and the owner recorded in the header no longer runs (no process with its PID, or one that
 * started at another time, i.e. a reused PID). Stateless and thread-safe; concurrent sweeps of one directory are harmless.
 */
public final class StaleHeapFiles {
    private static final System.Logger LOG = ShmemLog.logger(StaleHeapFiles.class);
    /** Start times recorded and observed may differ by clock granularity; a reused PID starts far later. */
    private static final long START_SLACK_MS = 2_000;
    private static final long PID_NAMESPACE = pidNamespace();

    /** One removed file. */
    public record Removed(Path file, long ownerPid, long bytes) {
        @Override
        public String toString() {
            return file + " (" + bytes + " bytes, owner PID " + ownerPid + " no longer runs)";
        }
    }

    private StaleHeapFiles() {
    }

    /** Removes the stale heap files in {@code dirs}; each removal is logged at warn. Never throws for I/O. */
    public static List<Removed> sweep(Collection<Path> dirs) {
        List<Removed> removed = new ArrayList<>();
        Optional<Object> me = myUid();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "jshmem-*")) {
                for (Path f : files) {
                    staleOwner(f, me).ifPresent(pid -> remove(f, pid, removed));
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable directory holds nothing we could remove.
            }
        }
        return removed;
    }

    /** Records the PID and start time of this process in a fresh heap's header. */
    public static void writeOwner(java.lang.foreign.MemorySegment heap) {
        ProcessHandle self = ProcessHandle.current();
        heap.set(java.lang.foreign.ValueLayout.JAVA_LONG, HeapLayout.PID_OFFSET, self.pid());
        heap.set(java.lang.foreign.ValueLayout.JAVA_LONG, HeapLayout.OWNER_START_OFFSET,
                self.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
        heap.set(java.lang.foreign.ValueLayout.JAVA_LONG, HeapLayout.OWNER_PID_NS_OFFSET, PID_NAMESPACE);
    }

    /** This process's PID namespace inode, from the /proc/self/ns/pid link ("pid:[4026531836]"); 0 if unknown. */
    private static long pidNamespace() {
        try {
            String link = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
            return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static void remove(Path f, long pid, List<Removed> removed) {
        try {
            long bytes = Files.size(f);
            if (Files.deleteIfExists(f)) {
                Removed r = new Removed(f, pid, bytes);
                removed.add(r);
                LOG.log(System.Logger.Level.WARNING, () -> "removed stale heap file " + r
                        + ": a jshmem job was killed before it could clean up");
            }
        } catch (IOException e) {
            // Someone else removed it first, or it is not ours after all.
        }
    }

    /** The owner PID of a stale file, or empty when the file must be left alone. */
    private static Optional<Long> staleOwner(Path f, Optional<Object> me) {
        try {
            if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            if (me.isEmpty() || !me.get().equals(Files.getAttribute(f, "unix:uid", LinkOption.NOFOLLOW_LINKS))) {
                return Optional.empty();
            }
            ByteBuffer header = ByteBuffer.allocate((int) HeapLayout.HEADER_BYTES).order(ByteOrder.nativeOrder());
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                if (ch.size() < HeapLayout.HEADER_BYTES) {
                    return Optional.empty();
                }
                while (header.hasRemaining() && ch.read(header, header.position()) > 0) {
                    // read until the header is complete
                }
            }
            if (header.hasRemaining() || header.getLong((int) HeapLayout.MAGIC_OFFSET) != HeapLayout.MAGIC) {
                return Optional.empty();
            }
            long pid = header.getLong((int) HeapLayout.PID_OFFSET);
            long start = header.getLong((int) HeapLayout.OWNER_START_OFFSET);
            long ns = header.getLong((int) HeapLayout.OWNER_PID_NS_OFFSET);
            if (ns != 0 && PID_NAMESPACE != 0 && ns != PID_NAMESPACE) {
                return Optional.empty(); // another container's PID: we cannot tell whether it runs
            }
            return pid > 0 && !runs(pid, start) ? Optional.of(pid) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean runs(long pid, long startMillis) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) {
            return false;
        }
        if (startMillis == 0) {
            return true;
        }
        return h.get().info().startInstant()
                .map(t -> Math.abs(t.toEpochMilli() - startMillis) <= START_SLACK_MS)
                .orElse(true);
    }

    /** This process's uid, as the file system reports owners; /proc/self belongs to the process's user. */
    private static Optional<Object> myUid() {
        try {
            return Optional.of(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
