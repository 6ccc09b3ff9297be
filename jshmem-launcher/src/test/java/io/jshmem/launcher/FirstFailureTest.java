package io.jshmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jshmem.launcher.FirstFailure.Failure;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class FirstFailureTest {
    static final long T = 1_000_000_000L;

    @Test
    void successfulExitsAreNoFailure() {
        FirstFailure f = new FirstFailure(2);
        f.exited(0, 0, false);
        f.exited(1, 0, false);
        f.tick(T);
        assertNull(f.get());
    }

    @Test
    void firstNonZeroExitWins() {
        FirstFailure f = new FirstFailure(3);
        f.exited(2, 137, false);
        f.exited(0, 1, false);
        assertEquals(new Failure(2, "killed by signal 9 (exit 137)", 137), f.get());
    }

    @Test
    void aLostConnectionWaitsForTheExitThatExplainsIt() {
        FirstFailure f = new FirstFailure(3);
        f.lost(1, "closed", T, false);
        assertNull(f.get(), "held back");
        assertEquals(T + FirstFailure.LOST_TO_EXIT_NANOS, f.wakeAt());
        f.exited(0, 1, false); // a PE that failed because of PE 1 comes second
        f.exited(1, 137, false);
        assertEquals(new Failure(1, "killed by signal 9 (exit 137)", 137), f.get());
        assertEquals(Long.MAX_VALUE, f.wakeAt());
    }

    @Test
    void aLostConnectionWithExitZeroIsAFailureWithStatusOne() {
        FirstFailure f = new FirstFailure(2);
        f.exited(1, 0, false);
        f.lost(1, "closed", T, false);
        assertEquals(1, f.get().pe());
        assertEquals(1, f.get().code());
        assertEquals(true, f.get().why().contains("without closing its rendezvous connection"));
    }

    @Test
    void aLostConnectionOfALivePeSettlesAfterTheHoldBack() {
        FirstFailure f = new FirstFailure(2);
        f.lost(0, "reset", T, false);
        f.tick(T + FirstFailure.LOST_TO_EXIT_NANOS - 1);
        assertNull(f.get());
        f.tick(T + FirstFailure.LOST_TO_EXIT_NANOS);
        assertEquals(new Failure(0, "lost its rendezvous connection without goodbye (reset) and is still running", 1),
                f.get());
    }

    @Test
    void globalExitGivesItsStatusEvenZero() {
        FirstFailure f = new FirstFailure(2);
        f.aborted(1, 0, "done early", false);
        f.exited(1, 0, false);
        f.exited(0, 137, false);
        assertEquals(new Failure(1, "called globalExit(0): done early", 0), f.get());
    }

    @Test
    void whatTheLauncherCausesIsNoFailure() {
        FirstFailure f = new FirstFailure(2);
        f.exited(0, 137, true);
        f.lost(1, "x", T, true);
        f.aborted(1, 3, "x", true);
        f.tick(2 * T);
        assertNull(f.get());
    }
}
