package io.jshmem.runtime;

import io.jshmem.ProfFrame;
import io.jshmem.config.Settings;
import io.jshmem.config.ShmemLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Host-operation profiling under pcontrol levels, without JFR (this JVM starts no recording), and the
 * texts of SHMEM_VERSION / SHMEM_INFO and the values SHMEM_DEBUG accepts.
 */
@Timeout(30)
class HostProfileTest {
    @AfterEach
    void restoreDefaultLevel() {
        Profiler.pcontrol(1);
    }

    private static Profiler profiled() {
        return Profiler.fromSettings(Settings.of(Map.of("SHMEM_CYCLE_PROF_PE", "0")), 0, 1);
    }

    @Test
    void recordsOnlyWhileEnabledAndOnlyOnProfiledPes() throws Exception {
        Profiler p = profiled();
        HostProfile host = new HostProfile(p);
        HostProfile.end(host.begin(), ProfFrame.PUT, "putmem", 0, 8);
        HostProfile.end(host.begin(), ProfFrame.AMO, "FETCH_ADD", 0, 8);
        for (int level : new int[] {0, -1, Integer.MIN_VALUE}) {
            Profiler.pcontrol(level);
            assertNull(host.begin(), "nothing records at level " + level);
            assertFalse(p.recording(), "recording at level " + level);
            p.record(p.threadBlock(), ProfFrame.GET.id(), 5); // stream and user-scope records stop too
        }
        Profiler.pcontrol(2);
        HostProfile.end(host.begin(), ProfFrame.PUT, "p", 0, 8);
        Profiler.Snapshot s = p.snapshot();
        int block = p.threadBlock();
        assertEquals(2, s.counts()[block * Profiler.MAX_FRAMES + ProfFrame.PUT.id()]);
        assertEquals(1, s.counts()[block * Profiler.MAX_FRAMES + ProfFrame.AMO.id()]);
        assertEquals(0, s.counts()[block * Profiler.MAX_FRAMES + ProfFrame.GET.id()]);
        assertTrue(ProfFrame.COLLECTIVE.id() < ProfFrame.FIRST_USER_FRAME, "jshmem's frames stay below user frames");

        HostProfile unprofiled = new HostProfile(Profiler.off(0));
        assertNull(unprofiled.begin(), "an unprofiled PE without JFR records nothing");

        AtomicReference<HostProfile.Span> fromExcluded = new AtomicReference<>();
        Thread t = new Thread(() -> {
            HostProfile.excludeCurrentThread();
            fromExcluded.set(host.begin());
        });
        t.start();
        t.join();
        assertNull(fromExcluded.get(), "a stream worker's operations are not recorded as host operations");
        assertNotNull(host.begin(), "other threads still record");
    }

    @Test
    void versionAndInfoTexts() {
        assertEquals("SHMEM_VERSION: jshmem 0.1.0 (OpenSHMEM 1.6, CANN SHMEM 1.1 extensions)",
                StartupBanner.versionText());
        String info = StartupBanner.infoText(Settings.of(Map.of("SHMEM_INFO", "1", "JSHMEM_SECRET", "s3cret")));
        assertTrue(info.startsWith("SHMEM_INFO: jshmem 0.1.0"), info);
        assertTrue(info.contains("  SHMEM_INFO = '1' (environment SHMEM_INFO)\n"), info);
        assertTrue(info.contains("  SHMEM_SYMMETRIC_SIZE = '256m' (default)\n"), info);
        assertTrue(info.contains("  JSHMEM_SECRET = '<set, hidden>'"), info);
        assertFalse(info.contains("s3cret"), "the secret is never printed");
    }

    @Test
    void debugValues() {
        for (String on : new String[] {"1", "yes", "true", "anything"}) {
            assertTrue(ShmemLog.debugRequested(on), on);
        }
        for (String off : new String[] {null, "", " ", "0", "false", "NO", "off"}) {
            assertFalse(ShmemLog.debugRequested(off), String.valueOf(off));
        }
    }
}
