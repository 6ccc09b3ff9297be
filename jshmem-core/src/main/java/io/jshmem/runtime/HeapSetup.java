package io.jshmem.runtime;

import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.error.ShmemException;
import io.jshmem.memory.HeapBacking;
import io.jshmem.memory.HeapFile;
import io.jshmem.memory.HeapLayout;
import io.jshmem.memory.MemfdHeap;
import io.jshmem.memory.StaleHeapFiles;
import io.jshmem.team.TeamLayout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates this PE's heap, maps the heaps of every PE on the same host, and drops the heap's handle once all of them
 * have mapped it, so that nothing is left anywhere even if the job is killed later. Collective.
 *
 * <p>A memfd heap ({@link HeapBacking#MEMFD}) is created before the exchange, so its descriptor travels in this PE's
 * announcement; it never has a name in a file system. A file heap is created after the exchange, once every PE has
 * checked that the heap directory of each host has room for the heaps of all PEs there: a full tmpfs would
 * otherwise kill PEs with SIGBUS when they touch their memory, so init fails on every PE at once with a sentence.
 */
final class HeapSetup {
    private static final long MIB = 1024 * 1024;

    private HeapSetup() {
    }

    /** Result: {@code heaps[pe]} is the mapping of pe's heap, or null for PEs on other hosts. */
    record Mapped(MemorySegment[] heaps, String[] hosts, HeapBacking backing) {
    }

    /** One PE's announcement: what every PE needs to check agreement and map the heap. */
    private record Announced(long size, long slots, String token, long pid, int fd, long free, String host) {
        String encode() {
            return size + "#" + slots + "#" + token + "#" + pid + "#" + fd + "#" + free + "#" + host;
        }

        static Announced decode(int p, byte[] bytes) {
            String[] f = new String(bytes, StandardCharsets.UTF_8).split("#", 7);
            try {
                if (f.length != 7 || !f[2].matches("[0-9a-f]{16}")) {
                    throw new IllegalArgumentException("fields");
                }
                return new Announced(Long.parseLong(f[0]), Long.parseLong(f[1]), f[2], Long.parseLong(f[3]),
                        Integer.parseInt(f[4]), Long.parseLong(f[5]), f[6]);
            } catch (IllegalArgumentException e) {
                throw new ShmemException("PE " + p + " announced a malformed heap description; are all PEs the same"
                        + " jshmem version?");
            }
        }
    }

    static Mapped run(RendezvousClient boot, int pe, int nPes, String session, HeapBacking backing, Path dir,
                      long size, int teamSlots, Arena arena, Duration timeout, boolean prefault) {
        // Files of jobs killed before they unlinked theirs: removed (and logged) before this job adds its own.
        StaleHeapFiles.sweep(List.of(dir));
        // The token makes the names unguessable; peers learn them only through the authenticated rendezvous.
        String token = HeapFile.newToken();
        MemorySegment[] heaps = new MemorySegment[nPes];
        MemfdHeap.Owned owned = null;
        Path own = null;
        boolean released = false;
        try {
            // The team-slot count fixes where user memory starts: it must agree like the size, or offsets differ.
            Announced mine;
            long pid = ProcessHandle.current().pid();
            if (backing == HeapBacking.MEMFD) {
                owned = MemfdHeap.create(HeapFile.name(session, pe, token), size, arena);
                heaps[pe] = owned.segment();
                writeHeader(heaps[pe], prefault);
                mine = new Announced(size, teamSlots, token, pid, owned.fd(), -1, HostIdentity.ofMemfd());
            } else {
                // Created only once every PE knows that every host's directory has room (checkRoom below).
                mine = new Announced(size, teamSlots, token, pid, -1, HeapFile.usableSpace(dir), HostIdentity.of(dir));
            }
            byte[][] all = boot.allgather("host", mine.encode().getBytes(StandardCharsets.UTF_8), timeout);
            Announced[] peers = new Announced[nPes];
            String[] hosts = new String[nPes];
            long[] sizes = new long[nPes];
            long[] slots = new long[nPes];
            for (int p = 0; p < nPes; p++) {
                peers[p] = Announced.decode(p, all[p]);
                hosts[p] = peers[p].host();
                sizes[p] = peers[p].size();
                slots[p] = peers[p].slots();
            }
            checkSame(pe, sizes, "the symmetric heap size", "SHMEM_SYMMETRIC_SIZE");
            checkSame(pe, slots, "the team limit", "JSHMEM_TEAMS_MAX");
            if (backing == HeapBacking.FILE) {
                checkRoom(pe, peers, dir);
                own = HeapFile.path(dir, session, pe, token);
                heaps[pe] = HeapFile.create(own, size, arena);
                // The part jshmem writes itself (header, team slots), or all of it when prefaulting, is allocated
                // before it is touched: a tmpfs filled by others since the check then fails here, not with SIGBUS.
                HeapFile.reserve(own, prefault ? size : Math.min(size, TeamLayout.userOffset(teamSlots)));
                writeHeader(heaps[pe], prefault);
            }
            boot.barrier("heap-created", timeout);
            for (int p = 0; p < nPes; p++) {
                if (p != pe && hosts[p].equals(hosts[pe])) {
                    Announced a = peers[p];
                    heaps[p] = backing == HeapBacking.MEMFD
                            ? MemfdHeap.map(a.pid(), a.fd(), HeapFile.name(session, p, a.token()), size, arena)
                            : HeapFile.map(HeapFile.path(dir, session, p, a.token()), size, arena);
                    long magic = heaps[p].get(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET);
                    if (magic != HeapLayout.MAGIC) {
                        throw new ShmemException("heap of PE " + p + " has a wrong header (" + Long.toHexString(magic)
                                + "): it was not written by this jshmem version");
                    }
                }
            }
            boot.barrier("heap-mapped", timeout);
            release(owned, own);
            released = true;
            return new Mapped(heaps, hosts, backing);
        } finally {
            if (!released) {
                release(owned, own);
            }
        }
    }

    /** Drops the heap's handle: the memfd's descriptor, or the file's name. The mappings stay valid. */
    private static void release(MemfdHeap.Owned owned, Path file) {
        if (owned != null) {
            MemfdHeap.closeDescriptor(owned.fd());
        }
        if (file != null) {
            HeapFile.unlinkQuietly(file);
        }
    }

    private static void writeHeader(MemorySegment h, boolean prefault) {
        // Owner first, magic last: a sweep only trusts a header whose magic is there, so it never sees half of one.
        StaleHeapFiles.writeOwner(h);
        h.set(ValueLayout.JAVA_LONG, HeapLayout.VERSION_OFFSET, HeapLayout.VERSION);
        h.set(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET, HeapLayout.MAGIC);
        if (prefault) {
            // After the header, so that a job killed while prefaulting leaves a file the next sweep recognizes.
            h.asSlice(HeapLayout.HEADER_BYTES).fill((byte) 0);
        }
    }

    /**
     * Every PE checks every host's heap directory (each PE announced the free space it saw), so that a directory too
     * small for the heaps of its PEs makes every PE of the job fail here, alike, before any heap exists.
     */
    private static void checkRoom(int pe, Announced[] peers, Path dir) {
        Map<String, long[]> byHost = new LinkedHashMap<>(); // host -> {PEs, smallest free space seen}
        for (Announced a : peers) {
            long[] h = byHost.computeIfAbsent(a.host(), k -> new long[] {0, Long.MAX_VALUE});
            h[0]++;
            if (a.free() >= 0) {
                h[1] = Math.min(h[1], a.free());
            }
        }
        for (Map.Entry<String, long[]> e : byHost.entrySet()) {
            long pes = e.getValue()[0];
            long free = e.getValue()[1];
            long size = peers[0].size();
            long need = size > Long.MAX_VALUE / pes ? Long.MAX_VALUE : pes * size;
            if (free != Long.MAX_VALUE && need > free) {
                boolean here = e.getKey().equals(peers[pe].host());
                String where = here ? dir + " (JSHMEM_HEAP_DIR) on this host" : HostIdentity.place(e.getKey())
                        + " (JSHMEM_HEAP_DIR) on host " + HostIdentity.hostName(e.getKey());
                throw new ShmemException("the heap directory " + where + " has " + mib(free) + " free, but the"
                        + " symmetric heaps of the " + pes + " PE(s) there need " + mib(need) + " (" + pes + " x "
                        + mib(size) + ", SHMEM_SYMMETRIC_SIZE): touching heap pages the directory cannot hold would"
                        + " kill the PEs with SIGBUS. Fix: JSHMEM_HEAP_BACKING=memfd (not limited by the"
                        + " directory), a bigger tmpfs (docker run --shm-size=" + (need + MIB - 1) / MIB
                        + "m or more, a Kubernetes emptyDir with medium: Memory mounted there), JSHMEM_HEAP_DIR on a"
                        + " tmpfs with room, or a smaller SHMEM_SYMMETRIC_SIZE (this is PE " + pe + ")");
            }
        }
    }

    private static String mib(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : String.format(java.util.Locale.ROOT, "%.1f MiB",
                bytes / (double) MIB);
    }

    private static void checkSame(int pe, long[] values, String what, String setting) {
        List<String> differ = new ArrayList<>();
        for (int p = 0; p < values.length; p++) {
            if (values[p] != values[0]) {
                differ.add("PE " + p + "=" + values[p]);
            }
        }
        if (!differ.isEmpty()) {
            throw new ShmemException("PEs disagree on " + what + ": PE 0=" + values[0] + " but "
                    + differ + "; give every PE the same " + setting + " (this is PE " + pe + ")");
        }
    }
}
