package io.jshmem.runtime;

import io.jshmem.config.Settings;
import io.jshmem.error.ShmemArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SHMEM_INSTANCE_PORT_RANGE: a rendezvous URL of port 0 gets start + instance id. */
@Timeout(30)
class DerivedSessionTest {
    private static final Settings RANGE = Settings.of(Map.of("SHMEM_INSTANCE_PORT_RANGE", "40000:40010"));

    @Test
    void portZeroTakesItsPortFromTheRange() {
        assertEquals("tcp://127.0.0.1:40003", DerivedSession.urlForInstance("tcp://127.0.0.1:0", 3, RANGE));
        assertEquals("tcp6://[::1]:40010", DerivedSession.urlForInstance("tcp6://[::1]:0", 10, RANGE));
        assertEquals("tcp://h:5000", DerivedSession.urlForInstance("tcp://h:5000", 3, RANGE));
    }

    @Test
    void badRangesAreRejected() {
        ShmemArgumentException missing = assertThrows(ShmemArgumentException.class,
                () -> DerivedSession.urlForInstance("tcp://h:0", 1, Settings.of(Map.of())));
        assertTrue(missing.getMessage().contains("SHMEM_INSTANCE_PORT_RANGE is not set"), missing.getMessage());
        ShmemArgumentException tooBig = assertThrows(ShmemArgumentException.class,
                () -> DerivedSession.urlForInstance("tcp://h:0", 11, RANGE));
        assertTrue(tooBig.getMessage().contains("valid instance ids are 0..10"), tooBig.getMessage());
        for (String bad : new String[] {"x", "1000:2000", "5000:4000", "5000"}) {
            assertThrows(ShmemArgumentException.class, () -> DerivedSession.urlForInstance("tcp://h:0", 0,
                    Settings.of(Map.of("SHMEM_INSTANCE_PORT_RANGE", bad))), bad);
        }
    }
}
