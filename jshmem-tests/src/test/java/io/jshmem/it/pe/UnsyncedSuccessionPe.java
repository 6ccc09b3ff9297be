package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;

/**
 * Collectives that end without an exit sync (alltoall, fcollect: the last thing a member does is wait for the
 * others' blocks) followed at once by one that writes into members before its first sync (pipelined or tree
 * broadcast: the root signals its successors first). A member that finished the first may then signal a member
 * still waiting in it. Each result is checked before the next call; {@code args[0]} rounds. Run with
 * JSHMEM_BCAST_ALGO = pipeline or tree and JSHMEM_FCOLLECT_ALGO = direct, ring or rd.
 */
public final class UnsyncedSuccessionPe {
    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            Team world = shmem.teamWorld();
            long block = 8192;
            long bcast = 65536;
            SymmetricMemory src = shmem.malloc(Math.max(n * block, bcast));
            SymmetricMemory dst = shmem.malloc(Math.max(n * block, bcast));
            MemorySegment s = src.local();
            MemorySegment d = dst.local();
            int salt = 0;
            for (int r = 0; r < rounds; r++) {
                salt++;
                for (int j = 0; j < n; j++) {
                    Patterns.fill(s, j * block, block, me, j, salt);
                }
                world.alltoallmem(dst, 0, src, 0, block);
                for (int j = 0; j < n; j++) {
                    Patterns.expect(d, j * block, block, j, me, salt, "round " + r + " alltoall block from " + j);
                }
                salt++;
                int root = r % n;
                Patterns.fill(s, 0, bcast, me, 0, salt);
                world.broadcastmem(dst, 0, src, 0, bcast, root);
                Patterns.expect(d, 0, bcast, root, 0, salt, "round " + r + " broadcast after alltoall, root " + root);
                salt++;
                Patterns.fill(s, 0, block, me, 0, salt);
                world.fcollectmem(dst, 0, src, 0, block);
                for (int k = 0; k < n; k++) {
                    Patterns.expect(d, k * block, block, k, 0, salt, "round " + r + " fcollect block " + k);
                }
                salt++;
                Patterns.fill(s, 0, bcast, me, 0, salt);
                world.broadcastmem(dst, 0, src, 0, bcast, (root + 1) % n);
                Patterns.expect(d, 0, bcast, (root + 1) % n, 0, salt, "round " + r + " broadcast after fcollect");
            }
            shmem.free(dst);
            shmem.free(src);
            System.out.println("UNSYNCED SUCCESSION OK pe " + me + " of " + n);
        }
    }
}
