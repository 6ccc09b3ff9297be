package io.jshmem.runtime;

import io.jshmem.bootstrap.RendezvousClient;
import io.jshmem.error.ShmemException;
import io.jshmem.memory.HeapFile;
import io.jshmem.memory.HeapLayout;
import io.jshmem.memory.StaleHeapFiles;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates this PE's heap file, maps the heaps of every PE on the same host, and unlinks the file once all of them
 * have mapped it (so nothing is left in the heap directory even if the job is killed later). Collective.
 */
final class HeapSetup {
    private HeapSetup() {
    }

    /** Result: {@code heaps[pe]} is the mapping of pe's heap, or null for PEs on other hosts. */
    record Mapped(MemorySegment[] heaps, String[] hosts) {
    }

    static Mapped run(RendezvousClient boot, int pe, int nPes, String session, Path dir, long size, int teamSlots,
                      Arena arena, Duration timeout, boolean prefault) {
        // Files of jobs killed before they unlinked theirs: removed (and logged) before this job adds its own.
        StaleHeapFiles.sweep(List.of(dir));
        // The token makes the file names unguessable; peers learn them only through the authenticated rendezvous.
        String token = HeapFile.newToken();
        // The team-slot count fixes where user memory starts: it must agree like the size, or offsets differ.
        String me = HostIdentity.of(dir) + "#" + size + "#" + teamSlots + "#" + token;
        byte[][] all = boot.allgather("host", me.getBytes(StandardCharsets.UTF_8), timeout);
        String[] hosts = new String[nPes];
        long[] sizes = new long[nPes];
        long[] slots = new long[nPes];
        String[] tokens = new String[nPes];
        for (int p = 0; p < nPes; p++) {
            String s = new String(all[p], StandardCharsets.UTF_8);
            int tokenHash = s.lastIndexOf('#');
            tokens[p] = s.substring(tokenHash + 1);
            if (!tokens[p].matches("[0-9a-f]{16}")) {
                throw new ShmemException("PE " + p + " announced a malformed heap file token; are all PEs the same"
                        + " jshmem version?");
            }
            int slotHash = s.lastIndexOf('#', tokenHash - 1);
            int hash = s.lastIndexOf('#', slotHash - 1);
            hosts[p] = s.substring(0, hash);
            sizes[p] = Long.parseLong(s.substring(hash + 1, slotHash));
            slots[p] = Long.parseLong(s.substring(slotHash + 1, tokenHash));
        }
        checkSame(pe, sizes, "the symmetric heap size", "SHMEM_SYMMETRIC_SIZE");
        checkSame(pe, slots, "the team limit", "JSHMEM_TEAMS_MAX");

        Path own = HeapFile.path(dir, session, pe, token);
        MemorySegment[] heaps = new MemorySegment[nPes];
        boolean unlinked = false;
        try {
            heaps[pe] = HeapFile.create(own, size, arena);
            MemorySegment h = heaps[pe];
            // Owner first, magic last: a sweep only trusts a header whose magic is there, so it never sees half of one.
            StaleHeapFiles.writeOwner(h);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.VERSION_OFFSET, HeapLayout.VERSION);
            h.set(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET, HeapLayout.MAGIC);
            if (prefault) {
                // After the header, so that a job killed while prefaulting leaves a file the next sweep recognizes.
                h.asSlice(HeapLayout.HEADER_BYTES).fill((byte) 0);
            }
            boot.barrier("heap-created", timeout);
            for (int p = 0; p < nPes; p++) {
                if (p != pe && hosts[p].equals(hosts[pe])) {
                    heaps[p] = HeapFile.map(HeapFile.path(dir, session, p, tokens[p]), size, arena);
                    long magic = heaps[p].get(ValueLayout.JAVA_LONG, HeapLayout.MAGIC_OFFSET);
                    if (magic != HeapLayout.MAGIC) {
                        throw new ShmemException("heap of PE " + p + " has a wrong header (" + Long.toHexString(magic)
                                + "): it was not written by this jshmem version");
                    }
                }
            }
            boot.barrier("heap-mapped", timeout);
            HeapFile.unlinkQuietly(own);
            unlinked = true;
        } finally {
            if (!unlinked) {
                HeapFile.unlinkQuietly(own);
            }
        }
        return new Mapped(heaps, hosts);
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
