package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

/**
 * A mixed workload (puts, gets, nbi + quiet, atomics, signals, fences, barriers) on every PE, with the same
 * seeded sequence of operation kinds everywhere so that barriers line up. PE {@code args[0]} is killed with SIGKILL
 * {@code args[1]} ms after its JVM starts (during init, the workload or finalize). A survivor that sees the death
 * prints {@code CHAOS-FAILED type=T pe=P} and exits with 3; one that finished first prints {@code CHAOS-DONE}.
 */
public final class ChaosPe {
    private static final int ITERATIONS = 10_000;

    public static void main(String[] args) throws Exception {
        int victim = Integer.parseInt(args[0]);
        long delayMs = Long.parseLong(args[1]);
        long seed = Long.parseLong(args[2]);
        try {
            Shmem.init();
            if (Shmem.myPe() == victim) {
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        Thread.sleep(delayMs);
                        SelfKill.now();
                    } catch (Exception e) {
                        Runtime.getRuntime().halt(99);
                    }
                });
            }
            work(seed);
            Shmem.finalizeShmem();
            System.out.println("CHAOS-DONE");
        } catch (PeFailedException e) {
            System.out.println("CHAOS-FAILED type=PeFailedException pe=" + e.failedPe() + " " + e.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(3);
        } catch (ShmemException e) {
            System.out.println("CHAOS-FAILED type=" + e.getClass().getSimpleName() + " " + e.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(4);
        }
    }

    private static void work(long seed) {
        int me = Shmem.myPe();
        int n = Shmem.nPes();
        SymmetricMemory mem = Shmem.malloc(1 << 16);
        SymmetricMemory sig = Shmem.calloc(n, 8);
        MemorySegment buf = Arena.ofAuto().allocate(4096, 64);
        SplittableRandom kinds = new SplittableRandom(seed);
        for (int i = 0; i < ITERATIONS; i++) {
            int target = (me + 1 + i % Math.max(1, n - 1)) % n;
            switch (kinds.nextInt(8)) {
                case 0 -> Shmem.putmem(mem, 8L * me, buf, 0, 8, target);
                case 1 -> Shmem.getmem(buf, 0, mem, 0, 64, target);
                case 2 -> {
                    Shmem.putmemNbi(mem, 4096, buf, 0, 4096, target);
                    Shmem.quiet();
                }
                case 3 -> Shmem.atomicFetchAddLong(mem, 1024, 1, target);
                case 4 -> Shmem.putmemSignal(mem, 2048, buf, 0, 64, sig, me, 1, SignalOp.ADD, target);
                case 5 -> {
                    Shmem.p(mem, 600, (long) i, target);
                    Shmem.fence();
                }
                case 6 -> Shmem.gLong(mem, 601, target);
                default -> Shmem.barrierAll();
            }
        }
        Shmem.barrierAll();
    }
}
