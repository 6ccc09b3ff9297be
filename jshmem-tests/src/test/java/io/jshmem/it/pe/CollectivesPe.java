package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Every data collective (broadcast, fcollect, collect, alltoall, alltoalls) with 0 B, 8 B, 1 KiB and 1 MiB, roots
 * first and last, in place where allowed, on TEAM_WORLD and on the team of even PEs, whose odd PEs must keep
 * their buffers untouched. Algorithms come from the environment (JSHMEM_*_ALGO), so the test runs it several ways.
 */
public final class CollectivesPe {
    private static final long[] SIZES = {0, 8, 1024, 1 << 20};
    /** With the argument "quick" (the forced-algorithm runs): 64 KiB is 16 pipeline chunks of 4 KiB. */
    private static final long[] QUICK_SIZES = {0, 8, 1024, 64 << 10};
    private static long[] sizes = SIZES;
    private static final byte CANARY = (byte) 0xA5;

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("quick")) {
            sizes = QUICK_SIZES;
        }
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory src = shmem.malloc((1 << 20) + 4096);
            SymmetricMemory dst = shmem.malloc((long) n * (1 << 20) + 4096);
            Team world = shmem.teamWorld();
            int salt = 1;
            salt = exercise(shmem, world, src, dst, salt);
            Team even = world.splitStrided(0, 2, (n + 1) / 2);
            Expect.equal(me % 2 == 0, even.isValid(), "even team membership");
            if (me % 2 == 1) {
                Expect.equal(-1, even.myPe(), "non-member myPe");
                dst.local().fill(CANARY);
                src.local().fill(CANARY);
            }
            shmem.barrierAll();
            if (even.isValid()) {
                Expect.equal(me / 2, even.myPe(), "even team index");
                salt = exercise(shmem, even, src, dst, salt);
                even.destroy();
            }
            shmem.barrierAll();
            if (me % 2 == 1) {
                Patterns.expectFilled(dst.local(), 0, dst.byteSize(), CANARY, "odd PE dest untouched");
                Patterns.expectFilled(src.local(), 0, src.byteSize(), CANARY, "odd PE source untouched");
            }
            shmem.free(dst);
            shmem.free(src);
            System.out.println("COLLECTIVES OK pe " + me + " of " + n);
        }
    }

    /** Runs every collective on {@code team}; returns the next salt. */
    private static int exercise(ShmemRuntime shmem, Team team, SymmetricMemory src, SymmetricMemory dst, int salt) {
        int n = team.nPes();
        int me = team.myPe();
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (long size : sizes) {
            for (int root : new int[] {0, n - 1}) {
                salt++;
                Patterns.fill(s, 0, size, me, 0, salt);
                d.asSlice(0, size + 64).fill((byte) 0x11);
                team.broadcastmem(dst, 0, src, 0, size, root);
                Patterns.expect(d, 0, size, root, 0, salt, "broadcast " + size + " B root " + root);
                Patterns.expectFilled(d, size, 64, (byte) 0x11, "after broadcast " + size + " B");
                // typed and in place: source and dest the same block
                salt++;
                Patterns.fill(d, 0, size, me, 0, salt);
                team.broadcast(ValueLayout.JAVA_LONG, dst, 0, dst, 0, size / 8, root);
                Patterns.expect(d, 0, size / 8 * 8, root, 0, salt, "in-place typed broadcast " + size);
            }
            salt++;
            Patterns.fill(s, 0, size, me, 0, salt);
            d.asSlice(0, n * size + 64).fill((byte) 0x22);
            team.fcollectmem(dst, 0, src, 0, size);
            for (int k = 0; k < n; k++) {
                Patterns.expect(d, k * size, size, k, 0, salt, "fcollect " + size + " B block " + k);
            }
            Patterns.expectFilled(d, n * size, 64, (byte) 0x22, "after fcollect " + size + " B");
            // in place: own block already in dest
            salt++;
            Patterns.fill(d, me * size, size, me, 0, salt);
            team.fcollect(ValueLayout.JAVA_BYTE, dst, 0, dst, me * size, size);
            for (int k = 0; k < n; k++) {
                Patterns.expect(d, k * size, size, k, 0, salt, "in-place fcollect " + size + " B block " + k);
            }
            // collect: block of member k is size >> (k % 3) bytes
            salt++;
            long mine = size >> (me % 3);
            Patterns.fill(s, 0, mine, me, 0, salt);
            long total = team.collectmem(dst, 0, src, 0, mine);
            long off = 0;
            for (int k = 0; k < n; k++) {
                long len = size >> (k % 3);
                Patterns.expect(d, off, len, k, 0, salt, "collect " + size + " B block " + k);
                off += len;
            }
            Expect.equal(off, total, "collect total");
            // alltoall: block for member j is size/n rounded to longs
            long block = size / n / 8 * 8;
            salt++;
            for (int j = 0; j < n; j++) {
                Patterns.fill(s, j * block, block, me, j, salt);
            }
            team.alltoallmem(dst, 0, src, 0, block);
            for (int j = 0; j < n; j++) {
                Patterns.expect(d, j * block, block, j, me, salt, "alltoall " + block + " B from " + j);
            }
            alltoalls(team, src, dst, size, salt);
        }
        team.sync();
        return salt;
    }

    /** Strided alltoall of longs: element m for member j at source[3*(j*k+m)], lands at dest[2*(me*k+m)] on j. */
    private static void alltoalls(Team team, SymmetricMemory src, SymmetricMemory dst, long size, int salt) {
        int n = team.nPes();
        int me = team.myPe();
        long k = Math.min(size / 8 / n / 3, 1000);
        MemorySegment s = src.local();
        MemorySegment d = dst.local();
        for (int j = 0; j < n; j++) {
            for (long m = 0; m < k; m++) {
                s.setAtIndex(ValueLayout.JAVA_LONG, 3 * (j * k + m), value(me, j, m, salt));
            }
        }
        d.asSlice(0, Math.max(0, (2 * n * k) * 8)).fill((byte) 0x33);
        team.alltoalls(ValueLayout.JAVA_LONG, dst, 0, src, 0, 2, 3, k);
        for (int j = 0; j < n; j++) {
            for (long m = 0; m < k; m++) {
                Expect.equal(value(j, me, m, salt), d.getAtIndex(ValueLayout.JAVA_LONG, 2 * (j * k + m)),
                        "alltoalls element " + m + " from " + j);
                if (2 * (j * k + m) + 1 < 2 * n * k) {
                    Expect.equal(0x3333333333333333L, d.getAtIndex(ValueLayout.JAVA_LONG, 2 * (j * k + m) + 1),
                            "alltoalls gap untouched");
                }
            }
        }
    }

    private static long value(int from, int to, long m, int salt) {
        return from * 1_000_000_007L + to * 1_000_003L + m * 7 + salt;
    }
}
