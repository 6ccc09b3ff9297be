package io.jshmem.comm;

import io.jshmem.error.ShmemTimeoutException;
import io.jshmem.spi.WaitProgress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A wait whose write arrives only through the network engine's progress ({@link WaitProgress}) completes because the
 * waiting thread itself progresses the engine, in spin and in poll mode, bracketed by begin and end; without the
 * engine hook the same wait times out (nobody else delivers). A fake engine stands for UCX: its progress call
 * "delivers" the awaited word after a number of calls.
 */
class WaitProgressTest {
    /** Delivers (sets the flag) on its {@code deliverAt}-th progress call; counts begin/end. */
    private static final class FakeEngine implements WaitProgress {
        final int deliverAt;
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger inside = new AtomicInteger();
        int begins;
        int ends;
        volatile boolean delivered;
        boolean progressedOutsideWait;

        FakeEngine(int deliverAt) {
            this.deliverAt = deliverAt;
        }

        @Override
        public void begin() {
            begins++;
            inside.incrementAndGet();
        }

        @Override
        public void progress() {
            if (inside.get() != 1) {
                progressedOutsideWait = true;
            }
            if (calls.incrementAndGet() >= deliverAt) {
                delivered = true;
            }
        }

        @Override
        public void end() {
            ends++;
            inside.decrementAndGet();
        }
    }

    @Test
    @Timeout(30)
    void spinningWaiterDeliversThroughTheEngine() {
        FakeEngine engine = new FakeEngine(5_000);
        WaitLoop loop = new WaitLoop(4000, Duration.ofSeconds(10), new FailureState(), WaitMode.SPIN, null, 0, 0,
                engine);
        loop.await(() -> engine.delivered, () -> "fake network word", java.util.List::of);
        assertTrue(engine.delivered);
        assertTrue(engine.calls.get() >= 5_000, "progress calls: " + engine.calls.get());
        assertEquals(1, engine.begins, "one begin per wait");
        assertEquals(1, engine.ends, "one end per wait");
        assertTrue(!engine.progressedOutsideWait, "progress only between begin and end");
        // The plain polls before backOff are cut short when an engine needs progress.
        assertTrue(loop.spins() <= 64, "spins before backOff: " + loop.spins());
    }

    @Test
    @Timeout(30)
    void pollingWaiterDeliversThroughTheEngine() {
        FakeEngine engine = new FakeEngine(300);
        WaitLoop loop = new WaitLoop(16, Duration.ofSeconds(10), new FailureState(), WaitMode.POLL, null, 0, 0,
                engine);
        loop.await(() -> engine.delivered, () -> "fake network word", java.util.List::of);
        assertTrue(engine.delivered);
        assertEquals(1, engine.begins);
        assertEquals(1, engine.ends);
    }

    @Test
    @Timeout(30)
    void withoutTheHookNobodyDeliversAndTheDeadlineFires() {
        FakeEngine engine = new FakeEngine(1);
        WaitLoop loop = new WaitLoop(16, Duration.ofMillis(300), new FailureState(), WaitMode.SPIN, null, 0, 0,
                null);
        assertThrows(ShmemTimeoutException.class,
                () -> loop.await(() -> engine.delivered, () -> "fake network word", java.util.List::of));
        assertEquals(0, engine.calls.get());
    }

    @Test
    @Timeout(30)
    void endRunsWhenTheWaitTimesOut() {
        FakeEngine engine = new FakeEngine(Integer.MAX_VALUE);
        WaitLoop loop = new WaitLoop(16, Duration.ofMillis(200), new FailureState(), WaitMode.SPIN, null, 0, 0,
                engine);
        assertThrows(ShmemTimeoutException.class,
                () -> loop.await(() -> engine.delivered, () -> "fake network word", java.util.List::of));
        assertEquals(1, engine.begins);
        assertEquals(1, engine.ends, "end in a finally block: the progress thread must not stay parked");
    }
}
