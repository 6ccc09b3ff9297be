package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;
import io.jshmem.error.ShmemTimeoutException;

import java.util.List;

/**
 * The last PE skips a broadcast (run with JSHMEM_TIMEOUT=4): the others must not hang but throw at the deadline,
 * naming that PE as not arrived; afterwards all meet in barrierAll and finalize normally. The broadcast is 512 bytes,
 * the tree: one small enough for the eager algorithm synchronizes nobody, so its root and the members that do not
 * depend on the missing PE return, and the root sees the missing PE at its next collective. With the argument
 * "eager" the others run 8-byte broadcasts instead, which go through the team's 16-entry eager ring: the root may
 * run fifteen of them ahead of a member, so the first sixteen may return and the seventeenth must throw naming the
 * PE (a member that is not the root waits for data the root holds back).
 */
public final class CollectiveTimeoutPe {
    /** Entries of a team's eager ring (TeamLayout.EAGER_RING_ENTRIES, not exported to tests). */
    private static final int EAGER_RING_ENTRIES = 16;

    public static void main(String[] args) throws InterruptedException {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory buf = shmem.malloc(1024);
            Team world = shmem.teamWorld();
            if (me == n - 1) {
                Thread.sleep(6000);
            } else {
                boolean eager = args.length > 0 && args[0].equals("eager");
                ShmemTimeoutException e = Expect.thrown(ShmemTimeoutException.class, () -> {
                    if (eager) {
                        for (int i = 0; i < EAGER_RING_ENTRIES + 1; i++) {
                            world.broadcastmem(buf, 0, buf, 512, 8, 0);
                        }
                    } else {
                        world.broadcastmem(buf, 0, buf, 512, 512, 0);
                    }
                }, "broadcast on TEAM_WORLD", "did not complete");
                Expect.equal(List.of(n - 1), e.missingPes(), "late PEs named: " + e.getMessage());
            }
            // The world team is now in an undefined state (its members disagree on its epoch); barrierAll is not a
            // team operation. The skipping PE arrives between the others' collective deadline (4 s) and their
            // barrier deadline (4 s later).
            shmem.barrierAll();
            shmem.free(buf);
            System.out.println("TIMEOUT OK pe " + me + " of " + n);
        }
    }
}
