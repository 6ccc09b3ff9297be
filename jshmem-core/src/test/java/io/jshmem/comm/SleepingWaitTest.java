package io.jshmem.comm;

import io.jshmem.Cmp;

import io.jshmem.error.PeFailedException;
import io.jshmem.error.ShmemTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Waits in {@link WaitMode#SLEEP}: threads play PEs on in-process heaps and sleep on the heaps' doorbell futexes.
 * The slices are long (several seconds), so a lost wake-up would stall a waiter for a whole slice: the stress tests
 * assert that no sleep ever ran its full slice, i.e. every sleeper was woken by the write it waited for.
 */
class SleepingWaitTest {
    private static final long FLAG = 4096;
    /** Long enough that one lost wake-up would show as a full slice, and make the test hit its timeout. */
    private static final long LONG_SLICE = 5_000_000_000L;

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void pingPongLosesNoWakeUps() throws Exception {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        int rounds = 20_000;
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(60), WaitMode.SLEEP, LONG_SLICE,
                new FailureState())) {
            assertEquals(WaitMode.SLEEP, pes.comms[0].waitLoop().mode());
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread partner = Thread.ofPlatform().daemon().start(() -> {
                try {
                    Comm c = pes.comms[1];
                    for (long i = 1; i <= rounds; i++) {
                        PointToPoint.waitUntil(c, WaitType.LONG, FLAG, Cmp.EQ, i, "ping");
                        c.putScalar(0, FLAG, ValueLayout.JAVA_LONG, i);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            Comm c = pes.comms[0];
            for (long i = 1; i <= rounds; i++) {
                c.putScalar(1, FLAG, ValueLayout.JAVA_LONG, i);
                assertEquals(i, PointToPoint.waitUntil(c, WaitType.LONG, FLAG, Cmp.EQ, i, "pong"));
            }
            partner.join();
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertEquals(0, pes.comms[0].waitLoop().fullSlices() + pes.comms[1].waitLoop().fullSlices(),
                    "a sleep that ran its whole slice is a lost wake-up");
            assertTrue(pes.comms[0].waitLoop().sleeps() + pes.comms[1].waitLoop().sleeps() > 0,
                    "the waiters slept at least once (else the test proves nothing)");
        }
    }

    /**
     * Two threads of one PE sleep on one doorbell, each for its own word, while the writer also writes a word nobody
     * waits for: a ring clears the doorbell's arming, and the thread that did not get its value must arm it again
     * before it sleeps, whoever's write woke it.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void twoSleepersOfOnePeAndUnrelatedWritesLoseNoWakeUps() throws Exception {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        int rounds = 5_000;
        long[] words = {FLAG, FLAG + 128};
        long noise = FLAG + 256;
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(60), WaitMode.SLEEP, LONG_SLICE,
                new FailureState())) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] sleepers = new Thread[2];
            for (int t = 0; t < 2; t++) {
                long word = words[t];
                sleepers[t] = Thread.ofPlatform().daemon().start(() -> {
                    try {
                        Comm c = pes.comms[0];
                        for (long i = 1; i <= rounds; i++) {
                            PointToPoint.waitUntil(c, WaitType.LONG, word, Cmp.GE, i, "sleeper");
                            c.putScalar(1, word, ValueLayout.JAVA_LONG, i);
                        }
                    } catch (Throwable e) {
                        failure.set(e);
                    }
                });
            }
            Comm c = pes.comms[1];
            for (long i = 1; i <= rounds && failure.get() == null; i++) {
                for (long word : words) {
                    c.putScalar(0, noise, ValueLayout.JAVA_LONG, i);
                    c.putScalar(0, word, ValueLayout.JAVA_LONG, i);
                    PointToPoint.waitUntil(c, WaitType.LONG, word, Cmp.GE, i, "ack");
                }
            }
            for (Thread t : sleepers) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertEquals(0, pes.fullSlices(), "a sleep that ran its whole slice is a lost wake-up");
            assertTrue(pes.comms[0].waitLoop().sleeps() > 0, "the sleepers slept (else the test proves nothing)");
        }
    }

    /** More PE threads than cores, each passing a token along a ring with a different write path per hop. */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void tokenRingOfManyThreadsLosesNoWakeUps() throws Exception {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        int n = Math.max(6, 3 * Runtime.getRuntime().availableProcessors());
        int laps = 1_500;
        try (InProcessPes pes = new InProcessPes(n, Duration.ofSeconds(90), WaitMode.SLEEP, LONG_SLICE,
                new FailureState())) {
            pes.runAll(me -> {
                Comm c = pes.comms[me];
                int next = (me + 1) % n;
                for (long lap = 1; lap <= laps; lap++) {
                    if (me != 0 || lap > 1) {
                        PointToPoint.waitUntil(c, WaitType.LONG, FLAG, Cmp.GE, me == 0 ? lap - 1 : lap, "token");
                    }
                    // Three writer paths, each of which must ring: a store, a release store, an atomic.
                    switch ((int) (lap % 3)) {
                        case 0 -> c.putScalar(next, FLAG, ValueLayout.JAVA_LONG, lap);
                        case 1 -> c.putLongRelease(next, FLAG, lap);
                        default -> c.atomicLong(io.jshmem.spi.AmoOp.SET, next, FLAG, lap, 0);
                    }
                }
            });
            assertEquals(0, pes.fullSlices(), "a sleep that ran its whole slice is a lost wake-up");
            long slept = 0;
            for (Comm c : pes.comms) {
                slept += c.waitLoop().sleeps();
            }
            assertTrue(slept > laps, "the waiters slept (" + slept + " sleeps)");
            assertEquals(laps, pes.heaps[0].get(ValueLayout.JAVA_LONG, FLAG));
        }
    }

    @Test
    @Timeout(30)
    void sleepingWaitStillMeetsItsDeadline() {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        try (InProcessPes pes = new InProcessPes(1, Duration.ofSeconds(1), WaitMode.SLEEP, LONG_SLICE,
                new FailureState())) {
            long start = System.nanoTime();
            ShmemTimeoutException e = assertThrows(ShmemTimeoutException.class, () -> PointToPoint.waitUntil(
                    pes.comms[0], WaitType.INT, FLAG, Cmp.EQ, 7, "shmem_int_wait_until"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 900 && ms < 4_000, "timed out after " + ms + " ms, the deadline is 1 s");
            assertTrue(e.getMessage().contains("shmem_int_wait_until") && e.getMessage().contains("== 7"),
                    e.getMessage());
        }
    }

    @Test
    @Timeout(30)
    void sleepingWaitSeesADeadPe() throws Exception {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        FailureState failures = new FailureState();
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(20), WaitMode.SLEEP, 50_000_000L,
                failures)) {
            Thread killer = Thread.ofPlatform().daemon().start(() -> {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                failures.peerLost(1, "killed by the test");
            });
            long start = System.nanoTime();
            PeFailedException e = assertThrows(PeFailedException.class, () -> PointToPoint.waitUntil(
                    pes.comms[0], WaitType.LONG, FLAG, Cmp.EQ, 1, "wait"));
            killer.join();
            assertEquals(1, e.failedPe());
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 10_000, "the dead PE was noticed after " + ms + " ms");
        }
    }

    /**
     * A condition that first holds on its {@code n}-th check: past the polls (at most 64 in sleep mode) but within
     * the yield phase, so the yields must catch it without a sleep, and without yields the waiter sleeps.
     */
    private static final class HoldsOnCheck implements WaitCondition {
        private final int n;
        private int checks;

        HoldsOnCheck(int n) {
            this.n = n;
        }

        @Override
        public boolean satisfied() {
            return ++checks >= n;
        }
    }

    @Test
    @Timeout(30)
    void theYieldPhaseCatchesAWriteBeforeTheWaiterSleepsAndZeroYieldsSleepAtOnce() {
        assumeTrue(Futex.available(), "futexes need Linux on x86_64, aarch64 or riscv64");
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment heap = arena.allocate(InProcessPes.HEAP, 128);
            // The phase's time bound is widened to 10 s: on a loaded host 40 yields can outlast the default 1 ms
            // (a yield may hand the core away for a whole time slice), and the count is what is tested here.
            WaitLoop yielding = new WaitLoop(64, Duration.ofSeconds(10), new FailureState(), WaitMode.SLEEP, heap,
                    1_000_000, 0, null, 128, 10_000_000_000L);
            yielding.await(new HoldsOnCheck(64 + 40), () -> "yield test");
            assertEquals(0, yielding.sleeps(), "the condition held during the yields: no sleep was needed");

            WaitLoop sleeping = new WaitLoop(64, Duration.ofSeconds(10), new FailureState(), WaitMode.SLEEP, heap,
                    1_000_000, 0, null, 0);
            sleeping.await(new HoldsOnCheck(64 + 5), () -> "no-yield test");
            assertTrue(sleeping.sleeps() > 0, "without yields the waiter sleeps once its polls are spent");

            // The time bound ends the phase before its count: a 1 ns bound leaves the waiter after at most 8 yields.
            WaitLoop bounded = new WaitLoop(64, Duration.ofSeconds(10), new FailureState(), WaitMode.SLEEP, heap,
                    1_000_000, 0, null, 128, 1);
            bounded.await(new HoldsOnCheck(64 + 40), () -> "bounded yield test");
            assertTrue(bounded.sleeps() > 0, "the yield phase ends at its time bound, then the waiter sleeps");
        }
    }

    @Test
    void aNegativeYieldCountIsRefusedNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WaitLoop(64,
                Duration.ofSeconds(1), new FailureState(), WaitMode.SLEEP, null, 1_000_000, 0, null, -1));
        assertTrue(e.getMessage().contains("JSHMEM_WAIT_YIELDS = -1") && e.getMessage().contains("0 (sleep at once)"),
                e.getMessage());
    }

    @Test
    void autoModeSpinsWhileEveryPeHasACore() {
        assertEquals(WaitMode.SPIN, WaitMode.choose("auto", 2, 2));
        assertEquals(Futex.available() ? WaitMode.SLEEP : WaitMode.POLL, WaitMode.choose("auto", 3, 2));
        assertEquals(WaitMode.POLL, WaitMode.choose("poll", 64, 2));
        assertThrows(IllegalArgumentException.class, () -> WaitMode.choose("nap", 1, 1));
    }

    @Test
    void autoModePollsWhereNetworkPeersOutnumberTheCores() {
        assertEquals(WaitMode.POLL, WaitMode.choose("auto", 3, 2, true), "a network engine's writes ring no doorbell");
        assertEquals(WaitMode.SPIN, WaitMode.choose("auto", 2, 2, true));
        assertEquals(Futex.available() ? WaitMode.SLEEP : WaitMode.POLL, WaitMode.choose("auto", 3, 2, false));
        assertEquals(Futex.available() ? WaitMode.SLEEP : WaitMode.POLL, WaitMode.choose("sleep", 3, 2, true),
                "an explicit sleep is kept");
        assertEquals(WaitMode.SPIN, WaitMode.choose("spin", 8, 2, true));
    }
}
