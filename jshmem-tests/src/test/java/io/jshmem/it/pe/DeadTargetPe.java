package io.jshmem.it.pe;

import io.jshmem.Shmem;
import io.jshmem.SignalOp;
import io.jshmem.SymmetricMemory;
import io.jshmem.error.PeFailedException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Every operation family against a PE that is killed with SIGKILL mid-loop. The last PE is the victim: it joins
 * a few world barriers, records the time in the file args[0] and kills itself. Each survivor runs one thread
 * per family, each looping its operation on the victim (or, for quiet/fence, on itself followed by the ordering
 * call); the main thread loops world barriers (the collective family). Every family must fail with a
 * PeFailedException naming the victim; each prints
 * {@code DETECTED family=F pe=P ms=M} (M: milliseconds from the kill) or {@code MISSED family=F ...}.
 * Survivors exit with status 3.
 */
public final class DeadTargetPe {
    public static final List<String> FAMILIES = List.of("put", "get", "scalar", "nbi", "atomic", "signal", "quiet", "fence",
            "peQuiet");
    private static final long GIVE_UP_MS = 15_000;
    private static final int NBI_BYTES = 64 << 10;

    public static void main(String[] args) throws Exception {
        Shmem.init();
        int me = Shmem.myPe();
        int victim = Shmem.nPes() - 1;
        SymmetricMemory mem = Shmem.malloc(4 << 20);
        java.nio.file.Path killedAt = java.nio.file.Path.of(args[0]);
        SymmetricMemory sig = Shmem.calloc(1, 8);
        Shmem.barrierAll();
        int rounds = 5 + ThreadLocalRandom.current().nextInt(10);
        if (me == victim) {
            for (int i = 0; i < rounds; i++) {
                Shmem.barrierAll();
            }
            Thread.sleep(ThreadLocalRandom.current().nextInt(200));
            // A file, not a put: the victim must not depend on its peers' progress (UCX over tcp) to record it.
            java.nio.file.Path tmp = java.nio.file.Path.of(args[0] + ".tmp");
            java.nio.file.Files.writeString(tmp, Long.toString(System.currentTimeMillis()));
            java.nio.file.Files.move(tmp, killedAt, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            SelfKill.now();
        }
        Arena arena = Arena.ofShared();
        Thread[] threads = new Thread[FAMILIES.size()];
        String[] results = new String[FAMILIES.size()];
        for (int f = 0; f < FAMILIES.size(); f++) {
            String family = FAMILIES.get(f);
            MemorySegment src = arena.allocate(NBI_BYTES, 64);
            MemorySegment dst = arena.allocate(NBI_BYTES, 64);
            int slot = f;
            long offset = 8192L + f * (2L * NBI_BYTES);
            threads[f] = Thread.ofPlatform().name("family-" + family).start(() ->
                    results[slot] = loop(family, () -> op(family, mem, offset, src, dst, sig, me, victim),
                            killedAt));
        }
        String barrier = loop("barrier", Shmem::barrierAll, killedAt);
        for (Thread t : threads) {
            t.join(GIVE_UP_MS + 5_000);
        }
        System.out.println(barrier);
        for (String r : results) {
            System.out.println(r);
        }
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }

    private static void op(String family, SymmetricMemory mem, long off, MemorySegment src, MemorySegment dst,
                           SymmetricMemory sig, int me, int victim) {
        switch (family) {
            case "put" -> Shmem.putmem(mem, off, src, 0, 8, victim);
            case "get" -> Shmem.getmem(dst, 0, mem, off, 8, victim);
            case "scalar" -> {
                Shmem.p(mem, off / 8, 42L, victim);
                Shmem.gLong(mem, off / 8 + 1, victim);
            }
            case "nbi" -> {
                Shmem.putmemNbi(mem, off, src, 0, NBI_BYTES, victim);
                Shmem.getmemNbi(dst, 0, mem, off + NBI_BYTES, NBI_BYTES, victim);
                Shmem.quiet();
            }
            case "atomic" -> {
                Shmem.atomicFetchAddLong(mem, off / 8, 1, victim);
                Shmem.atomicCompareSwapLong(mem, off / 8 + 1, 0, 1, victim);
            }
            case "signal" -> Shmem.putmemSignal(mem, off, src, 0, 8, sig, 0, 1, SignalOp.ADD, victim);
            case "quiet" -> {
                Shmem.putmemNbi(mem, off, src, 0, 8, me);
                Shmem.quiet();
            }
            case "fence" -> {
                Shmem.putmemNbi(mem, off, src, 0, 8, me);
                Shmem.fence();
            }
            case "peQuiet" -> {
                Shmem.putmemNbi(mem, off, src, 0, 8, me);
                Shmem.peQuiet(victim);
            }
            default -> throw new IllegalArgumentException(family);
        }
    }

    private static long killTime(java.nio.file.Path file) {
        try {
            return Long.parseLong(java.nio.file.Files.readString(file).trim());
        } catch (java.io.IOException | NumberFormatException e) {
            return 0; // not killed yet: the failure is not the victim's death
        }
    }

    /** Repeats {@code op} until it fails; describes how and when, relative to the victim's recorded kill time. */
    private static String loop(String family, Runnable op, java.nio.file.Path killedAt) {
        long start = System.currentTimeMillis();
        AtomicReference<String> outcome = new AtomicReference<>();
        while (System.currentTimeMillis() - start < GIVE_UP_MS) {
            try {
                op.run();
                // A short pause: ten looping threads per PE on a loaded 2-core machine must not starve the
                // victim's barriers (it would never get to die) or the engines' progress.
                java.util.concurrent.locks.LockSupport.parkNanos(50_000);
            } catch (PeFailedException e) {
                long ms = System.currentTimeMillis() - killTime(killedAt);
                outcome.set("DETECTED family=" + family + " pe=" + e.failedPe() + " ms=" + ms + " msg=" + e.getMessage());
                break;
            } catch (RuntimeException e) {
                outcome.set("MISSED family=" + family + " other exception " + e);
                break;
            }
        }
        return outcome.get() != null ? outcome.get() : "MISSED family=" + family + " no failure within " + GIVE_UP_MS
                + " ms";
    }
}
