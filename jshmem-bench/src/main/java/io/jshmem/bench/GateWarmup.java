package io.jshmem.bench;

import io.jshmem.ShmemRuntime;

import java.util.function.IntConsumer;

/**
 * The putmem gates' warm-up: passes shaped like a timed round (every path, in the round's alternating order, each
 * after a barrier, {@code calls} copies each; the caller runs a pass) until the passes of a quiet stretch, in which
 * no PE compiled anything ({@link JitClock}), made as many copies per path as the timed rounds will (and at least
 * {@value #MIN_QUIET_PASSES} passes), or the time budget is spent. A fixed count warmed the raw path (one JDK call
 * the JIT compiles early) but left jshmem's deeper call chain compiling through the first timed rounds, and on a host
 * whose PEs outnumber its cores the compiler threads slowed exactly the jshmem phases. Two quiet passes were not
 * enough either: the C2 compile of {@code MemorySegment.copy}, which both paths call, came about 5,000 calls in, in
 * the middle of the rounds. PE 0 decides after each pass and tells the others, so every PE runs the same passes.
 * Collective; not thread-safe.
 */
final class GateWarmup {
    /** The fewest consecutive passes without compilation on any PE that end the warm-up. */
    static final int MIN_QUIET_PASSES = 2;

    /**
     * What the warm-up did: passes run, copies per path in all, whether it ended on a quiet stretch (false: the
     * budget ran out, or the JVM cannot tell), the copies per path of that stretch, and the compile milliseconds of
     * the slowest-compiling PE summed over passes.
     */
    record Result(int passes, long callsPerPath, boolean jitQuiet, long quietCallsPerPath, long compileMs) {
    }

    private GateWarmup() {
    }

    /** The putmem gate's warm-up: each pass runs every {@link GatePaths.Path} in round order. */
    static Result run(ShmemRuntime shmem, PeGather gather, GatePaths paths, int calls, long quietCalls,
                      long maxNanos) {
        return run(shmem, gather, pass -> {
            for (GatePaths.Path p : GatePaths.order(pass)) {
                shmem.barrierAll();
                paths.time(p, calls);
            }
        }, calls, quietCalls, maxNanos);
    }

    /**
     * Runs the warm-up; {@code pass} runs pass number n of {@code calls} copies per path, with the barriers a round
     * has; {@code calls} 0 runs none. {@code quietCalls}: copies per path the quiet stretch must reach (the timed
     * rounds' count). {@code maxNanos} bounds the passes after the first (PE 0's clock).
     */
    static Result run(ShmemRuntime shmem, PeGather gather, IntConsumer pass, int calls, long quietCalls,
                      long maxNanos) {
        if (calls == 0) {
            return new Result(0, 0, false, 0, 0);
        }
        int needed = quietPassesFor(calls, quietCalls);
        long start = System.nanoTime();
        int passes = 0;
        int quiet = 0;
        long compileMs = 0;
        boolean more = true;
        while (more) {
            long before = JitClock.millis();
            pass.accept(passes);
            passes++;
            double worst = gather.max(JitClock.millis() - before);
            if (shmem.myPe() == 0) {
                compileMs += (long) worst;
                quiet = worst == 0 ? quiet + 1 : 0;
            }
            boolean again = more(quiet, needed, System.nanoTime() - start, maxNanos, JitClock.available());
            more = gather.broadcast(again ? 1 : 0) == 1;
        }
        // Only PE 0 kept the tally; the result is reported by PE 0.
        return new Result(passes, (long) passes * calls, quiet >= needed, (long) quiet * calls, compileMs);
    }

    /**
     * Quiet passes in a row that end the warm-up: enough for {@code quietCalls} copies at {@code calls} per pass,
     * and at least {@value #MIN_QUIET_PASSES}.
     */
    static int quietPassesFor(int calls, long quietCalls) {
        long passes = Math.ceilDiv(quietCalls, calls);
        return (int) Math.max(MIN_QUIET_PASSES, Math.min(passes, Integer.MAX_VALUE));
    }

    /**
     * Whether PE 0 wants another pass: not where the JVM cannot report compile time (one pass, the fixed warm-up),
     * nor past the budget, nor once {@code quietPasses} reached {@code needed}.
     */
    static boolean more(int quietPasses, int needed, long elapsedNanos, long maxNanos, boolean clockAvailable) {
        return clockAvailable && elapsedNanos < maxNanos && quietPasses < needed;
    }
}
