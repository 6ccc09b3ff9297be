package io.jshmem.comm;

import io.jshmem.error.PeFailedException;
import io.jshmem.spi.AmoOp;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The routing point fails every operation on a PE known dead, and quiet/fence once any PE is. */
class DeadTargetCommTest {
    @Test
    void operationsOnADeadPeFailNamingIt() {
        try (InProcessPes pes = new InProcessPes(3, Duration.ofSeconds(5))) {
            Comm c = pes.comms[0];
            MemorySegment buf = MemorySegment.ofArray(new long[8]);
            c.put(2, 0, buf, 0, 8);
            c.quiet();
            c.waitLoop().failures().peerLost(2, "killed");
            for (Runnable op : new Runnable[] {
                () -> c.put(2, 0, buf, 0, 8),
                () -> c.putNbi(2, 0, buf, 0, 8),
                () -> c.get(2, 0, buf, 0, 8),
                () -> c.getNbi(2, 0, buf, 0, 8),
                () -> c.getScalarLong(2, 0),
                () -> c.putLongRelease(2, 0, 1),
                () -> c.atomicLong(AmoOp.FETCH_ADD, 2, 0, 1, 0),
                () -> c.putSignal(2, 0, buf, 0, 8, 64, 1, true),
                c::quiet,
                c::fence,
                () -> c.quiet(new int[] {2}),
                () -> c.contextView().quiet()}) {
                PeFailedException e = assertThrows(PeFailedException.class, op::run);
                assertEquals(2, e.failedPe());
                assertTrue(e.getMessage().contains("PE 2 failed: killed"), e.getMessage());
            }
            // Live PEs stay usable for point-to-point work, so survivors can report and save state.
            c.put(1, 0, buf, 0, 8);
            c.get(1, 0, buf, 0, 8);
            c.quiet(new int[] {1});
        }
    }

    @Test
    void lostRendezvousFailsEveryTarget() {
        try (InProcessPes pes = new InProcessPes(2, Duration.ofSeconds(5))) {
            Comm c = pes.comms[0];
            c.waitLoop().failures().rendezvousLost(FailureState.RENDEZVOUS, "launcher died");
            PeFailedException e = assertThrows(PeFailedException.class,
                    () -> c.put(1, 0, MemorySegment.ofArray(new long[1]), 0, 8));
            assertEquals(-1, e.failedPe());
            assertTrue(e.getMessage().contains("launcher died"), e.getMessage());
        }
    }
}
