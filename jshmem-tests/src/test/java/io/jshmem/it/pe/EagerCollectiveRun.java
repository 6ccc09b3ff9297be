package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.ShmemRuntime;
import io.jshmem.SymmetricMemory;
import io.jshmem.Team;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * What the eager-collective stress programs share: a job that runs one exercise on TEAM_WORLD and on the team of
 * even PEs over the same three buffers, and the byte pattern (block, round, owner) that their checks compare.
 */
final class EagerCollectiveRun {
    /** One pass of a stress program over a team. */
    interface Exercise {
        void run(Team team, SymmetricMemory src, SymmetricMemory dst, SymmetricMemory sum);
    }

    private EagerCollectiveRun() {
    }

    /** Runs {@code exercise} on both teams, then prints {@code okWord} OK pe P of N. */
    static void onWorldAndEvenTeam(String okWord, long dstBytesPerPe, Exercise exercise) {
        try (ShmemRuntime shmem = Shmem.init()) {
            int me = shmem.myPe();
            int n = shmem.nPes();
            SymmetricMemory src = shmem.malloc(1024);
            SymmetricMemory dst = shmem.malloc(dstBytesPerPe * (n + 1));
            SymmetricMemory sum = shmem.malloc(64);
            Team world = shmem.teamWorld();
            exercise.run(world, src, dst, sum);
            Team even = world.splitStrided(0, 2, (n + 1) / 2);
            if (even.isValid()) {
                exercise.run(even, src, dst, sum);
                even.destroy();
            }
            shmem.barrierAll();
            shmem.free(sum);
            shmem.free(dst);
            shmem.free(src);
            System.out.println(okWord + " OK pe " + me + " of " + n);
        }
    }

    /** Byte {@code i} of the data that {@code owner} contributes in round {@code r}. */
    static byte at(long i, int r, int owner) {
        return (byte) (i * 7 + r * 13 + owner * 101 + 1);
    }

    static void fill(MemorySegment s, long bytes, int r, int owner) {
        for (long i = 0; i < bytes; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, at(i, r, owner));
        }
    }

    static void check(MemorySegment d, long bytes, int r, int owner, String what) {
        for (long i = 0; i < bytes; i++) {
            byte got = d.get(ValueLayout.JAVA_BYTE, i);
            if (got != at(i, r, owner)) {
                throw Expect.failure(what + ": byte " + i + " is " + got + ", expected " + at(i, r, owner), null);
            }
        }
    }
}
