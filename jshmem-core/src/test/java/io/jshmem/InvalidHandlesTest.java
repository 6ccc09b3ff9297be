package io.jshmem;

import io.jshmem.error.ShmemArgumentException;
import io.jshmem.error.ShmemStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SHMEM_CTX_INVALID and its team: the no-ops 1.6 defines, a clear exception for everything else. */
class InvalidHandlesTest {
    @Test
    @Timeout(10)
    void invalidContextDoesWhatTheSpecSaysAndRejectsTheRest() {
        Context bad = Context.INVALID;
        bad.quiet();
        bad.fence();
        bad.close();
        bad.sessionStart(Context.SESSION_BATCH, null, 0);
        bad.sessionStop();
        assertFalse(bad.inSession());
        assertFalse(bad.isDestroyed());
        assertTrue(bad.options().isEmpty());
        assertSame(bad, Context.INVALID);
        assertEquals(bad, Context.INVALID);
        ShmemStateException e = assertThrows(ShmemStateException.class,
                () -> bad.p(ValueLayout.JAVA_INT, null, 0, 1, 0));
        assertTrue(e.getMessage().contains("SHMEM_CTX_INVALID") && e.getMessage().contains(" p "), e.getMessage());
        assertThrows(ShmemStateException.class, bad::myPe);
        assertThrows(ShmemStateException.class, () -> bad.peQuiet(0));
        Team t = bad.team();
        assertFalse(t.isValid());
        assertEquals(-1, t.myPe());
        assertEquals(-1, t.nPes());
        assertEquals(-1, t.translatePe(0, t));
        assertSame(Context.INVALID, t.createCtx());
        t.destroy();
        assertTrue(assertThrows(ShmemArgumentException.class, t::sync).getMessage().contains("TEAM_INVALID"));
        assertTrue(t.toString().contains("TEAM_INVALID") && bad.toString().contains("SHMEM_CTX_INVALID"));
    }

    @Test
    @Timeout(10)
    void sessionConfigDefaultIsSizeMax() {
        assertEquals(-1L, SessionConfig.DEFAULT.totalOps());
        assertTrue(SessionConfig.DEFAULT.toString().contains("SIZE_MAX"));
        assertEquals(1L, SessionConfig.TOTAL_OPS);
        assertEquals(1L, Context.SESSION_BATCH);
    }
}
