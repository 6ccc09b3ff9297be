package io.jshmem.memory;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The measurement behind {@link CopyRoutine}'s choice of large-copy routine: on this host and in this process, is one
 * libc {@code memcpy} (critical FFM downcall, in {@link Copies}' chunks) faster than the JVM's copy stub
 * ({@code MemorySegment.copy})? Neither wins everywhere: glibc picks per CPU between {@code rep movsb}, vector loops
 * and (above {@code glibc.cpu.x86_non_temporal_threshold}, hundreds of MiB on large-L3 hosts) streaming stores,
 * while HotSpot's stub uses AVX loops; on the seed's 2-core AMD VMs memcpy was up to 15 % slower than the stub at
 * 8 MiB in one run and faster in others. So the two are timed against each other in the same process, alternating,
 * on memory of the same kind as the symmetric heaps (a shared tmpfs mapping, deleted at once), at two sizes: one
 * inside and one beyond the per-core caches. Each routine's figure is its best sample, the estimate that a loaded
 * machine's preemptions disturb least; {@link CopyRoutine} chooses memcpy only when it wins by a margin, since the
 * stub needs no downcall. Each routine is timed in blocks of consecutive copies ({@link #band}), and both figures are net of the
 * routines' call costs at this early, interpreted point ({@link #callCosts}). About 20-40 ms in all (16 MiB of
 * scratch pages faulted in, at each size two blocks of each routine of 3 ms or more, 256 tiny copies).
 * Not thread-safe; {@link CopyRoutine} runs it once per process, and a job's init pools the results of the PEs of a host
 * so that they all choose alike.
 */
final class CopyCalibration {
    /** The probe inside the per-core caches (L2 is 0.5-2 MiB on current x86). */
    static final long SMALL_PROBE = 256 * 1024;
    /**
     * The probe beyond them, of the size of the large puts the goals and the gate name. A 4 MiB probe (8 MiB of
     * buffers, inside a large L3) once chose memcpy at 6 % ahead on a loaded host where memcpy then copied 8 MiB
     * puts 1.8x slower than the stub: the probe must leave the caches as the real copies do.
     */
    static final long LARGE_PROBE = 8L * 1024 * 1024;
    /** Rounds per probe size, each a block of each routine. */
    private static final int ROUNDS = 2;
    /** Untimed copies that open each block, at least, to leave the state the other routine left behind. */
    static final int WARM_COPIES = 2;
    /** How long the untimed copies of a block last, at least. */
    static final long WARM_NANOS = 3_000_000L;
    /** Timed copies per block. */
    static final int TIMED = 2;
    /** 8-byte copies per batch of {@link #callCosts}: 4 batches of each routine take about 0.2 ms interpreted. */
    private static final int CALL_BATCH = 32;

    /**
     * One measured size band.
     *
     * @param probeBytes bytes per timed copy
     * @param stubNs     best time of the JVM stub, ns
     * @param memcpyNs   best time of libc memcpy, ns
     */
    record Band(long probeBytes, double stubNs, double memcpyNs) {
        boolean memcpyWins() {
            return CopyRoutine.memcpyWins(stubNs, memcpyNs);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d KiB: stub %.1f us, memcpy %.1f us -> %s", probeBytes / 1024,
                    stubNs / 1e3, memcpyNs / 1e3, memcpyWins() ? "memcpy" : "stub");
        }
    }

    /**
     * Both bands' measurements.
     *
     * @param small   the in-cache band, for copies below {@link Copies#BAND}
     * @param large   the out-of-cache band, for copies of at least {@link Copies#BAND}
     * @param memory  what memory was measured on
     */
    record Result(Band small, Band large, String memory) {
    }

    private CopyCalibration() {
    }

    /**
     * Times both routines at both probe sizes on a scratch mapping in {@code dir}, or of a memfd where {@code dir} is
     * null (anonymous memory where neither works).
     */
    static Result run(Path dir) {
        long bytes = 2 * LARGE_PROBE;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = null;
            String kind = "anonymous memory";
            if (dir != null) {
                mem = mapScratch(dir, bytes, arena);
                if (mem != null) {
                    kind = "a shared mapping in " + dir;
                }
            }
            if (mem == null) {
                mem = MemfdHeap.scratch(bytes, arena);
                if (mem != null) {
                    kind = "a shared mapping of a memfd";
                }
            }
            if (mem == null) {
                mem = arena.allocate(bytes, 4096);
            }
            // Fault every page in first: page faults would otherwise charge whichever routine ran first.
            mem.fill((byte) 1);
            MemorySegment src = mem.asSlice(0, LARGE_PROBE);
            MemorySegment dst = mem.asSlice(LARGE_PROBE, LARGE_PROBE);
            double[] perCall = callCosts(src, dst);
            return new Result(band(src, dst, SMALL_PROBE, ROUNDS, perCall),
                    band(src, dst, LARGE_PROBE, ROUNDS, perCall), kind);
        }
    }

    private static MemorySegment mapScratch(Path dir, long bytes, Arena arena) {
        Path f = null;
        try {
            f = Files.createTempFile(dir, "jshmem-copycal-", ".tmp");
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ch.truncate(bytes);
                return ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        } finally {
            if (f != null) {
                try {
                    // The mapping stays valid after the unlink; no file outlives the measurement.
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // The name is unique and the file tiny after the arena closes; nothing else to do.
                }
            }
        }
    }

    /**
     * What one call of each routine costs besides its copy, at this early point of the process: {stub, memcpy} in
     * ns, the best per-call time of batches of 8-byte copies. At init both run interpreted, where a downcall costs
     * about 0.4 us and a stub call about as much (compiled: tens of ns); memcpy makes one downcall per
     * {@link Copies} chunk (16 for an 8 MiB probe), so without this correction the calibration would measure the
     * interpreter and favour the stub by 8 % at 8 MiB and 18 % at 256 KiB, more than its margin.
     */
    private static double[] callCosts(MemorySegment src, MemorySegment dst) {
        double stub = Double.MAX_VALUE;
        double memcpy = Double.MAX_VALUE;
        for (int batch = 0; batch < 4; batch++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < CALL_BATCH; i++) {
                MemorySegment.copy(src, 0, dst, 0, 8);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < CALL_BATCH; i++) {
                Copies.memcpyChunked(src, 0, dst, 0, 8);
            }
            long t2 = System.nanoTime();
            stub = Math.min(stub, (double) (t1 - t0) / CALL_BATCH);
            memcpy = Math.min(memcpy, (double) (t2 - t1) / CALL_BATCH);
        }
        return new double[]{stub, memcpy};
    }

    /**
     * Best steady-state time per copy of each routine, less its call costs ({@link #callCosts}): {@code rounds}
     * rounds, each a block of untimed then {@link #TIMED} timed copies of one routine and then of the
     * other, the order alternating between rounds. Copies are timed only after copies of the same routine because a
     * switch of routine costs the first copies after it far more than either routine's own speed: on this project's
     * Intel Xeon VMs (2 MiB L2) the first stub copy of 8 MiB after memcpy copies took 1.6 ms and the second 0.69 ms,
     * the first two memcpy copies after stub copies 1.07 and 0.97 ms and the third 0.63 ms. Alternating single
     * copies measured that switch instead (stub 0.81-0.85 ms, memcpy 1.03 ms) and chose the stub, 9 % slower.
     */
    private static Band band(MemorySegment src, MemorySegment dst, long bytes, int rounds, double[] perCall) {
        double stub = Double.MAX_VALUE;
        double memcpy = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            boolean stubFirst = (r & 1) == 0;
            double a = block(src, dst, bytes, stubFirst);
            double b = block(src, dst, bytes, !stubFirst);
            stub = Math.min(stub, stubFirst ? a : b);
            memcpy = Math.min(memcpy, stubFirst ? b : a);
        }
        double stubCopy = Math.max(stub - perCall[0], stub / 2);
        double memcpyCopy = Math.max(memcpy - Copies.chunks(bytes) * perCall[1], memcpy / 2);
        return new Band(bytes, stubCopy, memcpyCopy);
    }

    /**
     * The best of {@link #TIMED} copies with one routine, after untimed ones for at least {@link #WARM_COPIES} copies
     * and {@link #WARM_NANOS}: the cost of a switch of routine lasts milliseconds rather than a number of copies.
     */
    private static double block(MemorySegment src, MemorySegment dst, long bytes, boolean stub) {
        long start = System.nanoTime();
        for (int i = 0; i < WARM_COPIES || System.nanoTime() - start < WARM_NANOS; i++) {
            time(src, dst, bytes, stub);
        }
        double best = Double.MAX_VALUE;
        for (int i = 0; i < TIMED; i++) {
            best = Math.min(best, time(src, dst, bytes, stub));
        }
        return best;
    }

    private static double time(MemorySegment src, MemorySegment dst, long bytes, boolean stub) {
        long t0 = System.nanoTime();
        if (stub) {
            MemorySegment.copy(src, 0, dst, 0, bytes);
        } else {
            Copies.memcpyChunked(src, 0, dst, 0, bytes);
        }
        return System.nanoTime() - t0;
    }
}
